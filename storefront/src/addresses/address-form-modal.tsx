import { addressFieldsSchema, type AddressFields, type PostOffice } from '@mandi/contracts';
import {
  ADDRESS_FIELDS,
  ADDRESS_LIMITS,
  ADDRESS_MESSAGES,
  addressFieldsOf,
  checkAddressLimit,
  isValidPincode,
  type AddressField,
  type AddressInput,
} from '@mandi/domain';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { ApiError } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { usePopup } from '../ui/confirm-dialog';
import { Modal } from '../ui/modal';
import { useSingleFlight } from '../ui/use-single-flight';
import { addressMessageText, type SavedAddress } from './address';
import { createAddress, updateAddress, useRefreshAddresses } from './address-queries';
import styles from './addresses.module.css';
import { areaSuggestions, lookupPincode } from './pincode-lookup';

type TextKey = AddressField;

/** The form's values: every field as typed, the default flag as a checkbox. */
type FormValues = AddressInput & { is_default: boolean };

/** Each field's problem, in English as the contract's schema or the server gave it (shown in the visitor's language). */
type Errors = Partial<Record<TextKey, string>>;

/** Where the last PIN code lookup stands, and for which PIN code. */
type Lookup =
  | { status: 'idle' }
  | { status: 'loading' | 'not-found' | 'failed'; pincode: string }
  | { status: 'found'; pincode: string; offices: PostOffice[] };

/** Add a new address, or edit a saved one. */
export type AddressFormMode = { kind: 'add' } | { kind: 'edit'; address: SavedAddress };

/**
 * The text fields in the order the contract's form schema checks them, which is their order on the screen (the first
 * wrong one takes the focus); the field list itself is libs/domain's ADDRESS_FIELDS, not written again here.
 */
const FIELD_ORDER = (Object.keys(addressFieldsSchema.shape) as (keyof AddressFields)[]).filter(
  (key): key is TextKey => key !== 'is_default',
);

const isField = (key: string): key is TextKey => (FIELD_ORDER as string[]).includes(key);

const EMPTY_FIELDS = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as AddressInput;

/** A saved address's fields to edit, or empty fields (the first address of a user is the default). */
function initialValues(mode: AddressFormMode, firstAddress: boolean): FormValues {
  if (mode.kind === 'edit')
    return { ...addressFieldsOf(mode.address), is_default: Number(mode.address.is_default) === 1 };
  return { ...EMPTY_FIELDS, is_default: firstAddress };
}

/** True when the server's answer is the 10-address limit, however it split the spec's 'title: text'. */
function isAddressLimit(error: ApiError): boolean {
  const { title, text } = ADDRESS_MESSAGES.maxAddressesReached;
  const fields = (error.body as { fields?: Record<string, string> } | null)?.fields ?? {};
  return [error.serverMessage ?? '', ...Object.values(fields)].some(
    (message) => message.includes(text) || message.startsWith(title),
  );
}

/** The server's field messages for the form's own fields. */
function serverFieldErrors(error: ApiError): Errors {
  const fields = (error.body as { fields?: Record<string, unknown> } | null)?.fields;
  const found: Errors = {};
  if (!fields || typeof fields !== 'object') return found;
  for (const [key, message] of Object.entries(fields)) {
    if (isField(key) && typeof message === 'string') found[key] = message;
  }
  return found;
}

/**
 * The address form of docs/addresses.md in a modal: the fields with the contract's rules (messages under each
 * field), a PIN code lookup that fills State, District and Taluk and suggests the area (on 'Get Address' and as soon
 * as 6 digits are typed), no submission until the lookup succeeded for the PIN code in the field, and the server's
 * answer shown in the form: field messages under their fields, the 10-address limit as its popup, anything else as a
 * short message (docs/decisions.md: the earlier client only logged it).
 */
export function AddressFormModal({
  mode,
  userId,
  addressCount,
  onClose,
  onSaved,
}: {
  mode: AddressFormMode;
  userId: string;
  /** How many active addresses the user has (for the 10-address limit). */
  addressCount: number;
  onClose(): void;
  /** Called with the saved address (its id at least) after a successful save. */
  onSaved(address: Pick<SavedAddress, 'id'> & Partial<SavedAddress>): void;
}) {
  const translator = useT();
  const { t } = translator;
  const popup = usePopup();
  const refreshAddresses = useRefreshAddresses(userId);
  const { busy, run } = useSingleFlight();
  const [values, setValues] = useState<FormValues>(() => initialValues(mode, addressCount === 0));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const latestLookup = useRef('');
  const getAddressRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const idOf = (key: string) => `${formId}-${key}`;
  const title = mode.kind === 'add' ? t('addresses.addNew') : t('addresses.form.editTitle');

  const limitPopup = { title: t('addresses.limit.title'), text: t('addresses.limit.text') };
  const verified = lookup.status === 'found' && lookup.pincode === values.pincode;
  const fetching = lookup.status === 'loading' && lookup.pincode === values.pincode;
  const suggestions = lookup.status === 'found' ? areaSuggestions(lookup.offices) : [];

  const runLookup = async (pincode: string, fill: boolean, silent = false) => {
    latestLookup.current = pincode;
    setLookup({ status: 'loading', pincode });
    const found = await lookupPincode(pincode, { silent });
    if (latestLookup.current !== pincode) return; // the PIN code changed while this one was looked up
    if (found.kind !== 'found') {
      setLookup({ status: found.kind, pincode });
      return;
    }
    setLookup({ status: 'found', pincode, offices: found.offices });
    if (!fill) return;
    // State and District from the first post office; the taluk is its Block (docs/addresses.md).
    const first = found.offices[0]!;
    setValues((current) => ({ ...current, state: first.State, district: first.District, taluk: first.Block }));
    setErrors(({ pincode: _pincode, state: _state, district: _district, taluk: _taluk, ...rest }) => rest);
  };

  // A saved address was looked up when it was made: check its PIN code again quietly, so it can be saved unchanged
  // and its area suggestions are there, without overwriting what the buyer chose.
  const editedPincode = mode.kind === 'edit' ? mode.address.pincode : null;
  useEffect(() => {
    if (editedPincode && isValidPincode(editedPincode)) void runLookup(editedPincode, false, true);
    // Once, for the address the modal opened with.
  }, []);

  const setText = (key: TextKey) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    setFormError(null);
  };

  const onMobile = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '').slice(0, 10);
    setValues((current) => ({ ...current, mobile: digits }));
    if (errors.mobile) setErrors(({ mobile: _gone, ...rest }) => rest);
  };

  const onPincode = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
    setValues((current) => ({ ...current, pincode: digits }));
    if (errors.pincode) setErrors(({ pincode: _gone, ...rest }) => rest);
    if (digits.length === 6 && digits !== latestLookup.current) void runLookup(digits, true);
    if (digits.length < 6 && lookup.status !== 'idle') {
      latestLookup.current = '';
      setLookup({ status: 'idle' });
    }
  };

  const onGetAddress = () => {
    if (!isValidPincode(values.pincode)) {
      setErrors((current) => ({ ...current, pincode: ADDRESS_MESSAGES.invalidPincode }));
      document.getElementById(idOf('pincode'))?.focus();
      return;
    }
    void runLookup(values.pincode, true);
  };

  const focusField = (key: TextKey) => document.getElementById(idOf(key))?.focus();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setFormError(null);
      const parsed = addressFieldsSchema.safeParse({ ...values, is_default: values.is_default ? 1 : 0 });
      const found: Errors = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? '');
          if (isField(key)) found[key] ??= issue.message;
        }
      }
      setErrors(found);
      if (!found.pincode && !verified) {
        await popup({
          title: t('addresses.form.pincodeNotVerified.title'),
          text: t('addresses.form.pincodeNotVerified.text'),
        });
        getAddressRef.current?.focus();
        return;
      }
      const firstWrong = FIELD_ORDER.find((key) => found[key]);
      if (firstWrong || !parsed.success) {
        if (firstWrong) focusField(firstWrong);
        return;
      }
      if (mode.kind === 'add' && checkAddressLimit(addressCount)) {
        await popup(limitPopup);
        return;
      }

      let saved: Pick<SavedAddress, 'id'> & Partial<SavedAddress>;
      try {
        if (mode.kind === 'add') {
          saved = await createAddress(userId, parsed.data);
        } else {
          const answer = await updateAddress(mode.address.id, parsed.data);
          saved = answer && typeof answer === 'object' && 'id' in answer ? answer : { ...mode.address, ...parsed.data };
        }
      } catch (error) {
        if (error instanceof ApiError && isAddressLimit(error)) {
          await popup(limitPopup);
          return;
        }
        if (error instanceof ApiError && error.statusCode < 500) {
          const fromServer = serverFieldErrors(error);
          setErrors(fromServer);
          const wrong = FIELD_ORDER.find((key) => fromServer[key]);
          if (wrong) focusField(wrong);
          else setFormError(error.serverMessage ?? ADDRESS_MESSAGES.saveFailed);
          return;
        }
        // A network failure or a fault of ours: say so (docs/decisions.md), the form keeps what was typed.
        setFormError(ADDRESS_MESSAGES.saveFailed);
        return;
      }
      await refreshAddresses();
      onSaved(saved);
    });
  };

  const problemText = (message: string) => addressMessageText(translator, message);

  const field = (key: TextKey, label: string, input: InputHTMLAttributes<HTMLInputElement> = {}, extra?: ReactNode) => (
    <div className={`field ${styles.field}`}>
      <label htmlFor={idOf(key)}>{label}</label>
      <input
        id={idOf(key)}
        name={key}
        value={values[key]}
        onChange={setText(key)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${idOf(key)}-error` : undefined}
        {...input}
      />
      {extra}
      {errors[key] && (
        <span id={`${idOf(key)}-error`} className="field-error">
          {problemText(errors[key])}
        </span>
      )}
    </div>
  );

  const pincodeHint = (() => {
    if (lookup.status === 'idle' || lookup.pincode !== values.pincode || errors.pincode) return null;
    if (lookup.status === 'not-found')
      return <span className="field-error">{t('addresses.problem.pincodeNotFound')}</span>;
    if (lookup.status === 'failed') return <span className="field-error">{t('addresses.form.lookupFailed')}</span>;
    if (lookup.status === 'found') {
      const first = lookup.offices[0]!;
      return (
        <span className={styles.found}>
          ✓ {first.District}, {first.State}
        </span>
      );
    }
    return null;
  })();

  return (
    <Modal
      title={title}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('addresses.form.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? t('addresses.form.saving') : t('addresses.form.save')}
          </button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {formError && (
          <p className={styles.formError} role="alert">
            {problemText(formError)}
          </p>
        )}
        <div className={styles.row}>
          {field('name', t('addresses.form.fullName'), {
            autoComplete: 'name',
            maxLength: ADDRESS_LIMITS.fullNameMax,
            required: true,
          })}
          {field('mobile', t('addresses.form.mobile'), {
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'tel-national',
            maxLength: 10,
            pattern: '[6-9][0-9]{9}',
            required: true,
            onChange: onMobile,
          })}
        </div>

        <div className={`field ${styles.field}`}>
          <label htmlFor={idOf('pincode')}>{t('addresses.form.pincode')}</label>
          <div className={styles.pincodeRow}>
            <input
              id={idOf('pincode')}
              name="pincode"
              value={values.pincode}
              onChange={onPincode}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              pattern="[0-9]{6}"
              required
              aria-invalid={errors.pincode || lookup.status === 'not-found' ? true : undefined}
              aria-describedby={[errors.pincode ? `${idOf('pincode')}-error` : null, `${idOf('pincode')}-status`]
                .filter(Boolean)
                .join(' ')}
            />
            <button
              ref={getAddressRef}
              type="button"
              className="btn btn-outline"
              onClick={onGetAddress}
              disabled={fetching}
            >
              {fetching ? t('addresses.form.fetching') : t('addresses.form.getAddress')}
            </button>
          </div>
          {errors.pincode && (
            <span id={`${idOf('pincode')}-error`} className="field-error">
              {problemText(errors.pincode)}
            </span>
          )}
          <span id={`${idOf('pincode')}-status`} aria-live="polite" className={styles.status}>
            {pincodeHint}
          </span>
        </div>

        <div className={styles.row3}>
          {field('state', t('addresses.form.state'), {
            autoComplete: 'address-level1',
            maxLength: 100,
            required: true,
          })}
          {field('district', t('addresses.form.district'), {
            autoComplete: 'address-level2',
            maxLength: 100,
            required: true,
          })}
          {field('taluk', t('addresses.form.taluk'), { maxLength: 100, required: true })}
        </div>

        {field('flat_house_building', t('addresses.form.flat'), {
          autoComplete: 'address-line1',
          maxLength: ADDRESS_LIMITS.flatHouseBuildingMax,
          required: true,
        })}
        {field(
          'area_or_street_or_village',
          t('addresses.form.area'),
          {
            autoComplete: 'address-line2',
            maxLength: 255,
            required: true,
            list: suggestions.length > 0 ? `${formId}-areas` : undefined,
          },
          suggestions.length > 0 && (
            <datalist id={`${formId}-areas`}>
              {suggestions.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          ),
        )}
        {field('landmark', t('addresses.form.landmark'), { maxLength: ADDRESS_LIMITS.landmarkMax, required: true })}

        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="is_default"
            checked={values.is_default}
            onChange={(event) => setValues((current) => ({ ...current, is_default: event.target.checked }))}
          />
          {t('addresses.form.default')}
        </label>
      </form>
    </Modal>
  );
}

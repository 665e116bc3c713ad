import { addressFormSchema, type PostOffice } from '@mandi/contracts';
import {
  ADDRESS_FIELDS,
  ADDRESS_LIMITS,
  ADDRESS_MESSAGES,
  isValidPincode,
  type AddressField,
  type AddressInput,
} from '@mandi/domain';
import {
  useCallback,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { useT } from '../i18n/i18n';
import styles from './addresses.module.css';
import { areaSuggestions, lookupPincode } from './pincode-lookup';

/*
 * The address fields of docs/addresses.md, as the buyer's address form and a seller's pickup address (the seller
 * dashboard's business profile) both show them: name and mobile, the PIN code with its lookup that fills State,
 * District and Taluk and suggests the area, then the street. The form around them owns the submit, the other fields
 * and what it does with the server's answer.
 */

/** Each field's problem, in English as the rules or the server gave it (shown in the visitor's language). */
export type AddressErrors = Partial<Record<AddressField, string>>;

/** Where the last PIN code lookup stands, and for which PIN code. */
export type PincodeLookupState =
  | { status: 'idle' }
  | { status: 'loading' | 'not-found' | 'failed'; pincode: string }
  | { status: 'found'; pincode: string; offices: PostOffice[] };

/**
 * The address fields in the order the contract's form schema checks them, which is their order on the screen (the
 * first wrong one takes the focus); the field list itself is libs/domain's ADDRESS_FIELDS, not written again here.
 */
export const ADDRESS_FORM_ORDER = Object.keys(addressFormSchema.shape) as AddressField[];

/** An address with every field empty: a new form. */
export const EMPTY_ADDRESS = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as AddressInput;

/** Whether `key` names one of the address fields. */
export const isAddressField = (key: string): key is AddressField => (ADDRESS_FORM_ORDER as string[]).includes(key);

/** The server's field messages (`fields` of a 400) for the address fields, each under `prefix` + its name. */
export function addressErrorsOf(fields: Record<string, unknown> | null | undefined, prefix = ''): AddressErrors {
  const found: AddressErrors = {};
  if (!fields || typeof fields !== 'object') return found;
  for (const [key, message] of Object.entries(fields)) {
    if (!key.startsWith(prefix) || typeof message !== 'string') continue;
    const field = key.slice(prefix.length);
    if (isAddressField(field)) found[field] = message;
  }
  return found;
}

/** The state of the address fields: their values, their problems and the PIN code lookup. */
export interface AddressFieldsState {
  values: AddressInput;
  errors: AddressErrors;
  setErrors(errors: AddressErrors | ((current: AddressErrors) => AddressErrors)): void;
  lookup: PincodeLookupState;
  /** The lookup found the PIN code now in the field. */
  verified: boolean;
  /** The lookup of the PIN code now in the field is under way. */
  fetching: boolean;
  /**
   * Looks `pincode` up; `fill` puts the first post office's State, District and Block (the taluk) in the fields,
   * `silent` keeps the loading overlay down (a saved PIN code checked again in the background).
   */
  runLookup(pincode: string, fill: boolean, silent?: boolean): Promise<void>;
  /** A field as typed: mobile and PIN code keep their digits only, and 6 digits of PIN code are looked up. */
  change(key: AddressField, typed: string): void;
}

/** The address fields' state, starting from `initial`. */
export function useAddressFields(initial: AddressInput): AddressFieldsState {
  const [values, setValues] = useState<AddressInput>(initial);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [lookup, setLookup] = useState<PincodeLookupState>({ status: 'idle' });
  const latestLookup = useRef('');

  const runLookup = useCallback(async (pincode: string, fill: boolean, silent = false) => {
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
  }, []);

  const change = (key: AddressField, typed: string) => {
    const value =
      key === 'mobile'
        ? typed.replace(/\D/g, '').slice(0, 10)
        : key === 'pincode'
          ? typed.replace(/\D/g, '').slice(0, 6)
          : typed;
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    if (key !== 'pincode') return;
    if (value.length === 6 && value !== latestLookup.current) void runLookup(value, true);
    if (value.length < 6 && lookup.status !== 'idle') {
      latestLookup.current = '';
      setLookup({ status: 'idle' });
    }
  };

  return {
    values,
    errors,
    setErrors,
    lookup,
    verified: lookup.status === 'found' && lookup.pincode === values.pincode,
    fetching: lookup.status === 'loading' && lookup.pincode === values.pincode,
    runLookup,
    change,
  };
}

/**
 * The address inputs of docs/addresses.md, each labelled, with its problem under it: name and mobile, the PIN code
 * with 'Get Address' and the lookup's answer, State, District and Taluk, then the street. `idOf` gives each input its
 * id (the form focuses the first wrong one by it); `problemText` says a problem in the visitor's language.
 */
export function AddressFields({
  fields,
  idOf,
  problemText,
  getAddressRef,
  onEdit,
}: {
  fields: AddressFieldsState;
  idOf(key: AddressField): string;
  problemText(message: string): string;
  /** The 'Get Address' button, for a form that sends the focus there. */
  getAddressRef?: RefObject<HTMLButtonElement | null>;
  /** Called on every change of a field (a form clears its own message). */
  onEdit?(): void;
}) {
  const { t } = useT();
  const { values, errors, lookup, fetching } = fields;
  const suggestions = lookup.status === 'found' ? areaSuggestions(lookup.offices) : [];
  const areasId = `${idOf('area_or_street_or_village')}-areas`;
  const pincodeId = idOf('pincode');

  const onChange = (key: AddressField) => (event: ChangeEvent<HTMLInputElement>) => {
    fields.change(key, event.target.value);
    onEdit?.();
  };

  const onGetAddress = () => {
    if (!isValidPincode(values.pincode)) {
      fields.setErrors((current) => ({ ...current, pincode: ADDRESS_MESSAGES.invalidPincode }));
      document.getElementById(pincodeId)?.focus();
      return;
    }
    void fields.runLookup(values.pincode, true);
  };

  const field = (
    key: AddressField,
    label: string,
    input: InputHTMLAttributes<HTMLInputElement> = {},
    extra?: ReactNode,
  ) => (
    <div className={`field ${styles.field}`}>
      <label htmlFor={idOf(key)}>{label}</label>
      <input
        id={idOf(key)}
        name={key}
        value={values[key]}
        onChange={onChange(key)}
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
    <>
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
        })}
      </div>

      <div className={`field ${styles.field}`}>
        <label htmlFor={pincodeId}>{t('addresses.form.pincode')}</label>
        <div className={styles.pincodeRow}>
          <input
            id={pincodeId}
            name="pincode"
            value={values.pincode}
            onChange={onChange('pincode')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            pattern="[0-9]{6}"
            required
            aria-invalid={errors.pincode || lookup.status === 'not-found' ? true : undefined}
            aria-describedby={[errors.pincode ? `${pincodeId}-error` : null, `${pincodeId}-status`]
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
          <span id={`${pincodeId}-error`} className="field-error">
            {problemText(errors.pincode)}
          </span>
        )}
        <span id={`${pincodeId}-status`} aria-live="polite" className={styles.status}>
          {pincodeHint}
        </span>
      </div>

      <div className={styles.row3}>
        {field('state', t('addresses.form.state'), {
          autoComplete: 'address-level1',
          maxLength: ADDRESS_LIMITS.placeNameMax,
          required: true,
        })}
        {field('district', t('addresses.form.district'), {
          autoComplete: 'address-level2',
          maxLength: ADDRESS_LIMITS.placeNameMax,
          required: true,
        })}
        {field('taluk', t('addresses.form.taluk'), { maxLength: ADDRESS_LIMITS.placeNameMax, required: true })}
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
          maxLength: ADDRESS_LIMITS.areaOrStreetOrVillageMax,
          required: true,
          list: suggestions.length > 0 ? areasId : undefined,
        },
        suggestions.length > 0 && (
          <datalist id={areasId}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        ),
      )}
      {field('landmark', t('addresses.form.landmark'), { maxLength: ADDRESS_LIMITS.landmarkMax, required: true })}
    </>
  );
}

import type { SellerProfile } from '@mandi/contracts';
import {
  ADDRESS_FIELDS,
  ADDRESS_MESSAGES,
  BUSINESS_KIND_NAMES,
  IFSC_PATTERN,
  SELLER_PROFILE_LIMITS,
  SELLER_PROFILE_MESSAGES,
  addressFieldsOf,
  isValidPincode,
  sellerProfileProblems,
  tidyIdentifier,
  tidySellerProfile,
  type AddressField,
  type AddressInput,
  type BusinessKind,
  type SellerProfileInput,
} from '@mandi/domain';
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  ADDRESS_FORM_ORDER,
  AddressFields,
  EMPTY_ADDRESS,
  addressErrorsOf,
  useAddressFields,
  type AddressErrors,
} from '../addresses/address-fields';
import addressStyles from '../addresses/addresses.module.css';
import { ApiError } from '../api/api-fetch';
import { useOfflineNotice } from '../api/use-offline-notice';
import { useT } from '../i18n/i18n';
import { useSingleFlight } from '../ui/use-single-flight';
import styles from './business-profile.module.css';
import { businessKindLabels, sellerProfileMessageText } from './business-profile-texts';
import { useIfscLookup, useSaveSellerProfile } from './seller-dashboard-queries';

/** The profile's own fields (the pickup address is the address fields'). */
type OwnField = Exclude<keyof SellerProfileInput, 'pickup_address'>;

type OwnValues = Omit<SellerProfileInput, 'pickup_address'>;

/** Each own field's problem, in English as the rules or the server gave it. */
type OwnErrors = Partial<Record<OwnField, string>>;

/** The prefix of the pickup address's fields in the API's field names ('pickup_address.pincode'). */
const PICKUP = 'pickup_address.';

const OWN_FIELDS = [
  'legal_name',
  'business_kind',
  'pan',
  'gstin',
  'fssai_number',
  'bank_account_holder',
  'bank_account_number',
  'ifsc',
] as const satisfies readonly OwnField[];

const isOwnField = (key: string): key is OwnField => (OWN_FIELDS as readonly string[]).includes(key);

/** Every field in its order on the screen, as the API names it: the first wrong one takes the focus. */
const FORM_ORDER: string[] = [
  ...OWN_FIELDS.slice(0, 5),
  ...ADDRESS_FORM_ORDER.map((field) => `${PICKUP}${field}`),
  ...OWN_FIELDS.slice(5),
];

/**
 * The longest each identifier is once tidied (an IFSC is 11 characters, a GSTIN 15, an account 18 digits). The
 * inputs have no maxLength: a browser cuts a paste to it before tidying ('ABCPE 1234F' would lose its last letter),
 * so the change handler cuts the tidied value instead.
 */
const LENGTHS = { pan: 10, gstin: 15, fssai_number: 14, bank_account_number: 18, ifsc: 11 } as const;

/** A saved profile's fields to change, or empty fields with the first kind of business chosen. */
function initialValues(profile: SellerProfile | null): OwnValues {
  return {
    legal_name: profile?.legal_name ?? '',
    business_kind: profile?.business_kind ?? BUSINESS_KIND_NAMES[0]!,
    pan: profile?.pan ?? '',
    gstin: profile?.gstin ?? '',
    fssai_number: profile?.fssai_number ?? '',
    bank_account_holder: profile?.bank_account_holder ?? '',
    bank_account_number: profile?.bank_account_number ?? '',
    ifsc: profile?.ifsc ?? '',
  };
}

/** The field messages of a refusal's `fields`, split into the profile's own and the pickup address's. */
function serverErrors(error: ApiError): { own: OwnErrors; address: AddressErrors } {
  const fields = (error.body as { fields?: Record<string, unknown> } | null)?.fields;
  const own: OwnErrors = {};
  if (fields && typeof fields === 'object') {
    for (const [key, message] of Object.entries(fields)) {
      if (isOwnField(key) && typeof message === 'string') own[key] = message;
    }
  }
  return { own, address: addressErrorsOf(fields, PICKUP) };
}

/**
 * The business profile form (issue 31): the business, its pickup address (the address form's fields and PIN code
 * lookup) and the bank account, whose IFSC names its bank as it is typed. The domain's rules are checked before
 * anything is sent; the server's refusals go under their fields (the first one focused), anything else above the form.
 * Sending it puts the profile in review again.
 */
export default function BusinessProfileForm({
  uid,
  profile,
  onCancel,
  onSent,
}: {
  uid: string;
  /** The profile as saved, or null for a first one. */
  profile: SellerProfile | null;
  onCancel(): void;
  onSent(): void;
}) {
  const translator = useT();
  const { t } = translator;
  const save = useSaveSellerProfile(uid);
  const explainOffline = useOfflineNotice();
  const { busy, run } = useSingleFlight();
  const [values, setValues] = useState<OwnValues>(() => initialValues(profile));
  const address = useAddressFields(profile ? addressFieldsOf(profile.pickup_address) : EMPTY_ADDRESS);
  const [errors, setErrors] = useState<OwnErrors>({});
  // A server's text (English, shown in the reader's language), or 'failed' when no answer came.
  const [formError, setFormError] = useState<string | null>(null);
  const formId = useId();
  const idOf = (key: string) => `${formId}-${key}`;
  const addressIdOf = (key: AddressField) => idOf(`${PICKUP}${key}`);
  const kinds = businessKindLabels(t);
  const farmer = values.business_kind === 'individual_farmer';

  // The saved IFSC's bank came with the profile; a new well-formed one is looked up as soon as it is typed.
  const savedIfsc = profile?.ifsc ?? null;
  const ifscWellFormed = IFSC_PATTERN.test(values.ifsc);
  const bank = useIfscLookup(ifscWellFormed && values.ifsc !== savedIfsc ? values.ifsc : null);

  const { runLookup } = address;
  const savedPincode = profile?.pickup_address.pincode ?? null;
  useEffect(() => {
    document.getElementById(idOf('legal_name'))?.focus();
    // The saved pickup PIN code is checked again quietly, for its area suggestions, without changing the fields.
    if (savedPincode && isValidPincode(savedPincode)) void runLookup(savedPincode, false, true);
    // Once, for the profile the form opened with.
  }, []);

  const problemText = (message: string) => sellerProfileMessageText(translator, message);

  const change = (key: OwnField, typed: string) => {
    const value =
      key === 'pan' || key === 'gstin' || key === 'ifsc'
        ? tidyIdentifier(typed).slice(0, LENGTHS[key])
        : key === 'fssai_number' || key === 'bank_account_number'
          ? typed.replace(/\D/g, '').slice(0, LENGTHS[key])
          : typed;
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    setFormError(null);
  };

  const focusFirst = (own: OwnErrors, pickup: AddressErrors): boolean => {
    const first = FORM_ORDER.find((key) =>
      key.startsWith(PICKUP) ? pickup[key.slice(PICKUP.length) as AddressField] : own[key as OwnField],
    );
    if (first) document.getElementById(idOf(first))?.focus();
    return first !== undefined;
  };

  const submit = async () => {
    setFormError(null);
    const pickup = Object.fromEntries(
      ADDRESS_FIELDS.map((field) => [field, address.values[field].trim()]),
    ) as AddressInput;
    const input = tidySellerProfile({ ...values, pickup_address: pickup });

    // The domain's rules, then what the lookups already know: a PIN code or an IFSC that names nothing.
    const own: OwnErrors = {};
    const pickupErrors: AddressErrors = {};
    for (const found of sellerProfileProblems(input)) {
      if (found.field.startsWith(PICKUP)) pickupErrors[found.field.slice(PICKUP.length) as AddressField] ??= found.text;
      else if (isOwnField(found.field)) own[found.field] ??= found.text;
    }
    const { lookup } = address;
    if (!pickupErrors.pincode && lookup.status === 'not-found' && lookup.pincode === input.pickup_address.pincode)
      pickupErrors.pincode = ADDRESS_MESSAGES.pincodeNotFound;
    if (!own.ifsc && input.ifsc !== savedIfsc && bank.data === null) own.ifsc = SELLER_PROFILE_MESSAGES.ifscUnknown;
    setErrors(own);
    address.setErrors(pickupErrors);
    if (focusFirst(own, pickupErrors)) return;

    try {
      await save.mutateAsync(input);
    } catch (error) {
      if (await explainOffline(error)) return;
      if (error instanceof ApiError && error.statusCode < 500) {
        const fromServer = serverErrors(error);
        setErrors(fromServer.own);
        address.setErrors(fromServer.address);
        if (!focusFirst(fromServer.own, fromServer.address)) setFormError(error.serverMessage ?? 'failed');
        return;
      }
      // A server fault: say so; the form keeps what was typed.
      setFormError('failed');
      return;
    }
    onSent();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(submit);
  };

  /** An own field: its label, its input, a hint and a live status under it, and its problem. */
  const field = (
    key: OwnField,
    label: string,
    {
      hint,
      status,
      invalid = false,
      ...input
    }: InputHTMLAttributes<HTMLInputElement> & { hint?: string; status?: ReactNode; invalid?: boolean } = {},
  ) => {
    const fieldId = idOf(key);
    const describedBy = [
      hint ? `${fieldId}-hint` : null,
      errors[key] ? `${fieldId}-error` : null,
      status !== undefined ? `${fieldId}-status` : null,
    ].filter(Boolean);
    return (
      <div className={`field ${styles.field}`}>
        <label htmlFor={fieldId}>{label}</label>
        <input
          id={fieldId}
          name={key}
          value={values[key]}
          onChange={(event) => change(key, event.target.value)}
          aria-invalid={errors[key] || invalid ? true : undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          {...input}
        />
        {hint && (
          <span id={`${fieldId}-hint`} className={styles.hint}>
            {hint}
          </span>
        )}
        {errors[key] && (
          <span id={`${fieldId}-error`} className="field-error">
            {problemText(errors[key])}
          </span>
        )}
        {status !== undefined && (
          <span id={`${fieldId}-status`} aria-live="polite" className={styles.status}>
            {status}
          </span>
        )}
      </div>
    );
  };

  // What the IFSC names, under the field: its bank, no branch, or a lookup that could not be made.
  const ifscStatus = (() => {
    if (errors.ifsc) return null;
    if (values.ifsc.length < LENGTHS.ifsc) return null;
    if (!ifscWellFormed) return <span className="field-error">{problemText(SELLER_PROFILE_MESSAGES.ifscInvalid)}</span>;
    if (values.ifsc === savedIfsc && profile) return <span className={styles.found}>✓ {profile.bank_name}</span>;
    if (bank.data) return <span className={styles.found}>✓ {bank.data.bank_name}</span>;
    if (bank.data === null)
      return <span className="field-error">{problemText(SELLER_PROFILE_MESSAGES.ifscUnknown)}</span>;
    if (bank.isError) return <span className="field-error">{t('sellerDashboard.profile.form.ifscFailed')}</span>;
    return <span className={styles.checking}>{t('sellerDashboard.profile.form.ifscChecking')}</span>;
  })();
  const ifscUnknown = ifscWellFormed && values.ifsc !== savedIfsc && bank.data === null;

  const approved = profile?.status === 'approved';
  const noteId = `${formId}-review-again`;
  const kindId = idOf('business_kind');

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      {formError && (
        <p className={addressStyles.formError} role="alert">
          {formError === 'failed' ? t('sellerDashboard.profile.form.sendFailed') : problemText(formError)}
        </p>
      )}

      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('sellerDashboard.profile.form.business')}</legend>
        {field('legal_name', t('sellerDashboard.profile.field.legalName'), {
          hint: t('sellerDashboard.profile.form.legalNameHint'),
          autoComplete: 'organization',
          maxLength: SELLER_PROFILE_LIMITS.legalNameMax,
          required: true,
        })}
        <div className={styles.row}>
          <div className={`field ${styles.field}`}>
            <label htmlFor={kindId}>{t('sellerDashboard.profile.field.kind')}</label>
            <select
              id={kindId}
              name="business_kind"
              value={values.business_kind}
              onChange={(event) => change('business_kind', event.target.value as BusinessKind)}
              aria-invalid={errors.business_kind ? true : undefined}
              aria-describedby={errors.business_kind ? `${kindId}-error` : undefined}
            >
              {BUSINESS_KIND_NAMES.map((kind) => (
                <option key={kind} value={kind}>
                  {kinds[kind]}
                </option>
              ))}
            </select>
            {errors.business_kind && (
              <span id={`${kindId}-error`} className="field-error">
                {problemText(errors.business_kind)}
              </span>
            )}
          </div>
          {field('pan', t('sellerDashboard.profile.field.pan'), {
            hint: t('sellerDashboard.profile.form.panHint'),
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            required: true,
          })}
        </div>
        <div className={styles.row}>
          {field('gstin', t('sellerDashboard.profile.field.gstinOptional'), {
            hint: t('sellerDashboard.profile.form.gstinHint'),
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
          })}
          {field(
            'fssai_number',
            farmer ? t('sellerDashboard.profile.field.fssaiOptional') : t('sellerDashboard.profile.field.fssai'),
            {
              hint: farmer
                ? t('sellerDashboard.profile.form.fssaiHint.optional')
                : t('sellerDashboard.profile.form.fssaiHint'),
              inputMode: 'numeric',
              autoComplete: 'off',
              required: !farmer,
            },
          )}
        </div>
      </fieldset>

      <fieldset className={styles.group} aria-describedby={`${formId}-pickup-hint`}>
        <legend className={styles.legend}>{t('sellerDashboard.profile.pickup')}</legend>
        <p id={`${formId}-pickup-hint`} className={styles.groupHint}>
          {t('sellerDashboard.profile.form.pickupHint')}
        </p>
        <AddressFields
          fields={address}
          idOf={addressIdOf}
          problemText={problemText}
          onEdit={() => setFormError(null)}
        />
      </fieldset>

      <fieldset className={styles.group} aria-describedby={`${formId}-bank-hint`}>
        <legend className={styles.legend}>{t('sellerDashboard.profile.bank')}</legend>
        <p id={`${formId}-bank-hint`} className={styles.groupHint}>
          {t('sellerDashboard.profile.form.bankHint')}
        </p>
        {field('bank_account_holder', t('sellerDashboard.profile.field.holder'), {
          autoComplete: 'off',
          maxLength: SELLER_PROFILE_LIMITS.holderNameMax,
          required: true,
        })}
        <div className={styles.row}>
          {field('bank_account_number', t('sellerDashboard.profile.field.accountNumber'), {
            inputMode: 'numeric',
            autoComplete: 'off',
            required: true,
          })}
          {field('ifsc', t('sellerDashboard.profile.field.ifsc'), {
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            required: true,
            status: ifscStatus,
            invalid: ifscUnknown,
          })}
        </div>
      </fieldset>

      <div className={styles.submitBar}>
        {approved && (
          <p id={noteId} className={styles.reviewAgain}>
            {t('sellerDashboard.profile.form.reviewAgain')}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy}
          aria-describedby={approved ? noteId : undefined}
        >
          {busy ? t('sellerDashboard.profile.form.sending') : t('sellerDashboard.profile.form.send')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {t('ui.cancel')}
        </button>
      </div>
    </form>
  );
}

import type { HandOverBody, Shipment } from '@mandi/contracts';
import { SHIPMENT_LIMITS, handOverProblems } from '@mandi/domain';
import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { ApiError } from '../api/api-fetch';
import { useOfflineNotice } from '../api/use-offline-notice';
import { useT } from '../i18n/i18n';
import { Modal } from '../ui/modal';
import { useSingleFlight } from '../ui/use-single-flight';
import { useHandOverShipment } from './seller-dashboard-queries';
import styles from './seller-dashboard.module.css';
import { ShipmentProblem, moveProblemOf, type MoveProblem } from './shipment-problem';
import { shipmentMessageText } from './shipment-texts';

/** The fields of the hand-over body, in the form's order (the API's 400 names them in `fields`). */
const FIELDS = ['carrier', 'tracking_number', 'self_delivery'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

const isField = (key: string): key is Field => (FIELDS as readonly string[]).includes(key);

/** Couriers a seller in India most often hands a parcel to, offered as the carrier is typed (any other name is fine). */
const COURIERS = ['India Post', 'Delhivery', 'DTDC', 'Blue Dart', 'Ekart', 'Xpressbees', 'Shadowfax'];

/** The field messages of a 400's `fields` (English texts, shown translated). */
function serverErrors(error: ApiError): Errors {
  const fields = (error.body as { fields?: Record<string, unknown> } | null)?.fields;
  const found: Errors = {};
  if (fields && typeof fields === 'object') {
    for (const [key, message] of Object.entries(fields)) {
      if (isField(key) && typeof message === 'string') found[key] ??= message;
    }
  }
  return found;
}

/**
 * 'Hand over' for the seller's packed part of a confirmed order (issue 31): the courier and its tracking number, or
 * 'I deliver it myself', which hides and clears both. The domain's rules (handOverProblems) are checked before
 * anything is sent and the API's 400 field texts go under their fields, the first wrong field focused; a refusal
 * (403, 404, 409) shows above the fields. The Modal moves the focus in (the courier field) and gives it back on close.
 */
export function HandOverModal({
  uid,
  shipmentId,
  orderNumber,
  onClose,
  onHandedOver,
  onToProfile,
}: {
  uid: string;
  shipmentId: string;
  /** 'Order #1041', for the title. */
  orderNumber: string;
  /** Closed without handing over; `refused` when the API refused it, so the order list is read again. */
  onClose(refused: boolean): void;
  onHandedOver(shipment: Shipment): void;
  /** The seller asked to go to the Business profile panel (after the approval refusal). */
  onToProfile(): void;
}) {
  const translator = useT();
  const { t } = translator;
  const handOver = useHandOverShipment(uid);
  const explainOffline = useOfflineNotice();
  const { busy, run } = useSingleFlight();
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [self, setSelf] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<MoveProblem | null>(null);
  const [refused, setRefused] = useState(false);
  const formId = useId();
  const idOf = (field: Field) => `${formId}-${field}`;
  const couriersId = `${formId}-couriers`;

  /** Focuses the first wrong field on screen; false when none is (a field hidden by 'I deliver it myself'). */
  const focusFirst = (found: Errors): boolean => {
    const first = FIELDS.find((field) => found[field]);
    const element = first ? document.getElementById(idOf(first)) : null;
    element?.focus();
    return element !== null;
  };

  const edited = (field: Field) => {
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
    setProblem(null);
  };

  const submit = async () => {
    setProblem(null);
    const body: HandOverBody = self
      ? { carrier: '', tracking_number: '', self_delivery: true }
      : // A receipt may print the number in groups ('EK 1234 5678 IN'): it is one number, sent without the spaces.
        { carrier: carrier.trim(), tracking_number: tracking.replace(/\s+/g, ''), self_delivery: false };
    const found: Errors = {};
    for (const wrong of handOverProblems(body)) if (isField(wrong.field)) found[wrong.field] ??= wrong.text;
    setErrors(found);
    if (focusFirst(found)) return;

    let shipment: Shipment;
    try {
      shipment = await handOver.mutateAsync({ shipmentId, body });
    } catch (error) {
      if (await explainOffline(error)) return;
      if (error instanceof ApiError && error.statusCode === 400) {
        const fromServer = serverErrors(error);
        setErrors(fromServer);
        if (focusFirst(fromServer)) return;
      }
      if (error instanceof ApiError && error.statusCode !== 400) setRefused(true);
      setProblem(moveProblemOf(error));
      return;
    }
    onHandedOver(shipment);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(submit);
  };

  /** A text field with its hint and its problem, both read with it. */
  const textField = ({
    field,
    label,
    hint,
    value,
    change,
    autofocus = false,
    ...input
  }: InputHTMLAttributes<HTMLInputElement> & {
    field: 'carrier' | 'tracking_number';
    label: string;
    hint: string;
    value: string;
    change(value: string): void;
    autofocus?: boolean;
  }) => {
    const id = idOf(field);
    const error = errors[field];
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={field}
          type="text"
          value={value}
          onChange={(event) => {
            change(event.target.value);
            edited(field);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          autoComplete="off"
          data-autofocus={autofocus || undefined}
          {...input}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
        {error && (
          <span id={`${id}-error`} className="field-error">
            {shipmentMessageText(translator, error)}
          </span>
        )}
      </div>
    );
  };

  const selfId = idOf('self_delivery');
  return (
    <Modal
      title={t('sellerDashboard.handOver.title', { order: orderNumber })}
      description={t('sellerDashboard.handOver.description')}
      onClose={() => onClose(refused)}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={() => onClose(refused)}>
            {t('sellerDashboard.handOver.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? t('sellerDashboard.handOver.sending') : t('sellerDashboard.handOver.submit')}
          </button>
        </>
      }
    >
      <form id={formId} className={styles.handOverForm} onSubmit={onSubmit} noValidate>
        {problem && <ShipmentProblem problem={problem} onToProfile={onToProfile} />}
        {!self && (
          <>
            {textField({
              field: 'carrier',
              label: t('sellerDashboard.handOver.carrier'),
              hint: t('sellerDashboard.handOver.carrierHint'),
              value: carrier,
              change: setCarrier,
              autofocus: true,
              maxLength: SHIPMENT_LIMITS.carrierMax,
              list: couriersId,
            })}
            <datalist id={couriersId}>
              {COURIERS.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            {textField({
              field: 'tracking_number',
              label: t('sellerDashboard.handOver.tracking'),
              hint: t('sellerDashboard.handOver.trackingHint', {
                min: SHIPMENT_LIMITS.trackingMin,
                max: SHIPMENT_LIMITS.trackingMax,
              }),
              value: tracking,
              change: setTracking,
              maxLength: SHIPMENT_LIMITS.trackingMax,
              autoCapitalize: 'characters',
              spellCheck: false,
            })}
          </>
        )}
        <div className={styles.selfDelivery}>
          <label className={styles.checkbox}>
            <input
              id={selfId}
              type="checkbox"
              name="self_delivery"
              checked={self}
              onChange={(event) => {
                const checked = event.target.checked;
                setSelf(checked);
                // Delivering it oneself leaves no courier: the fields go, and what was typed in them with them.
                if (checked) {
                  setCarrier('');
                  setTracking('');
                }
                setErrors({});
                setProblem(null);
              }}
              aria-invalid={errors.self_delivery ? true : undefined}
              aria-describedby={errors.self_delivery ? `${selfId}-hint ${selfId}-error` : `${selfId}-hint`}
            />
            {t('sellerDashboard.handOver.self')}
          </label>
          <span id={`${selfId}-hint`} className={styles.hint}>
            {t('sellerDashboard.handOver.selfHint')}
          </span>
          {errors.self_delivery && (
            <span id={`${selfId}-error`} className="field-error">
              {shipmentMessageText(translator, errors.self_delivery)}
            </span>
          )}
        </div>
      </form>
    </Modal>
  );
}

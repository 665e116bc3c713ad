import type { OrderStatus, ShipmentStatus } from '@mandi/domain';
import type { ReactNode } from 'react';
import { useT } from '../i18n/i18n';
import { orderStatusLabels, shipmentStatusLabels } from './order-texts';
import { FULFILMENT_STEPS } from './order-view';
import styles from './orders.module.css';

const BADGE_TONE: Record<OrderStatus, string> = {
  pending: styles.tonePending!,
  confirmed: styles.toneConfirmed!,
  shipped: styles.toneShipped!,
  delivered: styles.toneDelivered!,
  cancel_requested: styles.toneCancelRequested!,
  cancelled: styles.toneCancelled!,
};

/** An order's state as a coloured label, in the domain's words ('Cancellation Requested') in the visitor's language. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useT();
  return (
    <span className={`${styles.badge} ${BADGE_TONE[status] ?? ''}`}>{orderStatusLabels(t)[status] ?? status}</span>
  );
}

/** A shipment's state in the tone of the order state it leads to: to pack waits, packed is ready, handed over travels. */
const SHIPMENT_TONE: Record<ShipmentStatus, string> = {
  to_pack: styles.tonePending!,
  packed: styles.toneConfirmed!,
  handed_over: styles.toneShipped!,
  cancelled: styles.toneCancelled!,
};

/**
 * A seller's part of an order as a coloured label: its state in a word ('Packed'), or a longer phrase of the same
 * state given as `children` ('Handed over to India Post · EK123456789IN'), which may wrap.
 */
export function ShipmentStatusBadge({ status, children }: { status: ShipmentStatus; children?: ReactNode }) {
  const { t } = useT();
  return (
    <span className={`${styles.badge} ${children ? styles.badgeLong : ''} ${SHIPMENT_TONE[status] ?? ''}`}>
      {children ?? shipmentStatusLabels(t)[status] ?? status}
    </span>
  );
}

/**
 * Where the order is on its way: pending, confirmed, shipped, delivered, the current step marked. A cancelled
 * order, or one whose cancellation was asked for, shows that instead of the path.
 */
export function OrderProgress({ status }: { status: OrderStatus }) {
  const { t } = useT();
  if (status === 'cancel_requested' || status === 'cancelled') {
    return (
      <p className={`${styles.progressHalted} ${status === 'cancelled' ? styles.progressCancelled : ''}`}>
        {status === 'cancelled' ? t('orders.progress.cancelled') : t('orders.progress.cancelRequested')}
      </p>
    );
  }
  const labels = orderStatusLabels(t);
  const current = FULFILMENT_STEPS.indexOf(status);
  return (
    <ol className={styles.progress} aria-label={t('orders.progress.label')}>
      {FULFILMENT_STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step} className={styles[`step_${state}`]} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.stepDot} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className={styles.stepLabel}>
              {labels[step]}
              {state === 'done' && <span className="visually-hidden"> {t('orders.progress.done')}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

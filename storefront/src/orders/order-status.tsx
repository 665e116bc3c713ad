import type { OrderStatus } from '@mandi/domain';
import { useT } from '../i18n/i18n';
import { orderStatusLabels } from './order-texts';
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

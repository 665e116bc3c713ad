import { ORDER_STATUS_LABELS, type OrderStatus } from '@mandi/domain';
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

/** An order's state as a coloured label, in the domain's words ('Cancellation Requested'). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`${styles.badge} ${BADGE_TONE[status] ?? ''}`}>{ORDER_STATUS_LABELS[status] ?? status}</span>;
}

/**
 * Where the order is on its way: pending, confirmed, shipped, delivered, the current step marked. A cancelled
 * order, or one whose cancellation was asked for, shows that instead of the path.
 */
export function OrderProgress({ status }: { status: OrderStatus }) {
  if (status === 'cancel_requested' || status === 'cancelled') {
    return (
      <p className={`${styles.progressHalted} ${status === 'cancelled' ? styles.progressCancelled : ''}`}>
        {status === 'cancelled'
          ? 'This order was cancelled.'
          : 'You asked to cancel this order. We will confirm the cancellation shortly.'}
      </p>
    );
  }
  const current = FULFILMENT_STEPS.indexOf(status);
  return (
    <ol className={styles.progress} aria-label="Order progress">
      {FULFILMENT_STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={step} className={styles[`step_${state}`]} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.stepDot} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className={styles.stepLabel}>
              {ORDER_STATUS_LABELS[step]}
              {state === 'done' && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

import type { OrderDetail } from '@mandi/contracts';
import { ORDER_MESSAGES, ORDER_STATUS_LABELS } from '@mandi/domain';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { LinePicture } from '../checkout/checkout-parts';
import { PackageIcon, PinIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page, RequireSignIn } from '../ui/page';
import panels from '../ui/panels.module.css';
import { CancelOrderModal } from './cancel-order-modal';
import { useDocumentDownload } from './invoice-download';
import { isForbidden, isNotFound, useOrderDetail } from './order-queries';
import { OrderProgress, OrderStatusBadge } from './order-status';
import { ORDER_WINDOW_HOURS } from './order-policy';
import {
  indiaDateTimeText,
  isOrderPaid,
  itemPicture,
  lineTotalText,
  orderNumberText,
  paymentMethodText,
  placedAt,
  rupeesText,
} from './order-view';
import { useCancelEligibility } from './use-cancel-eligibility';
import styles from './orders.module.css';

/** Order details of 001 section 2. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const { user, userId } = useAuth();
  const ordersPath = user && userId ? `/orders/${encodeURIComponent(userId)}` : undefined;
  return (
    <Page title={orderNumberText(orderId)} crumbs={[{ label: 'My Orders', to: ordersPath }]}>
      <RequireSignIn message="Please sign in to view this order.">
        <OrderDetails orderId={orderId} ordersPath={ordersPath} />
      </RequireSignIn>
    </Page>
  );
}

function OrderDetails({ orderId, ordersPath }: { orderId: string; ordersPath: string | undefined }) {
  const order = useOrderDetail(orderId);
  // Someone else's order reads as unknown: the page does not tell whether it exists.
  if (isNotFound(order.error) || isForbidden(order.error)) {
    return (
      <EmptyState
        icon={<PackageIcon size={32} />}
        title={ORDER_MESSAGES.notFound}
        action={
          <Link to={ordersPath ?? '/'} className="btn btn-primary">
            {ordersPath ? 'See my orders' : 'Go to the home page'}
          </Link>
        }
      >
        We could not find an order with this number in your account.
      </EmptyState>
    );
  }
  if (order.isError) {
    return (
      <LoadFailed title="We couldn't load this order" onRetry={() => void order.refetch()}>
        Please check your connection and try again.
      </LoadFailed>
    );
  }
  if (!order.data) return <div className={panels.pending} aria-busy="true" aria-label="Loading the order" />;
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: OrderDetail }) {
  const orderId = String(order.order_id);
  const download = useDocumentDownload();
  const eligibility = useCancelEligibility(order);
  const [cancelling, setCancelling] = useState(false);
  const hintId = useId();
  const paid = isOrderPaid(order);
  const placed = placedAt(order);
  const requested = order.status === 'cancel_requested';

  // After a request the progress line already says what happens next.
  const cancelHint = requested
    ? null
    : eligibility.canCancel
      ? `You can cancel until ${indiaDateTimeText(eligibility.closesAt)}.`
      : order.status === 'pending' || !eligibility.windowOpen
        ? `Orders can be cancelled within ${ORDER_WINDOW_HOURS} hours of being placed; this order's window has closed.`
        : `A ${ORDER_STATUS_LABELS[order.status].toLowerCase()} order can no longer be cancelled.`;
  const showCancel = order.status !== 'cancelled';

  return (
    <div className={panels.layout}>
      <div className={panels.main}>
        <section className={panels.card} aria-labelledby="order-status-title">
          <div className={`${panels.cardHead} ${styles.cardHead}`}>
            <div>
              <h2 id="order-status-title" className={`${panels.cardTitle} ${styles.cardTitle}`}>
                Order status
              </h2>
              <p className={panels.muted}>
                Placed on <time dateTime={placed?.toISOString()}>{indiaDateTimeText(placed)}</time>
              </p>
            </div>
            <OrderStatusBadge status={order.status} />
          </div>
          <OrderProgress status={order.status} />
          {order.cancel_reason && (order.status === 'cancel_requested' || order.status === 'cancelled') && (
            <p className={styles.reason}>
              <strong>Reason:</strong> {order.cancel_reason}
            </p>
          )}

          <div className={styles.actions}>
            {order.invoice && (
              <button type="button" className="btn btn-primary" onClick={() => void download(String(order.invoice!.invoice_id))}>
                Download Invoice
              </button>
            )}
            {order.creditNote && (
              <button type="button" className="btn btn-outline" onClick={() => void download(String(order.creditNote!.invoice_id))}>
                Download Credit Note
              </button>
            )}
            {showCancel && (
              <button
                type="button"
                className={`btn ${eligibility.canCancel ? 'btn-accent' : 'btn-outline'}`}
                disabled={!eligibility.canCancel}
                aria-describedby={cancelHint ? hintId : undefined}
                onClick={() => setCancelling(true)}
              >
                {requested ? ORDER_MESSAGES.cancellationRequested : 'Cancel Order'}
              </button>
            )}
          </div>
          {showCancel && cancelHint && (
            <p id={hintId} className={styles.hint}>
              {cancelHint}
            </p>
          )}
        </section>

        <section className={panels.card} aria-labelledby="order-items-title">
          <h2 id="order-items-title" className={panels.cardTitle}>
            Items
          </h2>
          <ul className={panels.lineList} aria-label="Items in this order">
            {order.items.map((item) => (
              <li key={item.order_item_id} className={styles.line}>
                <LinePicture src={itemPicture(item)} size={64} />
                <div className={styles.lineDetails}>
                  <span className={panels.itemName}>{item.name}</span>
                  <span className={panels.muted}>
                    Qty {item.quantity} × {rupeesText(item.price)}
                  </span>
                </div>
                <strong className={styles.lineTotal}>{lineTotalText(item)}</strong>
              </li>
            ))}
          </ul>
        </section>

        <section className={panels.card} aria-labelledby="order-address-title">
          <h2 id="order-address-title" className={panels.cardTitle}>
            <PinIcon size={20} /> Shipping Address
          </h2>
          <address className={styles.address}>
            <strong>{order.address.name}</strong>
            <span>{[order.address.flat_house_building, order.address.area, order.address.landmark].filter(Boolean).join(', ')}</span>
            <span>
              {[order.address.taluk, order.address.district, order.address.state].filter(Boolean).join(', ')} –{' '}
              {order.address.pincode}
            </span>
            <span>Mobile: +91 {order.address.mobile}</span>
          </address>
        </section>
      </div>

      <aside className={`${panels.card} ${panels.summary} ${panels.stickySummary}`} aria-labelledby="order-summary-title">
        <h2 id="order-summary-title" className={panels.cardTitle}>
          Summary
        </h2>
        <dl className={`${panels.figures} ${styles.figures}`}>
          <div>
            <dt>Payment method</dt>
            <dd>{paymentMethodText(order.payment.payment_method)}</dd>
          </div>
          <div>
            <dt>Payment status</dt>
            <dd>
              <span className={`${styles.badge} ${paid ? styles.toneDelivered : styles.tonePending}`}>{paid ? 'Paid' : 'Unpaid'}</span>
            </dd>
          </div>
          <div className={styles.figureRule}>
            <dt>Subtotal</dt>
            <dd>{rupeesText(order.subtotal)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{rupeesText(order.shippingCost)}</dd>
          </div>
          <div className={panels.grand}>
            <dt>Total</dt>
            <dd>{rupeesText(order.total_amount)}</dd>
          </div>
        </dl>
      </aside>

      {cancelling && <CancelOrderModal orderId={orderId} closesAt={eligibility.closesAt} onClose={() => setCancelling(false)} />}
    </div>
  );
}

import type { OrderDetail, OrderShipment } from '@mandi/contracts';
import { Trans } from '@lingui/react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { LinePicture } from '../checkout/checkout-parts';
import { useT } from '../i18n/i18n';
import { PackageIcon, PinIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page, RequireSignIn } from '../ui/page';
import panels from '../ui/panels.module.css';
import { CancelOrderModal } from './cancel-order-modal';
import { useDocumentDownload } from './invoice-download';
import { OrderDocuments } from './order-documents';
import { isForbidden, isNotFound, useOrderDetail, useOrderShipments } from './order-queries';
import { OrderShipments } from './order-shipments';
import { OrderProgress, OrderStatusBadge } from './order-status';
import { ORDER_WINDOW_HOURS } from './order-policy';
import { cancelReasonText, paymentMethodNames } from './order-texts';
import {
  indiaDateTimeText,
  isOrderPaid,
  itemPicture,
  lineTotalText,
  paymentMethodText,
  placedAt,
  rupeesText,
} from './order-view';
import { useCancelEligibility } from './use-cancel-eligibility';
import styles from './orders.module.css';

/** Order details of docs/orders.md. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const { user, userId } = useAuth();
  const { t } = useT();
  const ordersPath = user && userId ? `/orders/${encodeURIComponent(userId)}` : undefined;
  return (
    <Page title={t('orders.number', { orderId })} crumbs={[{ label: t('orders.myOrders'), to: ordersPath }]}>
      <RequireSignIn message={t('orders.order.signIn')}>
        <OrderDetails orderId={orderId} ordersPath={ordersPath} />
      </RequireSignIn>
    </Page>
  );
}

function OrderDetails({ orderId, ordersPath }: { orderId: string; ordersPath: string | undefined }) {
  const order = useOrderDetail(orderId);
  // Asked beside the order, not after it; a failure leaves only the parts out.
  const shipments = useOrderShipments(orderId);
  const { t } = useT();
  // Someone else's order reads as unknown: the page does not tell whether it exists.
  if (isNotFound(order.error) || isForbidden(order.error)) {
    return (
      <EmptyState
        icon={<PackageIcon size={32} />}
        title={t('orders.order.notFound')}
        action={
          <Link to={ordersPath ?? '/'} className="btn btn-primary">
            {ordersPath ? t('orders.seeMine') : t('orders.goHome')}
          </Link>
        }
      >
        {t('orders.order.notFoundText')}
      </EmptyState>
    );
  }
  if (order.isError) {
    return (
      <LoadFailed title={t('orders.order.loadFailed')} onRetry={() => void order.refetch()}>
        {t('orders.checkConnection')}
      </LoadFailed>
    );
  }
  if (!order.data) return <div className={panels.pending} aria-busy="true" aria-label={t('orders.order.loading')} />;
  return <OrderView order={order.data} parts={shipments.data ?? NO_PARTS} />;
}

const NO_PARTS: readonly OrderShipment[] = [];

function OrderView({ order, parts }: { order: OrderDetail; parts: readonly OrderShipment[] }) {
  const orderId = String(order.order_id);
  const { t, locale } = useT();
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
      ? t('orders.cancelHint.until', { date: indiaDateTimeText(eligibility.closesAt, locale) })
      : order.status === 'pending' || !eligibility.windowOpen
        ? t('orders.cancelHint.windowClosed', { hours: ORDER_WINDOW_HOURS })
        : t('orders.cancelHint.tooLate', { status: order.status });
  const showCancel = order.status !== 'cancelled';
  // Every document of the order, listed when more than one supplier issued them (docs/invoices.md, "Suppliers"); the
  // spec's buttons below always offer its one invoice and credit note.
  const documents = order.documents ?? [];
  const severalSuppliers = new Set(documents.map((document) => document.supplier)).size > 1;

  return (
    <div className={panels.layout}>
      <div className={panels.main}>
        <section className={panels.card} aria-labelledby="order-status-title">
          <div className={`${panels.cardHead} ${styles.cardHead}`}>
            <div>
              <h2 id="order-status-title" className={`${panels.cardTitle} ${styles.cardTitle}`}>
                {t('orders.order.status')}
              </h2>
              <p className={panels.muted}>
                <Trans
                  id="orders.placedOn"
                  values={{ date: indiaDateTimeText(placed, locale) }}
                  components={{ 0: <time dateTime={placed?.toISOString()} /> }}
                />
              </p>
            </div>
            <OrderStatusBadge status={order.status} />
          </div>
          <OrderProgress status={order.status} />
          {order.cancel_reason && (order.status === 'cancel_requested' || order.status === 'cancelled') && (
            <p className={styles.reason}>
              <Trans
                id="orders.order.reason"
                values={{ reason: cancelReasonText(t, order.cancel_reason) }}
                components={{ 0: <strong /> }}
              />
            </p>
          )}

          <div className={styles.actions}>
            {order.invoice && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void download(String(order.invoice!.invoice_id))}
              >
                {t('orders.order.downloadInvoice')}
              </button>
            )}
            {order.creditNote && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => void download(String(order.creditNote!.invoice_id))}
              >
                {t('orders.order.downloadCreditNote')}
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
                {requested ? t('orders.status.cancelRequested') : t('orders.cancel.title')}
              </button>
            )}
          </div>
          {showCancel && cancelHint && (
            <p id={hintId} className={styles.hint}>
              {cancelHint}
            </p>
          )}
        </section>

        {severalSuppliers && (
          <OrderDocuments documents={documents} onDownload={(invoiceId) => void download(invoiceId)} />
        )}

        <OrderShipments order={order} parts={parts} />

        <section className={panels.card} aria-labelledby="order-items-title">
          <h2 id="order-items-title" className={panels.cardTitle}>
            {t('orders.order.items')}
          </h2>
          <ul className={panels.lineList} aria-label={t('orders.order.itemsLabel')}>
            {order.items.map((item) => (
              <li key={item.order_item_id} className={styles.line}>
                <LinePicture src={itemPicture(item)} size={64} />
                <div className={styles.lineDetails}>
                  <span className={panels.itemName}>{item.name}</span>
                  <span className={panels.muted}>
                    {t('orders.order.quantityPrice', {
                      quantity: item.quantity,
                      price: rupeesText(item.price, locale),
                    })}
                  </span>
                </div>
                <strong className={styles.lineTotal}>{lineTotalText(item, locale)}</strong>
              </li>
            ))}
          </ul>
        </section>

        <section className={panels.card} aria-labelledby="order-address-title">
          <h2 id="order-address-title" className={panels.cardTitle}>
            <PinIcon size={20} /> {t('orders.order.shippingAddress')}
          </h2>
          <address className={styles.address}>
            <strong>{order.address.name}</strong>
            <span>
              {[order.address.flat_house_building, order.address.area, order.address.landmark]
                .filter(Boolean)
                .join(', ')}
            </span>
            <span>
              {[order.address.taluk, order.address.district, order.address.state].filter(Boolean).join(', ')} –{' '}
              {order.address.pincode}
            </span>
            <span>{t('addresses.mobile', { mobile: order.address.mobile })}</span>
          </address>
        </section>
      </div>

      <aside
        className={`${panels.card} ${panels.summary} ${panels.stickySummary}`}
        aria-labelledby="order-summary-title"
      >
        <h2 id="order-summary-title" className={panels.cardTitle}>
          {t('orders.order.summary')}
        </h2>
        <dl className={`${panels.figures} ${styles.figures}`}>
          <div>
            <dt>{t('orders.order.paymentMethod')}</dt>
            <dd>{paymentMethodText(order.payment.payment_method, paymentMethodNames(t))}</dd>
          </div>
          <div>
            <dt>{t('orders.order.paymentStatus')}</dt>
            <dd>
              <span className={`${styles.badge} ${paid ? styles.toneDelivered : styles.tonePending}`}>
                {paid ? t('orders.order.paid') : t('orders.order.unpaid')}
              </span>
            </dd>
          </div>
          <div className={styles.figureRule}>
            <dt>{t('orders.order.subtotal')}</dt>
            <dd>{rupeesText(order.subtotal, locale)}</dd>
          </div>
          <div>
            <dt>{t('orders.order.shipping')}</dt>
            <dd>{rupeesText(order.shippingCost, locale)}</dd>
          </div>
          <div className={panels.grand}>
            <dt>{t('orders.total')}</dt>
            <dd>{rupeesText(order.total_amount, locale)}</dd>
          </div>
        </dl>
      </aside>

      {cancelling && (
        <CancelOrderModal orderId={orderId} closesAt={eligibility.closesAt} onClose={() => setCancelling(false)} />
      )}
    </div>
  );
}

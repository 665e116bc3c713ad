import type { SellerOrder } from '@mandi/contracts';
import {
  SELLER_ORDER_PERIODS,
  SELLER_ORDER_STATUS_FILTERS,
  windowMattersFor,
  type SellerOrderPeriod,
  type SellerOrderStatusFilter,
} from '@mandi/domain';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LinePicture } from '../checkout/checkout-parts';
import { useT } from '../i18n/i18n';
import { ORDER_WINDOW_HOURS } from '../orders/order-policy';
import { OrderStatusBadge } from '../orders/order-status';
import { orderStatusLabels } from '../orders/order-texts';
import { indiaDateTimeText } from '../orders/order-view';
import { PackageIcon } from '../ui/icons';
import { EmptyState, LoadFailed } from '../ui/page';
import panels from '../ui/panels.module.css';
import { useSellerOrders, type SellerOrderFilters } from './seller-dashboard-queries';
import { periodFilterLabels, windowLeftLabel } from './seller-dashboard-texts';
import styles from './seller-dashboard.module.css';
import { useMinuteClock } from './minute-clock';
import { SellerShipment } from './shipment-part';

/** The order list's filters and page from the URL; anything unknown reads as the default. */
function useOrderFilters(): [SellerOrderFilters, (change: Partial<SellerOrderFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'all';
  const period = params.get('period') ?? 'all';
  const page = Number(params.get('page') ?? '1');
  const filters: SellerOrderFilters = {
    status: (SELLER_ORDER_STATUS_FILTERS as readonly string[]).includes(status)
      ? (status as SellerOrderStatusFilter)
      : 'all',
    period: (SELLER_ORDER_PERIODS as readonly string[]).includes(period) ? (period as SellerOrderPeriod) : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  const change = (next: Partial<SellerOrderFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.status !== 'all') search.set('status', merged.status);
    if (merged.period !== 'all') search.set('period', merged.period);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search, { preventScrollReset: true });
  };
  return [filters, change];
}

/**
 * The orders with the seller's products: filters, the cards of one page, and the pager. On the seller's own dashboard
 * each card carries the moves of the seller's part (pack, hand over); someone else's (an admin's view) shows its state.
 */
export function Orders({ uid, someoneElses }: { uid: string; someoneElses: boolean }) {
  const titleId = useId();
  const { t } = useT();
  const filterLabels = periodFilterLabels(t);
  const statusLabels = orderStatusLabels(t);
  const statusId = useId();
  const [filters, change] = useOrderFilters();
  const orders = useSellerOrders(uid, filters);
  // The time left is the server's (the database clock) less the time since it answered.
  const now = useMinuteClock();
  const page = orders.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.per_page)) : 1;
  const filtered = filters.status !== 'all' || filters.period !== 'all';

  return (
    <section className={styles.orders} aria-labelledby={titleId}>
      <div className={styles.ordersHead}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {t('sellerDashboard.orders.title')}
          {page && <span className={styles.count}>{page.total}</span>}
        </h2>
        <div className={styles.filters}>
          <div className={styles.periods} role="group" aria-label={t('sellerDashboard.orders.period')}>
            {SELLER_ORDER_PERIODS.map((period) => (
              <button
                key={period}
                type="button"
                className={styles.chip}
                aria-pressed={filters.period === period}
                onClick={() => change({ period })}
              >
                {filterLabels[period]}
              </button>
            ))}
          </div>
          <div className={styles.statusField}>
            <label htmlFor={statusId}>{t('sellerDashboard.orders.status')}</label>
            <select
              id={statusId}
              value={filters.status}
              onChange={(event) => change({ status: event.target.value as SellerOrderStatusFilter })}
            >
              {SELLER_ORDER_STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {status === 'all' ? t('sellerDashboard.orders.allStatuses') : statusLabels[status]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {orders.isError && !page ? (
        <LoadFailed title={t('sellerDashboard.orders.loadFailed')} onRetry={() => void orders.refetch()} />
      ) : !page ? (
        <OrdersLoading />
      ) : page.orders.length === 0 ? (
        <EmptyState
          icon={<PackageIcon size={32} />}
          title={filtered ? t('sellerDashboard.orders.noneMatching') : t('sellerDashboard.orders.none')}
          action={
            filtered && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => change({ status: 'all', period: 'all' })}
              >
                {t('sellerDashboard.orders.showAll')}
              </button>
            )
          }
        >
          {!filtered && t('sellerDashboard.orders.none.text')}
        </EmptyState>
      ) : (
        <>
          <ul
            className={styles.orderList}
            aria-label={t('sellerDashboard.orders.list')}
            aria-busy={orders.isPlaceholderData}
          >
            {page.orders.map((order) => (
              <li key={order.order_id}>
                <SellerOrderCard
                  uid={uid}
                  order={order}
                  canMove={!someoneElses}
                  leftMs={order.window_left_ms - Math.max(0, now.getTime() - orders.dataUpdatedAt)}
                />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t('sellerDashboard.orders.pages')}>
              <button
                type="button"
                className="btn btn-outline"
                disabled={filters.page <= 1}
                onClick={() => change({ page: filters.page - 1 })}
              >
                {t('sellerDashboard.orders.previous')}
              </button>
              <span className={panels.muted} aria-current="page">
                {t('sellerDashboard.orders.page', { page: Math.min(filters.page, pages), pages })}
              </span>
              <button
                type="button"
                className="btn btn-outline"
                disabled={filters.page >= pages}
                onClick={() => change({ page: filters.page + 1 })}
              >
                {t('sellerDashboard.orders.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/**
 * One order: number, date, status and window; the seller's lines; where it goes and, once confirmed, to whom; then
 * their part's state and its next move.
 */
function SellerOrderCard({
  uid,
  order,
  canMove,
  leftMs,
}: {
  uid: string;
  order: SellerOrder;
  canMove: boolean;
  leftMs: number;
}) {
  const titleId = useId();
  const { t, rupees, locale } = useT();
  const placed = new Date(order.created_at);
  const buyer = order.buyer;
  const number = t('orders.number', { orderId: order.order_id });
  return (
    <article className={`${panels.surface} ${styles.orderCard}`} aria-labelledby={titleId}>
      <header className={styles.orderHead}>
        <div>
          <h3 id={titleId} className={styles.orderNumber}>
            {number}
          </h3>
          <span className={panels.muted}>
            <time dateTime={order.created_at}>{indiaDateTimeText(placed, locale)}</time>
          </span>
        </div>
        <div className={styles.orderState}>
          <OrderStatusBadge status={order.status} />
          {windowMattersFor(order.status) && (
            <span
              className={`${styles.window} ${leftMs > 0 ? '' : styles.windowClosed}`}
              title={t('sellerDashboard.window.title', { hours: ORDER_WINDOW_HOURS })}
            >
              {windowLeftLabel(t, leftMs)}
            </span>
          )}
        </div>
      </header>

      <ul className={styles.lines} aria-label={t('sellerDashboard.order.lines', { order: number })}>
        {order.lines.map((line) => (
          <li key={line.order_item_id} className={styles.line}>
            <LinePicture src={line.image} size={48} />
            <span className={styles.lineName}>{line.name}</span>
            <span className={styles.lineQuantity}>× {line.quantity}</span>
            <span className={styles.lineAmount}>{rupees(line.amount)}</span>
          </li>
        ))}
      </ul>

      <footer className={styles.orderFoot}>
        <div className={styles.delivery}>
          <span className={styles.footLabel}>{t('sellerDashboard.order.deliverTo')}</span>
          <span>
            {order.district} · <strong>{order.pincode}</strong>
          </span>
          {buyer ? (
            <address className={styles.buyer}>
              <span>
                <strong>{buyer.name}</strong> · <a href={`tel:+91${buyer.mobile}`}>{buyer.mobile}</a>
              </span>
              <span>
                {[buyer.flat_house_building, buyer.area, buyer.landmark, buyer.taluk, buyer.district, buyer.state]
                  .filter(Boolean)
                  .join(', ')}{' '}
                {buyer.pincode}
              </span>
            </address>
          ) : (
            <span className={panels.muted}>{t('sellerDashboard.order.buyerHidden')}</span>
          )}
        </div>
        <div className={styles.orderTotal}>
          <span className={panels.muted}>{t('sellerDashboard.order.packs', { count: order.packs })}</span>
          <strong>{rupees(order.amount)}</strong>
        </div>
      </footer>

      <SellerShipment uid={uid} order={order} canMove={canMove} describedBy={titleId} />
    </article>
  );
}

function OrdersLoading() {
  const { t } = useT();
  return (
    <div className={styles.orderList} role="status" aria-busy="true" aria-label={t('sellerDashboard.orders.loading')}>
      {[0, 1].map((index) => (
        <div key={index} className={`${panels.surface} ${styles.orderCard} ${styles.skeleton}`} aria-hidden="true" />
      ))}
    </div>
  );
}

import { Trans } from '@lingui/react';
import type { AttentionProduct, SalesFigure, SellerDashboard, SellerOrder } from '@mandi/contracts';
import {
  ORDER_ELIGIBILITY_RECHECK_MS,
  SELLER_DASHBOARD_LIMITS,
  SELLER_ORDER_PERIODS,
  SELLER_ORDER_STATUS_FILTERS,
  windowMattersFor,
  type SellerOrderPeriod,
  type SellerOrderStatusFilter,
} from '@mandi/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { LinePicture } from '../checkout/checkout-parts';
import { useT } from '../i18n/i18n';
import { ORDER_WINDOW_HOURS } from '../orders/order-policy';
import { OrderStatusBadge } from '../orders/order-status';
import { orderStatusLabels } from '../orders/order-texts';
import { indiaDateTimeText } from '../orders/order-view';
import { expiryLine } from '../products/relative-time';
import { useConfirm } from '../ui/confirm-dialog';
import { AlertIcon, LockIcon, PackageIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page, RequireSignIn } from '../ui/page';
import panels from '../ui/panels.module.css';
import {
  useProductAction,
  useSellerDashboard,
  useSellerOrders,
  type ProductAction,
  type SellerOrderFilters,
} from './seller-dashboard-queries';
import {
  EXTEND_DAYS,
  EXPIRING_HOURS,
  periodFilterLabels,
  salesPeriodLabels,
  windowLeftLabel,
} from './seller-dashboard-texts';
import styles from './seller-dashboard.module.css';

/** The seller's dashboard (issue 16): their sales, the products that need them, and the orders to pack. */
export default function SellerDashboardPage() {
  const { t } = useT();
  return (
    <Page title={t('sellerDashboard.title')} lead={t('sellerDashboard.lead')}>
      <RequireSignIn message={t('sellerDashboard.signIn')}>
        <Dashboard />
      </RequireSignIn>
    </Page>
  );
}

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.statusCode === status;

/** The current minute, moving on every minute, for the time left in windows and validities. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ORDER_ELIGIBILITY_RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

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

function Dashboard() {
  const { t } = useT();
  const { uid: pathUid } = useParams();
  const { user } = useAuth();
  // /seller-dashboard is the caller's own; /seller-dashboard/{uid} is any seller's for an admin (the API decides).
  const uid = pathUid ?? user?.uid ?? '';
  const overview = useSellerDashboard(uid);

  if (isStatus(overview.error, 403)) return <NotYours />;
  if (isStatus(overview.error, 404)) {
    return (
      <EmptyState icon={<AlertIcon size={32} />} title={t('sellerDashboard.sellerNotFound')}>
        {t('sellerDashboard.sellerNotFound.text')}
      </EmptyState>
    );
  }
  if (overview.isError) {
    return (
      <LoadFailed title={t('sellerDashboard.loadFailed')} onRetry={() => void overview.refetch()}>
        {t('sellerDashboard.loadFailed.text')}
      </LoadFailed>
    );
  }
  if (!overview.data) return <DashboardLoading />;
  const someoneElses = overview.data.seller.uid !== user?.uid;
  return (
    <>
      {someoneElses && (
        <p className={styles.viewing} role="note">
          <Trans
            id="sellerDashboard.viewing"
            values={{ username: overview.data.seller.username }}
            components={{ 0: <strong /> }}
          />
        </p>
      )}
      <div className={styles.dashboard}>
        <Sales dashboard={overview.data} />
        <Attention uid={uid} products={overview.data.products} />
        <Orders uid={uid} />
      </div>
    </>
  );
}

/** Another user's dashboard: the API refuses it; show the way to one's own. */
function NotYours() {
  const { t } = useT();
  return (
    <EmptyState
      icon={<LockIcon size={32} />}
      title={t('sellerDashboard.notYours.title')}
      action={
        <Link to="/seller-dashboard" className="btn btn-primary">
          {t('sellerDashboard.notYours.own')}
        </Link>
      }
    >
      {t('sellerDashboard.notYours')}
    </EmptyState>
  );
}

const SALES: { key: keyof SellerDashboard['sales']; period: SellerOrderPeriod }[] = [
  { key: 'today', period: 'today' },
  { key: 'last_7_days', period: '7d' },
  { key: 'last_30_days', period: '30d' },
];

/** The sales of today, 7 and 30 days, and which orders count. */
function Sales({ dashboard }: { dashboard: SellerDashboard }) {
  const titleId = useId();
  const { t, locale } = useT();
  const labels = salesPeriodLabels(t);
  const statuses = orderStatusLabels(t);
  // 'pending, confirmed, shipped or delivered', as the language lists alternatives.
  const counted = new Intl.ListFormat(locale, { type: 'disjunction' }).format(
    dashboard.counted_statuses.map((status) => statuses[status].toLocaleLowerCase(locale)),
  );
  return (
    <section className={styles.sales} aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {t('sellerDashboard.sales.title')}
      </h2>
      <ul className={styles.figures}>
        {SALES.map(({ key, period }) => (
          <li key={key} className={`${panels.surface} ${styles.figure}`}>
            <SalesCard label={labels[period]} figure={dashboard.sales[key]} />
          </li>
        ))}
      </ul>
      <p className={panels.note}>{t('sellerDashboard.sales.note', { statuses: counted })}</p>
    </section>
  );
}

function SalesCard({ label, figure }: { label: string; figure: SalesFigure }) {
  const { t, rupees } = useT();
  return (
    <>
      <span className={styles.figureLabel}>{label}</span>
      <strong className={styles.figureAmount}>{rupees(figure.amount)}</strong>
      <span className={styles.figureCounts}>
        {t('sellerDashboard.sales.counts', { orders: figure.orders, packs: figure.packs })}
      </span>
    </>
  );
}

/** The products sold out or expiring within 48 hours, each with its one-click action. */
function Attention({ uid, products }: { uid: string; products: AttentionProduct[] }) {
  const titleId = useId();
  const { t, serverText } = useT();
  const now = useMinuteClock();
  const action = useProductAction(uid);
  const confirm = useConfirm();
  // The product and the server's answer (English), shown in the reader's language.
  const [done, setDone] = useState<{ product: string; message: string } | null>(null);
  // The first few, soonest first; the rest on asking, so the orders stay near the top on a phone.
  const [all, setAll] = useState(false);
  const shown = all ? products : products.slice(0, SELLER_DASHBOARD_LIMITS.attentionShown);

  const run = async (product: AttentionProduct, asked: ProductAction) => {
    try {
      const answer = await action.mutateAsync(asked);
      setDone({ product: product.name, message: answer.message });
    } catch (error) {
      setDone(null);
      const refusal = error instanceof ApiError && error.serverMessage;
      await confirm({
        title: t('sellerDashboard.error'),
        message: refusal ? serverText(refusal) : t('sellerDashboard.actionFailed'),
      });
    }
  };

  return (
    <section className={`${panels.card} ${styles.attention}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={panels.cardTitle}>
        <AlertIcon size={20} /> {t('sellerDashboard.attention.title')}
        {products.length > 0 && <span className={styles.count}>{products.length}</span>}
      </h2>
      <p className={styles.status} role="status">
        {done && t('sellerDashboard.attention.done', { product: done.product, message: serverText(done.message) })}
      </p>
      {products.length === 0 ? (
        <p className={panels.note}>{t('sellerDashboard.attention.none', { hours: EXPIRING_HOURS })}</p>
      ) : (
        <ul className={styles.attentionList}>
          {shown.map((product) => (
            <AttentionItem
              key={product.product_id}
              product={product}
              now={now}
              busy={action.isPending && action.variables?.productId === product.product_id}
              onAction={(asked) => void run(product, asked)}
            />
          ))}
        </ul>
      )}
      {products.length > SELLER_DASHBOARD_LIMITS.attentionShown && (
        <button
          type="button"
          className={`btn btn-ghost ${styles.showAll}`}
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all
            ? t('sellerDashboard.attention.showFewer')
            : t('sellerDashboard.attention.showAll', { count: products.length })}
        </button>
      )}
    </section>
  );
}

function AttentionItem({
  product,
  now,
  busy,
  onAction,
}: {
  product: AttentionProduct;
  now: Date;
  busy: boolean;
  onAction(action: ProductAction): void;
}) {
  const fieldId = useId();
  const errorId = useId();
  const { t, rupees, number } = useT();
  const [packs, setPacks] = useState('');
  const [invalid, setInvalid] = useState(false);
  const expiry = expiryLine(t, product.valid_until, now);
  const needsTime = product.expired || product.expiring;

  const restock = (event: FormEvent) => {
    event.preventDefault();
    const stock = Number(packs);
    if (
      !/^\d+$/.test(packs.trim()) ||
      stock < SELLER_DASHBOARD_LIMITS.restockMin ||
      stock > SELLER_DASHBOARD_LIMITS.restockMax
    ) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onAction({ kind: 'restock', productId: product.product_id, stock });
  };

  return (
    <li className={styles.attentionItem}>
      <LinePicture src={product.image} size={56} />
      <div className={styles.attentionBody}>
        <div className={panels.lineDetails}>
          <Link to={`/product/${encodeURIComponent(product.product_id)}`} className={styles.productName}>
            {product.name}
          </Link>
          <span className={styles.tags}>
            {product.sold_out && (
              <span className={`${styles.tag} ${styles.tagSoldOut}`}>{t('products.stock.soldOut')}</span>
            )}
            {expiry && (
              <span
                className={`${styles.tag} ${product.expired ? styles.tagExpired : needsTime ? styles.tagExpiring : ''}`}
              >
                {expiry.text}
              </span>
            )}
          </span>
          <span className={panels.muted}>
            {rupees(product.price)} ·{' '}
            {product.stock === null
              ? t('sellerDashboard.stock.unlimited')
              : t('sellerDashboard.stock.left', { count: product.stock })}
          </span>
        </div>
        <div className={styles.attentionActions}>
          {needsTime && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => onAction({ kind: 'extend', productId: product.product_id })}
            >
              {t('sellerDashboard.extend', { days: EXTEND_DAYS })}
            </button>
          )}
          {product.sold_out && (
            <form className={styles.restock} onSubmit={restock} noValidate>
              <label htmlFor={fieldId} className="visually-hidden">
                {t('sellerDashboard.restock.label', { product: product.name })}
              </label>
              <input
                id={fieldId}
                className={styles.packs}
                type="number"
                inputMode="numeric"
                min={SELLER_DASHBOARD_LIMITS.restockMin}
                max={SELLER_DASHBOARD_LIMITS.restockMax}
                step={1}
                placeholder={t('sellerDashboard.restock.placeholder')}
                value={packs}
                aria-invalid={invalid}
                aria-describedby={invalid ? errorId : undefined}
                onChange={(event) => setPacks(event.target.value)}
              />
              <button type="submit" className="btn btn-accent" disabled={busy}>
                {t('sellerDashboard.restock')}
              </button>
            </form>
          )}
        </div>
        {invalid && (
          <p id={errorId} className={`field-error ${styles.problem}`}>
            {t('sellerDashboard.restock.invalid', {
              min: number(SELLER_DASHBOARD_LIMITS.restockMin),
              max: number(SELLER_DASHBOARD_LIMITS.restockMax),
            })}
          </p>
        )}
      </div>
    </li>
  );
}

/** The orders with the seller's products: filters, the cards of one page, and the pager. */
function Orders({ uid }: { uid: string }) {
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
                  order={order}
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

/** One order: number, date, status and window; the seller's lines; where it goes and, once confirmed, to whom. */
function SellerOrderCard({ order, leftMs }: { order: SellerOrder; leftMs: number }) {
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
    </article>
  );
}

function OrdersLoading() {
  const { t } = useT();
  return (
    <div className={styles.orderList} aria-busy="true" aria-label={t('sellerDashboard.orders.loading')}>
      {[0, 1].map((index) => (
        <div key={index} className={`${panels.surface} ${styles.orderCard} ${styles.skeleton}`} aria-hidden="true" />
      ))}
    </div>
  );
}

function DashboardLoading() {
  const { t } = useT();
  return (
    <div className={styles.dashboard} aria-busy="true" aria-label={t('sellerDashboard.loading')}>
      <ul className={styles.figures} aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index} className={`${panels.surface} ${styles.figure} ${styles.skeleton}`} />
        ))}
      </ul>
    </div>
  );
}

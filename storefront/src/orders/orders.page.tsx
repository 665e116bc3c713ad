import { Link, Navigate, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { LockIcon, PackageIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page, RequireSignIn } from '../ui/page';
import panels from '../ui/panels.module.css';
import { OrderCard } from './order-card';
import { isForbidden, useMyOrders } from './order-queries';
import styles from './orders.module.css';

/** My Orders of docs/orders.md: the signed-in buyer's orders as cards, newest first. */
export default function OrdersPage() {
  const { t } = useT();
  return (
    <Page title={t('orders.myOrders')} lead={t('orders.list.lead')}>
      <RequireSignIn message={t('orders.list.signIn')}>
        <MyOrders />
      </RequireSignIn>
    </Page>
  );
}

function MyOrders() {
  const { t } = useT();
  const { userId: pathUserId = '' } = useParams();
  const { user, userId } = useAuth();
  // The Orders link points at the Firebase uid until our user id is known: that address is the user's own too.
  const byUid = pathUserId === user?.uid;
  // While our user id is still being read, the API decides (it answers 403 for someone else's orders).
  const someoneElses = userId !== null && userId !== pathUserId && !byUid;
  const orders = useMyOrders(pathUserId, !someoneElses && !(byUid && userId !== null));

  if (byUid && userId !== null) return <Navigate to={`/orders/${encodeURIComponent(userId)}`} replace />;
  if (someoneElses || isForbidden(orders.error)) return <NotYours ownUserId={userId} />;
  if (orders.isError) {
    return (
      <LoadFailed title={t('orders.list.loadFailed')} onRetry={() => void orders.refetch()}>
        {t('orders.checkConnection')}
      </LoadFailed>
    );
  }
  if (!orders.data) return <OrdersLoading />;
  if (orders.data.length === 0) {
    return (
      <EmptyState
        icon={<PackageIcon size={32} />}
        title={t('orders.list.empty.title')}
        action={
          <Link to="/" className="btn btn-accent">
            {t('orders.list.empty.action')}
          </Link>
        }
      >
        {t('orders.list.empty.text')}
      </EmptyState>
    );
  }
  return (
    <ul className={styles.orderList} aria-label={t('orders.list.label')}>
      {orders.data.map((order) => (
        <li key={order.order_id}>
          <OrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}

/** Someone else's order list: the API refuses it; show the way to one's own. */
function NotYours({ ownUserId }: { ownUserId: string | null }) {
  const { t } = useT();
  return (
    <EmptyState
      icon={<LockIcon size={32} />}
      title={t('orders.list.notYours.title')}
      action={
        ownUserId ? (
          <Link to={`/orders/${encodeURIComponent(ownUserId)}`} className="btn btn-primary">
            {t('orders.seeMine')}
          </Link>
        ) : (
          <Link to="/" className="btn btn-primary">
            {t('orders.goHome')}
          </Link>
        )
      }
    >
      {t('orders.list.notYours.text')}
    </EmptyState>
  );
}

/** Placeholder cards while the list loads. */
function OrdersLoading() {
  const { t } = useT();
  return (
    <div className={styles.orderList} aria-busy="true" aria-label={t('orders.list.loading')}>
      {[0, 1, 2].map((index) => (
        <div key={index} className={`${panels.surface} ${styles.orderCard} ${styles.skeleton}`} aria-hidden="true">
          <span className={styles.skeletonLine} />
          <span className={styles.skeletonBlock} />
          <span className={styles.skeletonLine} />
        </div>
      ))}
    </div>
  );
}

import { Link, Navigate, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { LockIcon, PackageIcon } from '../ui/icons';
import { EmptyState, LoadFailed, Page, RequireSignIn } from '../ui/page';
import panels from '../ui/panels.module.css';
import { OrderCard } from './order-card';
import { isForbidden, useMyOrders } from './order-queries';
import styles from './orders.module.css';

/** My Orders of 001 section 2: the signed-in buyer's orders as cards, newest first. */
export default function OrdersPage() {
  return (
    <Page title="My Orders" lead="Track your orders, download invoices and cancel within the first hours.">
      <RequireSignIn message="Please sign in to view your orders.">
        <MyOrders />
      </RequireSignIn>
    </Page>
  );
}

function MyOrders() {
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
      <LoadFailed title="We couldn't load your orders" onRetry={() => void orders.refetch()}>
        Please check your connection and try again.
      </LoadFailed>
    );
  }
  if (!orders.data) return <OrdersLoading />;
  if (orders.data.length === 0) {
    return (
      <EmptyState
        icon={<PackageIcon size={32} />}
        title="No orders yet"
        action={
          <Link to="/" className="btn btn-accent">
            Start shopping
          </Link>
        }
      >
        When you place an order it appears here, with its status and invoice.
      </EmptyState>
    );
  }
  return (
    <ul className={styles.orderList} aria-label="Your orders">
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
  return (
    <EmptyState
      icon={<LockIcon size={32} />}
      title="These orders are not yours"
      action={
        ownUserId ? (
          <Link to={`/orders/${encodeURIComponent(ownUserId)}`} className="btn btn-primary">
            See my orders
          </Link>
        ) : (
          <Link to="/" className="btn btn-primary">
            Go to the home page
          </Link>
        )
      }
    >
      You can only see the orders placed with your own account.
    </EmptyState>
  );
}

/** Placeholder cards while the list loads. */
function OrdersLoading() {
  return (
    <div className={styles.orderList} aria-busy="true" aria-label="Loading your orders">
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

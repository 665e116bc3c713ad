import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { PackageIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';

/** Order details of 001 section 2. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  const { user, userId } = useAuth();
  return (
    <Page
      title={`Order ${orderId}`}
      crumbs={[{ label: 'My Orders', to: user ? `/orders/${encodeURIComponent(userId ?? user.uid)}` : undefined }]}
    >
      <RequireSignIn message="Please sign in to view this order.">
        <EmptyState
          icon={<PackageIcon size={32} />}
          title="Order not found."
          action={
            <Link to={user ? `/orders/${encodeURIComponent(userId ?? user.uid)}` : '/'} className="btn btn-primary">
              See my orders
            </Link>
          }
        >
          We could not find an order with this number in your account.
        </EmptyState>
      </RequireSignIn>
    </Page>
  );
}

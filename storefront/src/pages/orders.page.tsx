import { Link } from 'react-router-dom';
import { PackageIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';

/** My Orders of 001 section 2. */
export default function OrdersPage() {
  return (
    <Page title="My Orders">
      <RequireSignIn message="Please sign in to view your orders.">
        <EmptyState
          icon={<PackageIcon size={32} />}
          title="No orders yet"
          action={
            <Link to="/" className="btn btn-primary">
              Start shopping
            </Link>
          }
        >
          When you place an order it appears here, with its status and invoice.
        </EmptyState>
      </RequireSignIn>
    </Page>
  );
}

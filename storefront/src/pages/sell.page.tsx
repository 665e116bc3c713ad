import { Link } from 'react-router-dom';
import { useIsAdmin } from '../auth/auth-context';
import { LockIcon, PlusIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';

/** The new-product page of 000 section 2 (admin only per the header link). */
export default function SellPage() {
  const isAdmin = useIsAdmin();
  return (
    <Page title="Sell a Product" lead="List fresh produce with photos, price, weight and how long it stays fresh.">
      <RequireSignIn message="Please sign in to sell a product.">
        {isAdmin ? (
          <EmptyState
            icon={<PlusIcon size={32} />}
            title="List your next harvest"
            action={
              <Link to="/profilepage" className="btn btn-outline">
                See your listings
              </Link>
            }
          >
            Up to 4 photos of 5 MB each, a name of up to 50 characters and a description of up to 500.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<LockIcon size={32} />}
            title="Selling is by invitation"
            action={
              <Link to="/become-seller" className="btn btn-accent">
                Become a Seller
              </Link>
            }
          >
            Show your interest and we will invite you to list your produce on Mandi.
          </EmptyState>
        )}
      </RequireSignIn>
    </Page>
  );
}

import { Link } from 'react-router-dom';
import { CART_MESSAGES } from '@mandi/domain';
import { CartIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';

/** The cart of 000/001 section 2. */
export default function CartPage() {
  return (
    <Page title="Your Cart">
      <RequireSignIn message="Please sign in to see your cart.">
        <EmptyState
          icon={<CartIcon size={32} />}
          title={CART_MESSAGES.empty}
          action={
            <Link to="/" className="btn btn-primary">
              Browse fresh produce
            </Link>
          }
        >
          Add produce from the listing and it will wait for you here.
        </EmptyState>
      </RequireSignIn>
    </Page>
  );
}

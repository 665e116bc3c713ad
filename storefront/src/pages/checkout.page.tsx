import { Link, useParams } from 'react-router-dom';
import { CartIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';

/** Checkout step 1 of 001 section 2: one product (Buy Now) or the whole cart. */
export default function CheckoutPage() {
  const { productId } = useParams();
  return (
    <Page title="Checkout" crumbs={productId ? [{ label: 'Product', to: `/product/${productId}` }] : [{ label: 'Cart', to: '/cartpage' }]}>
      <RequireSignIn message="Please sign in to check out.">
        <EmptyState
          icon={<CartIcon size={32} />}
          title={productId ? 'Choose a delivery address' : 'No items in your cart.'}
          action={
            <Link to={productId ? `/product/${productId}` : '/'} className="btn btn-primary">
              {productId ? 'Back to the product' : 'Browse fresh produce'}
            </Link>
          }
        >
          Pay online or with cash on delivery. Shipping is priced by weight and shown before you pay.
        </EmptyState>
      </RequireSignIn>
    </Page>
  );
}

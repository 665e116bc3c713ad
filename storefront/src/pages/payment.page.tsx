import { Link, useLocation } from 'react-router-dom';
import { AlertIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';

interface CheckoutState {
  productId?: string;
  selectedPayment?: string;
  selectedAddress?: unknown;
}

/** The payment page of 001 section 2; it needs the checkout's router state. */
export default function PaymentPage() {
  const state = useLocation().state as CheckoutState | null;
  const complete = Boolean(state?.selectedPayment && state.selectedAddress);
  return (
    <Page title="Payment" crumbs={[{ label: 'Checkout', to: '/product-checkout' }]}>
      <RequireSignIn message="Please sign in to pay for your order.">
        {complete ? (
          <EmptyState
            icon={<AlertIcon size={32} />}
            title={state?.selectedPayment === 'cod' ? 'Cash on Delivery' : 'Pay Online'}
            action={
              <Link to="/product-checkout" className="btn btn-outline">
                Change address or payment
              </Link>
            }
          >
            Review your delivery address and the payment summary before you confirm.
          </EmptyState>
        ) : (
          <EmptyState
            tone="error"
            icon={<AlertIcon size={32} />}
            title="Missing checkout information."
            action={
              <Link to="/cartpage" className="btn btn-primary">
                Back to cart
              </Link>
            }
          >
            Choose a delivery address and a payment method first.
          </EmptyState>
        )}
      </RequireSignIn>
    </Page>
  );
}

import { PRODUCT_MESSAGES } from '@mandi/domain';
import { Page, RequireSignIn } from '../ui/page';
import { ProductForm } from './product-form';

/**
 * The new-product page of 000 section 2. Only admins see the header's Sell link, but any signed-in user may sell
 * (000 section 6; the server allows it), so the page itself asks only for a signed-in user.
 */
export default function SellPage() {
  return (
    <Page title="Sell a Product" width="text" crumbs={[{ label: 'Your Profile', to: '/profilepage' }]} lead="List fresh produce with photos, price, how many packs you have, weight and how long it stays fresh.">
      <RequireSignIn message={PRODUCT_MESSAGES.authenticationRequired.text}>
        <ProductForm mode={{ kind: 'create' }} />
      </RequireSignIn>
    </Page>
  );
}

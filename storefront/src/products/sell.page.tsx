import { useT } from '../i18n/i18n';
import { Page, RequireSignIn } from '../ui/page';
import { ProductForm } from './product-form';

/**
 * The new-product page of docs/catalog.md. Only admins see the header's Sell link, but any signed-in user may sell
 * (docs/catalog.md; the server allows it), so the page itself asks only for a signed-in user.
 */
export default function SellPage() {
  const { t } = useT();
  return (
    <Page
      title={t('products.sell.title')}
      width="text"
      crumbs={[{ label: t('profiles.title'), to: '/profilepage' }]}
      lead={t('products.sell.lead')}
    >
      <RequireSignIn message={t('products.form.popup.authenticationRequired.text')}>
        <ProductForm mode={{ kind: 'create' }} />
      </RequireSignIn>
    </Page>
  );
}

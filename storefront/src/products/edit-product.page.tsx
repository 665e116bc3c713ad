import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n/i18n';
import { AlertIcon, LockIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';
import { imagesOf } from './product';
import { ProductForm } from './product-form';
import { formValuesOf } from './product-form-values';
import { productQuery } from './product-queries';

function EditForm({ productId }: { productId: string }) {
  const { user } = useAuth();
  const product = useQuery(productQuery(productId));
  const { t } = useT();

  if (product.isPending) return <p aria-busy="true">{t('products.loading')}</p>;
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.statusCode === 404;
    return (
      <EmptyState
        tone="error"
        icon={<AlertIcon size={32} />}
        title={missing ? t('products.page.notFound') : t('products.page.loadFailed')}
        action={
          <Link to="/profilepage" className="btn btn-primary">
            {t('products.edit.backToListings')}
          </Link>
        }
      />
    );
  }
  if (product.data.uid !== user?.uid) {
    return (
      <EmptyState
        icon={<LockIcon size={32} />}
        title={t('products.edit.notYours')}
        action={
          <Link to="/profilepage" className="btn btn-primary">
            {t('products.edit.backToListings')}
          </Link>
        }
      >
        {t('products.edit.notYoursText')}
      </EmptyState>
    );
  }
  // Keyed by product: a fresh form (and request id) for every product opened.
  return (
    <ProductForm
      key={productId}
      mode={{ kind: 'edit', productId: product.data.id, images: imagesOf(product.data) }}
      initial={formValuesOf(product.data)}
    />
  );
}

/** The edit-product page of docs/catalog.md; saving returns to /profilepage. */
export default function EditProductPage() {
  const { productId = '' } = useParams();
  const { t } = useT();
  return (
    <Page title={t('products.edit.title')} width="text" crumbs={[{ label: t('profiles.title'), to: '/profilepage' }]}>
      <RequireSignIn message={t('products.edit.signIn')}>
        <EditForm productId={productId} />
      </RequireSignIn>
    </Page>
  );
}

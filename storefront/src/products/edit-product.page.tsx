import { PRODUCT_MESSAGES } from '@mandi/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { AlertIcon, LockIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';
import { imagesOf } from './product';
import { ProductForm } from './product-form';
import { formValuesOf } from './product-form-values';
import { productQuery } from './product-queries';

const CRUMBS = [{ label: 'Your Profile', to: '/profilepage' }];

function EditForm({ productId }: { productId: string }) {
  const { user } = useAuth();
  const product = useQuery(productQuery(productId));

  if (product.isPending) return <p aria-busy="true">{PRODUCT_MESSAGES.loading}</p>;
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.statusCode === 404;
    return (
      <EmptyState
        tone="error"
        icon={<AlertIcon size={32} />}
        title={missing ? PRODUCT_MESSAGES.notFound : PRODUCT_MESSAGES.loadFailed}
        action={
          <Link to="/profilepage" className="btn btn-primary">
            Back to your listings
          </Link>
        }
      />
    );
  }
  if (product.data.uid !== user?.uid) {
    return (
      <EmptyState
        icon={<LockIcon size={32} />}
        title="This product is not yours"
        action={
          <Link to="/profilepage" className="btn btn-primary">
            Back to your listings
          </Link>
        }
      >
        Only the seller who listed a product can edit it.
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

/** The edit-product page of 000 section 2; saving returns to /profilepage. */
export default function EditProductPage() {
  const { productId = '' } = useParams();
  return (
    <Page title="Edit Product" width="text" crumbs={CRUMBS}>
      <RequireSignIn message="Please sign in to edit your products.">
        <EditForm productId={productId} />
      </RequireSignIn>
    </Page>
  );
}

import { Link, useParams } from 'react-router-dom';
import { PlusIcon } from '../ui/icons';
import { EmptyState, Page, RequireSignIn } from '../ui/page';

/** The edit-product page of 000 section 2; saving returns to /profilepage. */
export default function EditProductPage() {
  const { productId = '' } = useParams();
  return (
    <Page title="Edit Product" crumbs={[{ label: 'Your Profile', to: '/profilepage' }]}>
      <RequireSignIn message="Please sign in to edit your products.">
        <EmptyState
          icon={<PlusIcon size={32} />}
          title={`Product ${productId}`}
          action={
            <Link to="/profilepage" className="btn btn-primary">
              Back to your listings
            </Link>
          }
        >
          Only the seller who listed a product can edit it. Open it from your profile to change its details.
        </EmptyState>
      </RequireSignIn>
    </Page>
  );
}

import { Link } from 'react-router-dom';
import { UserIcon } from '../ui/icons';
import { EmptyState, Page } from '../ui/page';

/** A public seller profile of 000 section 2. */
export default function SellerPage() {
  return (
    <Page title="Seller Profile">
      <EmptyState
        icon={<UserIcon size={32} />}
        title="This seller has not posted any products yet."
        action={
          <Link to="/" className="btn btn-primary">
            Browse other sellers
          </Link>
        }
      >
        Their fresh listings will appear here as soon as they post them.
      </EmptyState>
    </Page>
  );
}

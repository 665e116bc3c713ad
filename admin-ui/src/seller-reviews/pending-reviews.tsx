import { ADMIN_REFRESH_MS } from '@mandi/domain';
import FactCheck from '@mui/icons-material/FactCheck';
import { Badge } from '@mui/material';
import { Menu, useGetList } from 'react-admin';

/**
 * How many sellers wait for a review: the pending list (adminSellerProfiles answers it whole, no identifier in it),
 * read again every 60 s and after every action. Null until it is known, and when it cannot be read.
 */
export function usePendingReviewCount(): number | null {
  const { total, isError } = useGetList(
    'seller-reviews',
    {
      filter: { status: 'pending' },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'submitted_at', order: 'ASC' },
    },
    { refetchInterval: ADMIN_REFRESH_MS, retry: false },
  );
  return isError || total === undefined ? null : total;
}

/** The 'Seller reviews' menu entry, its icon carrying the number of sellers waiting for a review. */
export function SellerReviewsMenuItem() {
  const waiting = usePendingReviewCount() ?? 0;
  return (
    <Menu.ResourceItem
      name="seller-reviews"
      // The name starts with the words shown, so a voice user can say what they see.
      aria-label={waiting > 0 ? `Seller reviews, ${waiting} waiting` : 'Seller reviews'}
      leftIcon={
        <Badge badgeContent={waiting} color="warning" max={99} aria-hidden>
          <FactCheck />
        </Badge>
      }
    />
  );
}

import { ADMIN_REFRESH_MS } from '@mandi/domain';
import FactCheck from '@mui/icons-material/FactCheck';
import { Badge, Box } from '@mui/material';
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

/** Read by screen readers, not shown (the usual clip pattern). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The 'Seller reviews' menu entry, its icon carrying the number of sellers waiting for a review. The number is also
 * in the entry's name, as words hidden from the eye after the visible label (not an aria-label replacing it), so the
 * name begins with what is shown: a voice user says what they see, and axe's label-content-name-mismatch holds.
 */
export function SellerReviewsMenuItem() {
  const waiting = usePendingReviewCount() ?? 0;
  return (
    <Menu.Item
      to="/seller-reviews"
      primaryText={
        <>
          Seller reviews
          {waiting > 0 && <Box component="span" sx={visuallyHidden}>{`, ${waiting} waiting`}</Box>}
        </>
      }
      // The badge repeats the hidden words for the eye; hidden from screen readers as a whole, its number included.
      leftIcon={
        <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex' }}>
          <Badge badgeContent={waiting} color="warning" max={99}>
            <FactCheck />
          </Badge>
        </Box>
      }
    />
  );
}

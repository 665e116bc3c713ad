import { SELLER_REVIEW_STATUSES, type SellerReviewStatus } from '@mandi/domain';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useListContext } from 'react-admin';
import { usePendingReviewCount } from './pending-reviews';
import { REVIEW_STATUS_LABELS, reviewStatusOf } from './review-labels';

/** The review state shown, as one group of buttons: Pending (with how many wait) until another is chosen. */
export function ReviewStatusFilter() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const current = reviewStatusOf(filterValues.status);
  const waiting = usePendingReviewCount();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label="Review status"
      value={current}
      onChange={(_event, value: SellerReviewStatus | null) => {
        if (value) setFilters({ ...filterValues, status: value }, displayedFilters);
      }}
      sx={{ bgcolor: 'background.paper' }}
    >
      {SELLER_REVIEW_STATUSES.map((status) => (
        <ToggleButton key={status} value={status} sx={{ px: 1.5, textTransform: 'none', fontWeight: 600 }}>
          {REVIEW_STATUS_LABELS[status]}
          {status === 'pending' && waiting !== null ? ` (${waiting})` : ''}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

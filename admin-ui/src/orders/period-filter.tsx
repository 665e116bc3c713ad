import {
  ADMIN_ORDER_FILTERS,
  DEFAULT_ADMIN_ORDER_FILTER,
  isAdminOrderFilter,
  type AdminOrderFilter,
} from '@mandi/domain';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useListContext } from 'react-admin';

/** What each time filter of docs/orders.md reads on its button. */
export const PERIOD_LABELS: Record<AdminOrderFilter, string> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
  '1m': '1 month',
  '6m': '6 months',
  '1y': '1 year',
};

/** The orders' time filter as one group of buttons, 'Placed in the last …', 24 hours until another is chosen. */
export function PeriodFilter() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const current = isAdminOrderFilter(filterValues.filter) ? filterValues.filter : DEFAULT_ADMIN_ORDER_FILTER;
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label="Placed in the last"
      value={current}
      onChange={(_event, value: AdminOrderFilter | null) => {
        if (value) setFilters({ ...filterValues, filter: value }, displayedFilters);
      }}
      // One row on a wide screen; on a phone the six buttons wrap under each other.
      sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' }, bgcolor: 'background.paper' }}
    >
      {ADMIN_ORDER_FILTERS.map((period) => (
        <ToggleButton key={period} value={period} sx={{ px: 1.5, textTransform: 'none', fontWeight: 600 }}>
          {PERIOD_LABELS[period]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

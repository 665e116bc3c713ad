import { ADMIN_MESSAGES, ADMIN_ORDER_FILTERS, ADMIN_REFRESH_MS, DEFAULT_ADMIN_ORDER_FILTER, formatRupees, rupeesToPaise } from '@mandi/domain';
import type { AdminOrder } from '@mandi/contracts';
import { Typography } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { EmptyList, ListError, StatusChip } from '../layout/states';

const RANGE_LABELS: Record<string, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '1m': 'Last month',
  '6m': 'Last 6 months',
  '1y': 'Last year',
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search orders" />,
  <SelectInput
    key="filter"
    source="filter"
    label="Placed in"
    alwaysOn
    choices={ADMIN_ORDER_FILTERS.map((id) => ({ id, name: RANGE_LABELS[id] ?? id }))}
    emptyText={RANGE_LABELS[DEFAULT_ADMIN_ORDER_FILTER]}
  />,
];

const rupees = (price: number) => formatRupees(rupeesToPaise(price));
const empty = <EmptyList title="No orders in this period">Choose a longer period above to see older orders.</EmptyList>;

/** The Orders tab of 001 section 2, with the Admin order fields of section 3; refreshed every 60 s. */
export function OrderList() {
  return (
    <List
      title="Orders"
      filters={filters}
      filterDefaultValues={{ filter: DEFAULT_ADMIN_ORDER_FILTER }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      queryOptions={{ refetchInterval: ADMIN_REFRESH_MS }}
      empty={empty}
      error={<ListError message={ADMIN_MESSAGES.fetchOrdersFailed} />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={empty}>
        <TextField source="order_id" label="Order" />
        <FunctionField<AdminOrder>
          label="Customer"
          sortBy="username"
          render={(order) => (
            <>
              <Typography variant="body2" fontWeight={600}>
                {order.username}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {order.email}
              </Typography>
            </>
          )}
        />
        <FunctionField<AdminOrder>
          label="Delivery address"
          sortBy="pincode"
          render={(order) => (
            <Typography variant="body2">
              {order.address_name}, {order.area_or_street_or_village}, {order.district} {order.pincode}
            </Typography>
          )}
        />
        <FunctionField<AdminOrder>
          label="Items"
          sortable={false}
          render={(order) =>
            order.items.map((item) => (
              <Typography key={item.order_item_id} variant="body2">
                {item.product_name} × {item.quantity} · {rupees(item.price)}
              </Typography>
            ))
          }
        />
        <StatusChip source="status" label="Status" />
        <StatusChip source="payment_status" label="Payment" />
        <DateField source="created_at" label="Placed" showTime locales="en-IN" />
        <TextField source="cancel_reason" label="Cancel reason" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}

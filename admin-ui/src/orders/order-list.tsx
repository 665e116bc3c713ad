import { ADMIN_MESSAGES, ADMIN_ORDER_FILTERS, ADMIN_REFRESH_MS, DEFAULT_ADMIN_ORDER_FILTER, formatRupees, rupeesToPaise } from '@mandi/domain';
import type { AdminOrder } from '@mandi/contracts';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS, StatusChip } from '../layout/states';

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

/** An admin order as the data provider hands it over: keyed by order_id. */
type OrderRow = AdminOrder & { id: AdminOrder['order_id'] };

const rupees = (price: number) => formatRupees(rupeesToPaise(price));
const empty = <EmptyList title="No orders in this period">Choose a longer period above to see older orders.</EmptyList>;

/** The Orders tab of 001 section 2, with the Admin order fields of section 3; refreshed every 60 s. */
export function OrderList() {
  // Phones get one line per order; the full table scrolls sideways on a narrow screen.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Orders"
      filters={filters}
      filterDefaultValues={{ filter: DEFAULT_ADMIN_ORDER_FILTER }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      queryOptions={{ ...QUIET_ERRORS, refetchInterval: ADMIN_REFRESH_MS }}
      pagination={<ListPagination />}
      empty={empty}
      error={<ListError message={ADMIN_MESSAGES.fetchOrdersFailed} />}
    >
      {narrow ? (
        <SimpleList<OrderRow>
          linkType={false}
          empty={empty}
          primaryText={(order) => `#${order.order_id} · ${order.username}`}
          secondaryText={(order) =>
            `${order.items.length} ${order.items.length === 1 ? 'item' : 'items'} · ${order.district} ${order.pincode}`
          }
          tertiaryText={(order) => `${order.status.replace(/_/g, ' ')} · ${order.payment_status}`}
        />
      ) : (
      <Datagrid bulkActionButtons={false} rowClick={false} empty={empty}>
        <TextField source="order_id" label="Order" />
        <FunctionField<OrderRow>
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
        <FunctionField<OrderRow>
          label="Delivery address"
          sortBy="pincode"
          render={(order) => (
            <Typography variant="body2">
              {order.address_name}, {order.area_or_street_or_village}, {order.district} {order.pincode}
            </Typography>
          )}
        />
        <FunctionField<OrderRow>
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
      )}
    </List>
  );
}

import { ADMIN_MESSAGES, ADMIN_REFRESH_MS, DEFAULT_ADMIN_ORDER_FILTER } from '@mandi/domain';
import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, TextField, TopToolbar } from 'react-admin';
import { ListSearch } from '../layout/list-search';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS, StatusChip } from '../layout/states';
import { OrderActionButtons, type OrderRow } from './order-action-buttons';
import { OrderCards } from './order-cards';
import { OrderAddress, OrderCustomer, OrderItems, OrderPlaced } from './order-fields';
import { PeriodFilter } from './period-filter';
import { ExportOrdersButton } from './export-orders-button';
import { OrderLink } from './order-link';

// Not react-admin's SearchInput: a row's link opens the order page, which a late search must not undo (ListSearch).
const filters = <ListSearch label="Search orders" />;
const actions = (
  <TopToolbar sx={{ alignItems: 'center', flexShrink: 0 }}>
    <PeriodFilter />
    <ExportOrdersButton />
  </TopToolbar>
);
const empty = (
  <EmptyList title="No orders in this period">
    Choose a longer period above, or clear the search, to see more orders.
  </EmptyList>
);

/**
 * The Orders tab of docs/orders.md with the admin order fields of section 3, newest first. The server filters by period
 * (24 hours unless chosen), searches and pages; the list is read again every 60 s. Each row carries its actions.
 */
export function OrderList() {
  // Phones get one card per order; a wide screen gets the table.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Orders"
      filters={filters}
      actions={actions}
      filterDefaultValues={{ filter: DEFAULT_ADMIN_ORDER_FILTER }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      // No CSV export: the console changes and reads through its own actions only.
      exporter={false}
      queryOptions={{ ...QUIET_ERRORS, refetchInterval: ADMIN_REFRESH_MS }}
      pagination={<ListPagination />}
      empty={empty}
      error={<ListError message={ADMIN_MESSAGES.fetchOrdersFailed} />}
    >
      {narrow ? (
        <OrderCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} sx={{ '& td': { verticalAlign: 'top' } }}>
          <FunctionField<OrderRow> label="Order" sortable={false} render={(order) => <OrderLink order={order} />} />
          <FunctionField<OrderRow>
            label="Customer"
            sortable={false}
            render={(order) => <OrderCustomer order={order} />}
          />
          <FunctionField<OrderRow>
            label="Delivery address"
            sortable={false}
            render={(order) => <OrderAddress order={order} />}
          />
          <FunctionField<OrderRow> label="Items" sortable={false} render={(order) => <OrderItems order={order} />} />
          <StatusChip source="status" label="Status" sortable={false} />
          <StatusChip source="payment_status" label="Payment" sortable={false} />
          <FunctionField<OrderRow>
            label="Placed (IST)"
            sortable={false}
            render={(order) => <OrderPlaced order={order} />}
          />
          <TextField source="cancel_reason" label="Cancel reason" emptyText="—" sortable={false} />
          <FunctionField<OrderRow> label="Actions" sortable={false} render={() => <OrderActionButtons />} />
        </Datagrid>
      )}
    </List>
  );
}

import type { AdminOndcOrder } from '@mandi/contracts';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { orderPagePath } from '../orders/order-link';
// The Payouts page's table: a card per row on a phone, so the Network page reads the same way.
import { Pages, PayoutTable, type PayoutColumn } from '../payouts/payout-table';
import { FilterBar, useUrlFilters } from './ondc-filters';
import { BuyerApp, Code, Nothing, ONDC_KEY, QueryState, ShortId, callsPath, networkOrderPath } from './ondc-parts';
import type { OndcWords } from './ondc-texts';
import { ONDC_LIMITS } from './ondc-values';

/** How each Mandi order status's chip is coloured. */
const STATUS_TONES = {
  pending: 'warning',
  confirmed: 'info',
  shipped: 'primary',
  delivered: 'success',
  cancel_requested: 'secondary',
  cancelled: 'error',
} as const satisfies Record<
  AdminOndcOrder['status'],
  'warning' | 'info' | 'primary' | 'success' | 'secondary' | 'error'
>;

/** A Mandi order's status as a chip in the page's language. */
export function OrderStatusChip({ status, words }: { status: AdminOndcOrder['status']; words: OndcWords }) {
  return <Chip size="small" label={words.t.statuses[status]} color={STATUS_TONES[status]} />;
}

/** How the buyer pays, and who holds the money. */
export function Payment({ order, words }: { order: AdminOndcOrder; words: OndcWords }) {
  const { t } = words;
  return (
    <Box sx={{ minWidth: 120 }}>
      <Box component="span" sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {t.paymentTypes[order.payment_type]}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t.collectedBy[order.collected_by]}
      </Typography>
    </Box>
  );
}

/** The finder fee in rupees, and what the buyer app asked for. */
export function FinderFee({ order, words }: { order: AdminOndcOrder; words: OndcWords }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {words.money(order.finder_fee)}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {words.t.finderFee(order.finder_fee_type, order.finder_fee_value)}
      </Typography>
    </>
  );
}

/** Who cancelled and ONDC's reason code with its text; nothing while the order stands. */
export function Cancellation({ order, words }: { order: AdminOndcOrder; words: OndcWords }) {
  const { t, reason } = words;
  if (!order.cancel_reason_code && !order.cancelled_by) return null;
  return (
    <Box sx={{ minWidth: 150, maxWidth: 220 }}>
      {order.cancelled_by && (
        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {t.cancelledBy[order.cancelled_by]}
        </Box>
      )}
      {order.cancel_reason_code && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {reason(order.cancel_reason_code)}
        </Typography>
      )}
    </Box>
  );
}

/** An instant on two lines, the date over the time, as the console's order list shows them. */
function TwoLineTime({ value, words }: { value: string; words: OndcWords }) {
  const text = words.time(value);
  const cut = text.indexOf(', ');
  return (
    <Box component="time" dateTime={value} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {cut < 0 ? text : text.slice(0, cut)}
      {cut >= 0 && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {text.slice(cut + 2)}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The Network orders tab: the orders that came from ONDC buyer apps, newest first, 20 a page, by buyer app and
 * transaction id (in the URL). Each opens its network page (the transaction's calls); its Mandi order opens the
 * console's order page, where it is worked like any other order.
 */
export function NetworkOrderList({ getToken, words }: { getToken: TokenSource; words: OndcWords }) {
  const { t, money } = words;
  const filters = useUrlFilters();
  const query = {
    bap_id: filters.value('bap_id'),
    transaction_id: filters.value('transaction_id'),
    page: filters.page,
  };
  const orders = useQuery({
    queryKey: [...ONDC_KEY, 'orders', query],
    queryFn: () => apiFetch('adminOndcOrders', getToken, { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ONDC_LIMITS.page)) : 1;
  const filtered = Boolean(query.bap_id || query.transaction_id);

  const columns: PayoutColumn<AdminOndcOrder>[] = [
    {
      label: t.orderColumns.order,
      cell: (order) => (
        <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
          <Link
            component={RouterLink}
            to={networkOrderPath(order.order_id)}
            aria-label={t.openNetworkOrder(order.ondc_order_id)}
            sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}
          >
            <Code>{order.ondc_order_id}</Code>
          </Link>
          <Link
            component={RouterLink}
            to={orderPagePath(order.order_id)}
            variant="caption"
            aria-label={t.openMandiOrder(order.order_id)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t.mandiOrder(order.order_id)}
          </Link>
        </Stack>
      ),
    },
    {
      label: t.orderColumns.transaction,
      cell: (order) => (
        <Link
          component={RouterLink}
          to={callsPath({ transaction_id: order.transaction_id })}
          aria-label={t.transactionCalls(order.transaction_id)}
        >
          <ShortId id={order.transaction_id} />
        </Link>
      ),
    },
    { label: t.orderColumns.buyerApp, cell: (order) => <BuyerApp id={order.bap_id} /> },
    {
      label: t.orderColumns.status,
      cell: (order) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <OrderStatusChip status={order.status} words={words} />
          <Cancellation order={order} words={words} />
        </Stack>
      ),
    },
    { label: t.orderColumns.payment, cell: (order) => <Payment order={order} words={words} /> },
    { label: t.orderColumns.total, cell: (order) => money(order.total), numeric: true },
    { label: t.orderColumns.finderFee, cell: (order) => <FinderFee order={order} words={words} />, numeric: true },
    { label: t.orderColumns.created, cell: (order) => <TwoLineTime value={order.created_at} words={words} /> },
  ];

  return (
    <>
      <FilterBar
        filters={filters}
        words={words}
        texts={[
          { name: 'bap_id', label: t.buyerApp, maxLength: 255 },
          { name: 'transaction_id', label: t.transaction, maxLength: 100 },
        ]}
      />
      <QueryState query={orders} loading={t.ordersLoading} failed={t.ordersFailed} words={words} />
      {data && (
        <PayoutTable<AdminOndcOrder>
          title={t.orders}
          caption={t.ordersCaption}
          rows={data.orders}
          rowKey={(order) => order.order_id}
          rowName={(order) => t.orderTitle(order.ondc_order_id)}
          columns={columns}
          empty={
            filtered ? <Nothing title={t.noOrdersFiltered} /> : <Nothing title={t.noOrders} text={t.noOrdersText} />
          }
          footer={
            <Pages
              page={filters.page}
              pages={pages}
              label={t.pages}
              text={t.page(filters.page, pages)}
              previous={t.previous}
              next={t.next}
              onPage={(page) => filters.change({ page })}
            />
          }
        />
      )}
    </>
  );
}

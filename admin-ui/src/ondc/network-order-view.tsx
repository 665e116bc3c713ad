import type { AdminOndcCall } from '@mandi/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ListAlt from '@mui/icons-material/ListAlt';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Button, Link, Paper, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { orderPagePath } from '../orders/order-link';
import { PayoutTable } from '../payouts/payout-table';
import { callColumns } from './call-list';
import { CallTimeline } from './call-timeline';
import { Cancellation, FinderFee, OrderStatusChip, Payment } from './network-order-list';
import { Code, FactsCard, Nothing, ONDC_KEY, QueryState, callsPath } from './ondc-parts';
import type { OndcWords } from './ondc-texts';

/**
 * A network order's page (/ondc/orders/:orderId): the ids the buyer app knows it by, its terms (payment, finder fee,
 * cancellation), the way to its Mandi order, and every call and callback of its transaction oldest first, each opening
 * its page with its body.
 */
export function NetworkOrderView({ getToken, words }: { getToken: TokenSource; words: OndcWords }) {
  const { t, money, time } = words;
  const { orderId = '' } = useParams();
  const detail = useQuery({
    queryKey: [...ONDC_KEY, 'order', orderId],
    queryFn: () => apiFetch('adminOndcOrder', getToken, { params: { orderId } }),
    retry: false,
  });
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const data = detail.data;
  const order = data?.order;
  const callsCaption =
    data && data.call_count > data.calls.length
      ? `${t.orderCallsCaption} ${t.orderCallsListed(data.calls.length, data.call_count)}`
      : t.orderCallsCaption;
  const allCalls = order && (
    <Button
      component={RouterLink}
      to={callsPath({ transaction_id: order.transaction_id })}
      startIcon={<ListAlt />}
      size="small"
    >
      {t.allTransactionCalls}
    </Button>
  );

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button component={RouterLink} to="/ondc" startIcon={<ArrowBack />} size="small">
          {t.allOrders}
        </Button>
        {order && (
          <Button
            component={RouterLink}
            to={orderPagePath(order.order_id)}
            startIcon={<OpenInNew />}
            size="small"
            aria-label={t.openMandiOrder(order.order_id)}
          >
            {t.mandiOrder(order.order_id)}
          </Button>
        )}
      </Stack>
      <QueryState query={detail} loading={t.orderLoading} failed={t.orderFailed} words={words} />
      {order && data && (
        <>
          <FactsCard
            title={t.orderTitle(order.ondc_order_id)}
            badge={<OrderStatusChip status={order.status} words={words} />}
            facts={[
              [t.networkOrderId, <Code key="id">{order.ondc_order_id}</Code>],
              [t.orderColumns.transaction, <Code key="txn">{order.transaction_id}</Code>],
              [t.orderColumns.buyerApp, <Code key="bap">{order.bap_id}</Code>],
              [t.callbackUri, <Code key="uri">{order.bap_uri}</Code>],
              [
                t.mandiOrderLabel,
                <Link key="order" component={RouterLink} to={orderPagePath(order.order_id)} fontWeight={700}>
                  #{order.order_id}
                </Link>,
              ],
              [t.orderColumns.created, time(order.created_at)],
              [t.orderColumns.payment, <Payment key="payment" order={order} words={words} />],
              [
                t.orderColumns.total,
                <Box key="total" component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {money(order.total)}
                </Box>,
              ],
              [t.orderColumns.finderFee, <FinderFee key="fee" order={order} words={words} />],
              [
                t.orderColumns.cancellation,
                order.cancelled_by || order.cancel_reason_code ? (
                  <Cancellation key="cancel" order={order} words={words} />
                ) : (
                  t.notCancelled
                ),
              ],
            ]}
          />
          {narrow ? (
            <Paper component="section" variant="outlined" aria-label={t.orderCalls} sx={{ mb: 3, overflow: 'hidden' }}>
              <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
                <Typography variant="h6" component="h2" fontWeight={700} color="primary.dark">
                  {t.orderCalls}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {callsCaption}
                </Typography>
                <Box sx={{ mt: 0.5 }}>{allCalls}</Box>
              </Box>
              {data.calls.length === 0 ? (
                <Nothing title={t.noOrderCalls} />
              ) : (
                <CallTimeline calls={data.calls} label={t.orderCalls} words={words} />
              )}
            </Paper>
          ) : (
            <PayoutTable<AdminOndcCall>
              title={t.orderCalls}
              caption={callsCaption}
              action={allCalls}
              rows={data.calls}
              rowKey={(call) => call.id}
              rowName={(call) => t.callTitle(call.id, call.action)}
              columns={callColumns(words, { transaction: false })}
              empty={<Nothing title={t.noOrderCalls} />}
            />
          )}
        </>
      )}
    </>
  );
}

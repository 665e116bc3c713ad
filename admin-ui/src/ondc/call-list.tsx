import type { AdminOndcCall, AdminOndcCallsQuery } from '@mandi/contracts';
import { Link, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { Pages, PayoutTable, type PayoutColumn } from '../payouts/payout-table';
import { FilterBar, SelectFilter, useUrlFilters } from './ondc-filters';
import {
  Acknowledgement,
  BuyerApp,
  CallLink,
  Direction,
  ShortId,
  Nothing,
  ONDC_KEY,
  QueryState,
  Timing,
  callsPath,
  networkOrderPath,
} from './ondc-parts';
import type { OndcWords } from './ondc-texts';
import { ONDC_ACK_FILTERS, ONDC_CALL_ACTIONS, ONDC_DIRECTIONS, ONDC_LIMITS } from './ondc-values';

/** `value` when it is one of `allowed`, else undefined (a hand-edited URL shows every call rather than a 400). */
function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** The columns of a table of calls: the calls list's, and a network order's (without its transaction and buyer app). */
export function callColumns(words: OndcWords, { transaction = true } = {}): PayoutColumn<AdminOndcCall>[] {
  const { t } = words;
  const columns: PayoutColumn<AdminOndcCall>[] = [
    {
      label: t.callColumns.call,
      cell: (call) => (
        <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
          <CallLink call={call} />
          <Typography variant="caption" color="text.secondary" component="span">
            <Direction call={call} words={words} />
          </Typography>
        </Stack>
      ),
    },
  ];
  if (transaction)
    columns.push(
      {
        label: t.callColumns.transaction,
        cell: (call) => (
          <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
            <Link
              component={RouterLink}
              to={callsPath({ transaction_id: call.transaction_id })}
              aria-label={t.transactionCalls(call.transaction_id)}
            >
              <ShortId id={call.transaction_id} />
            </Link>
            {call.order_id && (
              <Link component={RouterLink} to={networkOrderPath(call.order_id)} variant="caption">
                {t.mandiOrder(call.order_id)}
              </Link>
            )}
          </Stack>
        ),
      },
      { label: t.callColumns.buyerApp, cell: (call) => <BuyerApp id={call.bap_id} /> },
    );
  columns.push(
    { label: t.message, cell: (call) => <ShortId id={call.message_id} /> },
    { label: t.callColumns.ack, cell: (call) => <Acknowledgement call={call} words={words} /> },
    { label: t.callColumns.timing, cell: (call) => <Timing call={call} words={words} /> },
  );
  return columns;
}

/**
 * The Calls and callbacks tab: every call a buyer app made on Mandi and every callback Mandi sent, newest first, 20 a
 * page, by transaction, action, direction, ACK/NACK, buyer app and lateness (all in the URL, so the summary's figures
 * and a network order link here). Each opens its page with its body.
 */
export function CallList({ getToken, words }: { getToken: TokenSource; words: OndcWords }) {
  const { t } = words;
  const filters = useUrlFilters();
  const late = filters.value('late');
  const query: Partial<Record<keyof AdminOndcCallsQuery, string | number>> = {
    transaction_id: filters.value('transaction_id'),
    action: oneOf(ONDC_CALL_ACTIONS, filters.value('action')),
    direction: oneOf(ONDC_DIRECTIONS, filters.value('direction')),
    ack: oneOf(ONDC_ACK_FILTERS, filters.value('ack')),
    bap_id: filters.value('bap_id'),
    late: late === 'true' || late === 'false' ? late : undefined,
    page: filters.page,
  };
  const calls = useQuery({
    queryKey: [...ONDC_KEY, 'calls', query],
    queryFn: () => apiFetch('adminOndcCalls', getToken, { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = calls.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ONDC_LIMITS.page)) : 1;
  const filtered = Object.entries(query).some(([name, value]) => name !== 'page' && value !== undefined);

  return (
    <>
      <FilterBar
        filters={filters}
        words={words}
        texts={[
          { name: 'transaction_id', label: t.transaction, maxLength: 100 },
          { name: 'bap_id', label: t.buyerApp, maxLength: 255 },
        ]}
        selects={
          <>
            <SelectFilter
              label={t.action}
              any={t.allActions}
              value={query.action as string | undefined}
              options={ONDC_CALL_ACTIONS.map((action) => [action, action] as const)}
              onChange={(action) => filters.change({ action })}
            />
            <SelectFilter
              label={t.direction}
              any={t.bothDirections}
              value={query.direction as string | undefined}
              options={ONDC_DIRECTIONS.map((direction) => [direction, t.directionsLong[direction]] as const)}
              onChange={(direction) => filters.change({ direction })}
              width={200}
            />
            <SelectFilter
              label={t.ack}
              any={t.anyAck}
              value={query.ack as string | undefined}
              options={ONDC_ACK_FILTERS.map((ack) => [ack, t.ackStates[ack]] as const)}
              onChange={(ack) => filters.change({ ack })}
              width={150}
            />
            <SelectFilter
              label={t.lateFilter}
              any={t.anyLate}
              value={query.late as string | undefined}
              options={[
                ['true', t.lateOnly],
                ['false', t.onTimeOnly],
              ]}
              onChange={(value) => filters.change({ late: value })}
            />
          </>
        }
      />
      <QueryState query={calls} loading={t.callsLoading} failed={t.callsFailed} words={words} />
      {data && (
        <PayoutTable<AdminOndcCall>
          title={t.calls}
          caption={
            <>
              {t.callsCaption}{' '}
              <Typography component="span" variant="body2" fontWeight={700} color="text.primary">
                {t.callsTotal(data.total, data.total_capped)}
              </Typography>
            </>
          }
          rows={data.calls}
          rowKey={(call) => call.id}
          rowName={(call) => t.callTitle(call.id, call.action)}
          columns={callColumns(words)}
          empty={filtered ? <Nothing title={t.noCallsFiltered} /> : <Nothing title={t.noCalls} text={t.noCallsText} />}
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

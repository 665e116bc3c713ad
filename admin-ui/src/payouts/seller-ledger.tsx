import type { SellerLedger, SellerLedgerTransaction } from '@mandi/contracts';
import { PAYOUT_SETTLE_AFTER_HOURS } from '@mandi/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { Alert, Box, Button, Card, CardContent, Chip, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { useSay } from '../layout/use-say';
import { AdjustDialog, SettleAfterDialog, type AdjustmentInput, type AdjustmentMessages } from './payout-dialogs';
import { PAYOUTS_KEY } from './payout-list';
import { Pages, PayoutTable } from './payout-table';
import { refusedFields, type PayoutWords } from './payout-texts';

/** Transactions on a page of the ledger, as the API serves them. */
const PER_PAGE = 20;

/** A card of the ledger's head: a label, its figure or state, and a line under it. */
function Fact({
  label,
  value,
  detail,
  tone,
  action,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: string;
  action?: ReactNode;
}) {
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 1.5 }}>
            {label}
          </Typography>
          <Typography
            variant="h5"
            component="div"
            fontWeight={800}
            color={tone ?? 'text.primary'}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
          {detail && (
            <Typography variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Typography>
          )}
          {action && <Box sx={{ mt: 1.5 }}>{action}</Box>}
        </CardContent>
      </Card>
    </Grid>
  );
}

/** A transaction's entries, each account in words and its amount, debits positive and credits negative. */
function Entries({ transaction, words }: { transaction: SellerLedgerTransaction; words: PayoutWords }) {
  const { t, money } = words;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.25 }}>
      {transaction.entries.map((entry, index) => (
        <Box key={`${entry.account}-${index}`} sx={{ display: 'contents' }}>
          <Typography
            component="dt"
            variant="body2"
            sx={{ whiteSpace: 'nowrap' }}
            fontWeight={entry.account === 'seller_payable' ? 700 : 400}
            color={entry.account === 'seller_payable' ? 'text.primary' : 'text.secondary'}
          >
            {t.accounts[entry.account]}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            fontWeight={entry.account === 'seller_payable' ? 700 : 400}
          >
            {money(entry.amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A seller's ledger in the console (docs/ledger.md): what Mandi owes them (less their seller_payable entries), their
 * Route account and settle-after period (changed in a dialog), their ledger transactions newest first with every
 * entry, and Adjust balance, which books a correction (it moves no money by itself). Every change is audited by the
 * server, and the ledger and the payouts are read again after it.
 */
export function SellerLedgerView({ getToken, words }: { getToken: TokenSource; words: PayoutWords }) {
  const { t, money, time, said, language } = words;
  const { uid = '' } = useParams();
  const say = useSay();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const [open, setOpen] = useState<'adjust' | 'settle' | null>(null);
  const [adjustErrors, setAdjustErrors] = useState<AdjustmentMessages>({});
  const [hoursError, setHoursError] = useState<string | undefined>();

  const ledger = useQuery({
    queryKey: [...PAYOUTS_KEY, 'ledger', uid, page],
    queryFn: () => apiFetch('sellerLedger', getToken, { params: { uid }, query: { page } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const reread = () => queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
  const close = () => {
    setOpen(null);
    setAdjustErrors({});
    setHoursError(undefined);
  };

  const data: SellerLedger | undefined = ledger.data;
  const name = data?.seller.name ?? uid;
  const adjust = useMutation({
    networkMode: 'always',
    mutationFn: (input: AdjustmentInput) =>
      apiFetch('adjustSellerBalance', getToken, {
        params: { uid },
        body: { amount: input.amount, reason: input.reason },
      }),
    onSuccess: (answer, input) => {
      say(t.adjusted(money(input.amount), name, money(answer.balance)), 'success');
      close();
    },
    onError: (error) => {
      const fields = refusedFields(error, ['amount', 'reason'] as const, language);
      if (fields) setAdjustErrors(fields);
      else say(said(error) ?? t.adjustFailed, 'error');
    },
    onSettled: reread,
  });
  const settle = useMutation({
    networkMode: 'always',
    mutationFn: (hours: number | null) =>
      apiFetch('setSellerSettleAfter', getToken, { params: { uid }, body: { hours } }),
    onSuccess: (account) => {
      say(t.settleSaved(name, account.settle_after_hours), 'success');
      close();
    },
    onError: (error) => {
      const fields = refusedFields(error, ['hours'] as const, language);
      if (fields?.hours) setHoursError(fields.hours);
      else say(said(error) ?? t.saveFailed, 'error');
    },
    onSettled: reread,
  });

  const account = data?.route_account ?? null;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button component={RouterLink} to="/payouts" startIcon={<ArrowBack />} size="small">
          {t.allPayouts}
        </Button>
        {data && (
          <Button
            component={RouterLink}
            to={`/payouts?seller=${encodeURIComponent(data.seller.uid)}`}
            startIcon={<PlaylistAddCheck />}
            size="small"
          >
            {t.theirPayouts}
          </Button>
        )}
      </Stack>
      <Box
        sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h6"
            component="h2"
            fontWeight={800}
            color="primary.dark"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {t.ledgerTitle(name)}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {uid}
          </Typography>
        </Box>
        {data && (
          <Button variant="contained" startIcon={<ReceiptLong />} onClick={() => setOpen('adjust')}>
            {t.adjust}
          </Button>
        )}
      </Box>

      {ledger.isFetching && <LinearProgress aria-label={t.ledgerLoading} sx={{ mb: 2 }} />}
      {ledger.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void ledger.refetch()}>{t.tryAgain}</Button>}
          sx={{ mb: 2 }}
        >
          {said(ledger.error) ?? t.ledgerFailed}
        </Alert>
      )}

      {data && (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Fact
              label={t.balance}
              value={money(data.balance)}
              tone={data.balance < 0 ? 'error.main' : 'primary.dark'}
              detail={data.balance < 0 ? t.owes : t.owed}
            />
            <Fact
              label={t.routeAccount}
              value={
                account ? (
                  <Chip
                    label={t.accountStates[account.status]}
                    color={
                      account.status === 'activated' ? 'success' : account.status === 'failed' ? 'error' : 'warning'
                    }
                  />
                ) : (
                  t.none
                )
              }
              detail={
                account ? (
                  <>
                    {account.razorpay_account_id && (
                      <Box component="span" sx={{ display: 'block', fontFamily: 'monospace' }}>
                        {account.razorpay_account_id}
                      </Box>
                    )}
                    {account.last_error && (
                      <Box component="span" sx={{ display: 'block', color: 'error.main' }}>
                        {account.last_error}
                      </Box>
                    )}
                  </>
                ) : (
                  t.noRouteAccount
                )
              }
            />
            <Fact
              label={t.settleAfter}
              value={t.hoursValue(account?.settle_after_hours ?? PAYOUT_SETTLE_AFTER_HOURS)}
              detail={
                account?.settle_after_hours === null || account?.settle_after_hours === undefined
                  ? t.settleAfterDefault
                  : t.settleAfterOwn
              }
              action={
                <Button size="small" variant="outlined" startIcon={<Edit />} onClick={() => setOpen('settle')}>
                  {t.change}
                </Button>
              }
            />
          </Grid>

          <PayoutTable<SellerLedgerTransaction>
            title={t.transactions}
            caption={t.transactionsCaption}
            rows={data.transactions}
            rowKey={(transaction) => transaction.id}
            rowName={(transaction) => `${t.kinds[transaction.kind]} ${transaction.id}`}
            empty={<Typography color="text.secondary">{t.noTransactions}</Typography>}
            columns={[
              {
                label: t.txColumns.when,
                cell: (transaction) => (
                  <Box component="time" dateTime={transaction.created_at} sx={{ whiteSpace: 'nowrap' }}>
                    {time(transaction.created_at)}
                  </Box>
                ),
              },
              {
                label: t.txColumns.kind,
                cell: (transaction) => (
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <Chip
                      size="small"
                      label={t.kinds[transaction.kind]}
                      color={transaction.kind === 'adjustment' ? 'warning' : 'default'}
                      variant="outlined"
                    />
                    {transaction.reason && (
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                        {transaction.reason}
                      </Typography>
                    )}
                    {transaction.created_by && (
                      <Typography variant="caption" color="text.secondary">
                        {t.by(transaction.created_by)}
                      </Typography>
                    )}
                  </Stack>
                ),
              },
              {
                label: t.txColumns.reference,
                cell: (transaction) => (
                  <Stack spacing={0.25}>
                    <Box
                      component="span"
                      sx={{ fontFamily: 'monospace', fontSize: '0.75rem', wordBreak: 'break-all', maxWidth: 240 }}
                    >
                      {transaction.source_key}
                    </Box>
                    {transaction.order_id && (
                      <Typography variant="caption" color="text.secondary">
                        {t.orderLink(transaction.order_id)}
                      </Typography>
                    )}
                  </Stack>
                ),
              },
              {
                label: t.txColumns.entries,
                cell: (transaction) => <Entries transaction={transaction} words={words} />,
              },
            ]}
            footer={
              <Pages
                page={page}
                pages={pages}
                label={t.pages}
                text={t.page(page, pages)}
                previous={t.previous}
                next={t.next}
                onPage={(next) => setSearch(next === 1 ? {} : { page: String(next) })}
              />
            }
          />
        </>
      )}

      {open === 'adjust' && (
        <AdjustDialog
          t={t}
          seller={name}
          pending={adjust.isPending}
          errors={adjustErrors}
          onClearError={(field) => setAdjustErrors(({ [field]: _gone, ...rest }) => rest)}
          onClose={close}
          onSave={(input) => adjust.mutate(input)}
        />
      )}
      {open === 'settle' && (
        <SettleAfterDialog
          t={t}
          initial={account?.settle_after_hours ?? null}
          pending={settle.isPending}
          error={hoursError}
          onClearError={() => setHoursError(undefined)}
          onClose={close}
          onSave={(hours) => settle.mutate(hours)}
        />
      )}
    </>
  );
}

import type { AdminPayout, AdminPayoutSummary } from '@mandi/contracts';
import { PAYOUT_STATUSES, type PayoutStatus } from '@mandi/domain';
import Replay from '@mui/icons-material/Replay';
import Search from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { useSay } from '../layout/use-say';
import { RetryDialog } from './payout-dialogs';
import { Pages, PayoutTable } from './payout-table';
import type { PayoutWords } from './payout-texts';

/** Every query of the Payouts page starts with this; a change reads them all again. */
export const PAYOUTS_KEY = ['console', 'payouts'] as const;

/** Rows of a page, as the API serves them. */
const PER_PAGE = 20;

/** The summary's figures in the order of the cards, with the tone of each. */
const FIGURES = [
  ['due', 'success.main'],
  ['held', 'primary.dark'],
  ['pending', 'text.primary'],
  ['failed', 'error.main'],
  ['awaiting_account', 'warning.dark'],
] as const satisfies readonly (readonly [keyof AdminPayoutSummary, string])[];

/** How each status's chip is coloured. */
const TONES: Partial<Record<PayoutStatus, 'success' | 'warning' | 'error' | 'info' | 'primary'>> = {
  failed: 'error',
  to_release: 'success',
  released: 'info',
  settled: 'success',
  on_hold: 'primary',
  awaiting_account: 'warning',
  to_reverse: 'warning',
};

/** A payout's status as a chip in the page's language. */
export function PayoutStatusChip({ status, words }: { status: PayoutStatus; words: PayoutWords }) {
  const tone = TONES[status];
  return (
    <Chip
      size="small"
      label={words.t.statuses[status]}
      color={tone ?? 'default'}
      variant={tone && status !== 'settled' ? 'filled' : 'outlined'}
    />
  );
}

/** The five figures that want attention, each a count and its amount. */
function SummaryCards({ summary, words }: { summary: AdminPayoutSummary; words: PayoutWords }) {
  const { t, money } = words;
  return (
    <Box component="section" aria-label={t.summary} sx={{ mb: 3 }}>
      <Grid container spacing={1.5}>
        {FIGURES.map(([key, tone]) => {
          const figure = summary[key];
          const { label, detail } = t.figures[key];
          return (
            <Grid key={key} size={{ xs: 6, sm: 4, lg: 12 / 5 }}>
              <Box
                role="group"
                aria-label={label}
                sx={{
                  p: 1.5,
                  height: '100%',
                  borderRadius: 2,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: key === 'failed' && figure.count > 0 ? 'error.light' : 'divider',
                }}
              >
                <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
                  {label}
                </Typography>
                <Typography
                  variant="h6"
                  component="p"
                  fontWeight={800}
                  color={figure.count > 0 ? tone : 'text.secondary'}
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {money(figure.amount)}
                </Typography>
                <Typography variant="body2" fontWeight={600}>
                  {t.payoutCount(figure.count)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {detail}
                </Typography>
              </Box>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}

/** A payout's way so far: when it was made, transferred, released and settled (with the UTR). */
function Progress({ payout, words }: { payout: AdminPayout; words: PayoutWords }) {
  const { t, time } = words;
  const steps = [
    [t.created, payout.created_at],
    [t.transferred, payout.transferred_at],
    [t.released, payout.released_at],
    [t.settled, payout.settled_at],
  ] as const;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.25 }}>
      {steps
        .filter(([, at]) => at !== null)
        .map(([label, at]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="caption" sx={{ m: 0, whiteSpace: 'nowrap' }}>
              {time(at)}
            </Typography>
          </Box>
        ))}
      {payout.utr && (
        <>
          <Typography component="dt" variant="caption" color="text.secondary">
            {t.utr}
          </Typography>
          <Typography component="dd" variant="caption" sx={{ m: 0, fontFamily: 'monospace' }}>
            {payout.utr}
          </Typography>
        </>
      )}
    </Box>
  );
}

/** The ledger's link of a payout's seller. */
function SellerLink({ seller, words }: { seller: AdminPayout['seller']; words: PayoutWords }) {
  return (
    <Link
      component={RouterLink}
      to={`/payouts/sellers/${encodeURIComponent(seller.uid)}`}
      aria-label={words.t.sellerLedgerOf(seller.name)}
      sx={{ fontWeight: 600, overflowWrap: 'break-word', display: 'inline-block', minWidth: 96 }}
    >
      {seller.name}
    </Link>
  );
}

/** Opens a seller's ledger by the uid typed. */
function FindSeller({ words }: { words: PayoutWords }) {
  const { t } = words;
  const navigate = useNavigate();
  const [uid, setUid] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = uid.trim();
    if (given === '') return setProblem(t.uidMissing);
    navigate(`/payouts/sellers/${encodeURIComponent(given)}`);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={t.findSellerHint}
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        size="small"
        label={t.findSeller}
        value={uid}
        onChange={(event) => {
          setUid(event.target.value);
          setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? t.findSellerHint}
        slotProps={{ htmlInput: { maxLength: 128, autoComplete: 'off', spellCheck: false } }}
        sx={{ minWidth: 240, flex: '1 1 240px' }}
      />
      <Button type="submit" variant="outlined" startIcon={<Search />} sx={{ mt: 0.25 }}>
        {t.openLedger}
      </Button>
    </Box>
  );
}

/**
 * The Payouts tab (docs/payouts.md): the summary of what is due, held, pending, failed and awaiting an account, a
 * status filter (and the seller a ledger sent the admin from), the payouts newest first, 20 a page, each seller a link
 * to their ledger, and Retry on a failed payout after a confirm. The filter and page live in the URL, so a reload or
 * a link keeps them.
 */
export function PayoutList({ getToken, words }: { getToken: TokenSource; words: PayoutWords }) {
  const { t, money, said } = words;
  const say = useSay();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const statusParam = search.get('status');
  const status = (PAYOUT_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as PayoutStatus)
    : undefined;
  const seller = search.get('seller') ?? undefined;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const [retrying, setRetrying] = useState<AdminPayout | null>(null);

  const payouts = useQuery({
    queryKey: [...PAYOUTS_KEY, 'list', { status, seller, page }],
    queryFn: () => apiFetch('adminPayouts', getToken, { query: { status, seller, page } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const retry = useMutation({
    networkMode: 'always',
    mutationFn: (payout: AdminPayout) => apiFetch('retryPayout', getToken, { params: { payoutId: payout.id } }),
    onSuccess: (payout) => say(t.retried(payout.id), 'success'),
    onError: (error) => say(said(error) ?? t.retryFailed, 'error'),
    onSettled: () => {
      setRetrying(null);
      return queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
    },
  });

  const change = (next: { status?: string | undefined; seller?: string | undefined; page?: number }) => {
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(next)) {
      if (value === undefined || value === '' || (name === 'page' && value === 1)) params.delete(name);
      else params.set(name, String(value));
    }
    setSearch(params);
  };

  const data = payouts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  const sellerName = data?.payouts.find((payout) => payout.seller.uid === seller)?.seller.name ?? seller;

  return (
    <>
      {payouts.isFetching && <LinearProgress aria-label={t.loading} sx={{ mb: 2 }} />}
      {payouts.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void payouts.refetch()}>{t.tryAgain}</Button>}
          sx={{ mb: 2 }}
        >
          {said(payouts.error) ?? t.fetchFailed}
        </Alert>
      )}
      {data && <SummaryCards summary={data.summary} words={words} />}

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t.status}
            value={status ?? ''}
            onChange={(event) => change({ status: event.target.value || undefined, page: 1 })}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t.allStatuses}</MenuItem>
            {PAYOUT_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t.statuses[value]}
              </MenuItem>
            ))}
          </TextField>
          {seller && (
            <>
              <Chip label={t.sellerOnly(sellerName ?? seller)} color="primary" variant="outlined" />
              <Button size="small" onClick={() => change({ seller: undefined, page: 1 })}>
                {t.everySeller}
              </Button>
            </>
          )}
        </Stack>
        <FindSeller words={words} />
      </Stack>

      {data && (
        <PayoutTable<AdminPayout>
          title={t.list}
          caption={t.listCaption}
          rows={data.payouts}
          rowKey={(payout) => payout.id}
          rowName={(payout) => `${t.columns.payout} ${payout.id}`}
          actionsLabel={t.columns.actions}
          empty={
            <Box sx={{ py: 3, textAlign: 'center' }}>
              <Typography variant="h6" component="p">
                {status || seller ? t.emptyFiltered : t.empty}
              </Typography>
              {!status && !seller && <Typography color="text.secondary">{t.emptyText}</Typography>}
            </Box>
          }
          columns={[
            {
              label: t.columns.payout,
              cell: (payout) => (
                <>
                  <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                    #{payout.id}
                  </Box>
                  <Link
                    component={RouterLink}
                    to={`/orders/${payout.order_id}/show`}
                    variant="caption"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t.orderLink(payout.order_id)}
                  </Link>
                </>
              ),
            },
            { label: t.columns.seller, cell: (payout) => <SellerLink seller={payout.seller} words={words} /> },
            { label: t.columns.amount, cell: (payout) => money(payout.amount), numeric: true },
            { label: t.columns.method, cell: (payout) => t.methods[payout.method] },
            {
              label: t.columns.status,
              cell: (payout) => (
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <PayoutStatusChip status={payout.status} words={words} />
                  {payout.attempts > 0 && (
                    <Typography variant="caption" color="text.secondary">
                      {t.attempts(payout.attempts)}
                    </Typography>
                  )}
                  {payout.last_error && (
                    <Typography
                      variant="caption"
                      color="error.main"
                      sx={{ overflowWrap: 'anywhere', minWidth: 160, maxWidth: 240 }}
                    >
                      {payout.last_error}
                    </Typography>
                  )}
                </Stack>
              ),
            },
            {
              label: t.columns.transfer,
              cell: (payout) =>
                payout.razorpay_transfer_id ? (
                  <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.75rem', wordBreak: 'break-all' }}>
                    {payout.razorpay_transfer_id}
                  </Box>
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    {t.noTransfer}
                  </Typography>
                ),
            },
            { label: t.columns.progress, cell: (payout) => <Progress payout={payout} words={words} /> },
          ]}
          actions={(payout) =>
            payout.status === 'failed' ? (
              <Button
                size="small"
                variant="contained"
                color="error"
                startIcon={<Replay />}
                aria-label={t.retryLabel(payout.id)}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                disabled={retry.isPending}
                onClick={() => setRetrying(payout)}
              >
                {t.retry}
              </Button>
            ) : null
          }
          footer={
            <Pages
              page={page}
              pages={pages}
              label={t.pages}
              text={t.page(page, pages)}
              previous={t.previous}
              next={t.next}
              onPage={(next) => change({ page: next })}
            />
          }
        />
      )}

      {retrying && (
        <RetryDialog
          t={t}
          payoutId={retrying.id}
          amount={money(retrying.amount)}
          seller={retrying.seller.name}
          pending={retry.isPending}
          onClose={() => setRetrying(null)}
          onConfirm={() => retry.mutate(retrying)}
        />
      )}
    </>
  );
}

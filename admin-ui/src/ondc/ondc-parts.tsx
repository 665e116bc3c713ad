import type { AdminOndcCall } from '@mandi/contracts';
import CallMade from '@mui/icons-material/CallMade';
import CallReceived from '@mui/icons-material/CallReceived';
import { Alert, Box, Button, Chip, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { OndcWords } from './ondc-texts';

/** Every query of the Network page starts with this. */
export const ONDC_KEY = ['console', 'ondc'] as const;

/** The page of network order `orderId` (the Mandi order's id). */
export const networkOrderPath = (orderId: string) => `/ondc/orders/${encodeURIComponent(orderId)}`;
/** The page of call `callId`. */
export const callPath = (callId: string) => `/ondc/calls/${encodeURIComponent(callId)}`;
/** The calls list with `filters` set. */
export function callsPath(filters: Record<string, string> = {}): string {
  const query = new URLSearchParams(filters).toString();
  return query ? `/ondc/calls?${query}` : '/ondc/calls';
}

/** An id, a URI or a key as the protocol writes it: monospace, broken anywhere rather than widen the page. */
export function Code({ children, small }: { children: ReactNode; small?: boolean }) {
  return (
    <Box
      component="span"
      sx={{ fontFamily: 'monospace', fontSize: small ? '0.75rem' : '0.8125rem', overflowWrap: 'anywhere' }}
    >
      {children}
    </Box>
  );
}

/**
 * A long id (a transaction's or message's UUID) as its first eight characters, the whole in its title: a table
 * shows which one it is, the call's page and the filters take the whole.
 */
export function ShortId({ id }: { id: string }) {
  const short = id.length > 13 ? `${id.slice(0, 8)}…` : id;
  return (
    <Box component="span" title={id} sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
      {short}
    </Box>
  );
}

/** A buyer app's subscriber id, broken only after its dots (`pincode.` / `example.in`) when it must wrap. */
export function BuyerApp({ id }: { id: string }) {
  const parts = id.split('.');
  return (
    <Box component="span" title={id} sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </Fragment>
      ))}
    </Box>
  );
}

/** A call's ACK, NACK or awaiting one as a chip, and Late beside it when it came late. */
export function AckChips({ call, words }: { call: AdminOndcCall; words: OndcWords }) {
  const { t } = words;
  const state = call.ack_status ?? 'pending';
  const tone = state === 'ACK' ? 'success' : state === 'NACK' ? 'error' : 'warning';
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" label={t.ackStates[state]} color={tone} variant={state === 'ACK' ? 'outlined' : 'filled'} />
      {call.late && <Chip size="small" label={t.late} color="warning" variant="outlined" />}
    </Stack>
  );
}

/** A call's acknowledgement with the error a NACK carried, and for a callback how many times it was posted. */
export function Acknowledgement({ call, words }: { call: AdminOndcCall; words: OndcWords }) {
  const { t } = words;
  const error = t.errorOf(call.error_code, call.error_message);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <AckChips call={call} words={words} />
      {error && (
        <Typography variant="caption" color="error.main" sx={{ overflowWrap: 'anywhere', maxWidth: 260 }}>
          {error}
        </Typography>
      )}
      {call.direction === 'outbound' && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {t.attempts(call.attempts)}
        </Typography>
      )}
    </Stack>
  );
}

/** Which way a call went, as an arrow and a word: In (the buyer app's call), Out (Mandi's callback). */
export function Direction({ call, words }: { call: Pick<AdminOndcCall, 'direction'>; words: OndcWords }) {
  const inbound = call.direction === 'inbound';
  return (
    <Box
      component="span"
      title={words.t.directionsLong[call.direction]}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
    >
      {inbound ? (
        <CallReceived fontSize="small" sx={{ color: 'info.main' }} aria-hidden />
      ) : (
        <CallMade fontSize="small" sx={{ color: 'primary.main' }} aria-hidden />
      )}
      {words.t.directions[call.direction]}
    </Box>
  );
}

/** A call's number and action ('#8 on_confirm', its name too) as the way into its page. */
export function CallLink({ call }: { call: Pick<AdminOndcCall, 'id' | 'action'> }) {
  return (
    <Link component={RouterLink} to={callPath(call.id)} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
      #{call.id} <Code>{call.action}</Code>
    </Link>
  );
}

/** Seconds from `from` to `to`, as the timing column says them: '0.6 s', '95 s', '4 min'. */
export function secondsBetween(from: string, to: string): string {
  const seconds = (Date.parse(to) - Date.parse(from)) / 1000;
  if (Math.abs(seconds) < 10) return `${seconds.toFixed(1)} s`;
  if (Math.abs(seconds) < 120) return `${Math.round(seconds)} s`;
  return `${Math.round(seconds / 60)} min`;
}

/**
 * When a call was made, to the second, and for a callback how long the buyer app had (its request's ttl) and how long
 * it took to acknowledge it, so a late one reads at a glance.
 */
export function Timing({ call, words }: { call: AdminOndcCall; words: OndcWords }) {
  const { t, shortTime } = words;
  const steps: [string, string, boolean?][] = [[t.made, shortTime(call.created_at)]];
  if (call.due_by) steps.push([t.ttl, secondsBetween(call.created_at, call.due_by)]);
  if (call.answered_at) steps.push([t.answered, t.after(secondsBetween(call.created_at, call.answered_at)), call.late]);
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.25 }}>
      {steps.map(([label, value, late]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="caption"
            sx={{ m: 0, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            color={late ? 'warning.dark' : 'text.primary'}
            fontWeight={late ? 700 : 400}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The times of a call in full, for its page: made, due by and answered, each to the second. */
export function FullTiming({ call, words }: { call: AdminOndcCall; words: OndcWords }) {
  const { t, exactTime } = words;
  const steps = [
    [t.made, call.created_at],
    [t.dueBy, call.due_by],
    [t.answered, call.answered_at],
  ] as const;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.25 }}>
      {steps
        .filter(([, at]) => at !== null)
        .map(([label, at]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {exactTime(at)}
              {label === t.answered && call.answered_at && (
                <Typography component="span" variant="body2" color={call.late ? 'warning.dark' : 'text.secondary'}>
                  {' '}
                  ({t.after(secondsBetween(call.created_at, call.answered_at))}
                  {call.late && call.due_by ? `; ${t.lateBy(secondsBetween(call.due_by, call.answered_at))}` : ''})
                </Typography>
              )}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** A term of a record and what it is. */
/** A titled card of one thing's facts: its title beside a badge (status, acknowledgement), then the facts. */
export function FactsCard({ title, badge, facts }: { title: string; badge: ReactNode; facts: readonly Fact[] }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2, mb: 3 }}>
      <Box
        sx={{
          mb: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="h6" component="h2" fontWeight={800} color="primary.dark" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {badge}
      </Box>
      <Facts facts={facts} />
    </Paper>
  );
}

export type Fact = readonly [string, ReactNode];

/** Facts of one record as a list of terms and values, two columns wide on a screen and one on a phone. */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        rowGap: 1.5,
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {term}
          </Typography>
          <Box component="dd" sx={{ m: 0, typography: 'body2', overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** A query's progress bar while it reads, and its failure with the server's words and a retry. */
export function QueryState({
  query,
  loading,
  failed,
  words,
}: {
  query: Pick<UseQueryResult, 'isFetching' | 'isError' | 'error' | 'refetch'>;
  loading: string;
  failed: string;
  words: OndcWords;
}) {
  return (
    <>
      {query.isFetching && <LinearProgress aria-label={loading} sx={{ mb: 2 }} />}
      {query.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void query.refetch()}>{words.t.tryAgain}</Button>}
          sx={{ mb: 2 }}
        >
          {words.said(query.error) ?? failed}
        </Alert>
      )}
    </>
  );
}

/** The designed 'nothing here' of a table: a line, and what will appear when nothing is filtered. */
export function Nothing({ title, text }: { title: string; text?: string }) {
  return (
    <Box sx={{ py: 3, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {text && <Typography color="text.secondary">{text}</Typography>}
    </Box>
  );
}

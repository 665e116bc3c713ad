import type { AdminOndcSummary } from '@mandi/contracts';
import { Alert, Box, Grid, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { ONDC_KEY, callsPath } from './ondc-parts';
import type { OndcWords } from './ondc-texts';

/** How often the figures are read again: the network does not wait for the admin to reload. */
const REREAD_MS = 60_000;

/** The figures in the order of the cards: each one's tone when it is not zero, and the calls it links to. */
const FIGURES = [
  ['calls', 'text.primary', null],
  ['nacks', 'error.main', { ack: 'NACK' }],
  ['late', 'warning.dark', { late: 'true' }],
  ['awaiting', 'info.main', { ack: 'pending', direction: 'outbound' }],
] as const satisfies readonly (readonly [
  keyof Omit<AdminOndcSummary, 'at' | 'since'>,
  string,
  Record<string, string> | null,
])[];

/**
 * The last 24 hours of the network at the top of the page: its calls and callbacks, the NACKs either way, the
 * callbacks acknowledged late and those still awaiting an ACK; each that wants attention links to those calls.
 */
export function OndcSummary({ getToken, words }: { getToken: TokenSource; words: OndcWords }) {
  const { t, time, said } = words;
  const summary = useQuery({
    queryKey: [...ONDC_KEY, 'summary'],
    queryFn: () => apiFetch('adminOndcSummary', getToken),
    refetchInterval: REREAD_MS,
    retry: false,
  });
  if (summary.isError) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {said(summary.error) ?? t.summaryFailed}
      </Alert>
    );
  }
  const data = summary.data;
  return (
    <Box component="section" aria-label={t.summary} sx={{ mb: 2 }}>
      <Box sx={{ mb: 1, display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
        <Typography variant="subtitle1" component="h2" fontWeight={800} color="primary.dark">
          {t.summary}
        </Typography>
        {data && (
          <Typography variant="caption" color="text.secondary">
            {t.summaryCaption(time(data.since))}
          </Typography>
        )}
      </Box>
      <Grid container spacing={1.5}>
        {FIGURES.map(([key, tone, filters]) => {
          const count = data?.[key];
          const { label, detail } = t.figures[key];
          const wanted = filters !== null && count !== undefined && count > 0;
          return (
            <Grid key={key} size={{ xs: 6, md: 3 }}>
              <Box
                role="group"
                aria-label={label}
                sx={{
                  p: 1.5,
                  height: '100%',
                  borderRadius: 2,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: wanted && key === 'nacks' ? 'error.light' : 'divider',
                }}
              >
                <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
                  {label}
                </Typography>
                <Typography
                  variant="h5"
                  component="p"
                  fontWeight={800}
                  color={count ? tone : 'text.secondary'}
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {count === undefined ? t.none : count.toLocaleString('en-IN')}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {detail}
                </Typography>
                {wanted && (
                  <Link component={RouterLink} to={callsPath(filters)} variant="caption" fontWeight={700}>
                    {t.show[key as keyof typeof t.show]}
                  </Link>
                )}
              </Box>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}

import type { HealthAnswer } from '@mandi/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HighlightOff from '@mui/icons-material/HighlightOff';
import { Alert, Box, Button, Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { HttpError, Title } from 'react-admin';
import { apiFetch, type TokenSource } from '../data/api-fetch';
import { PipelineSkeleton } from './pipeline-skeleton';
import { DASHBOARD_REFRESH_MS } from './refresh';

// The pipeline's panel (its table and formatting) loads with the page, not with the console.
const PipelinePanel = lazy(() => import('./pipeline-panel'));

const PARTS = [
  { key: 'database', label: 'Database', detail: 'PostgreSQL: orders, products, users' },
  { key: 'redis', label: 'Redis', detail: 'Queues, rate limits and caches' },
  { key: 'worker', label: 'Worker', detail: 'Invoices, mail, deadlines and refunds' },
  { key: 'documents', label: 'Documents', detail: 'Invoice and credit note PDFs (Chromium)' },
] as const;

const SUMMARY: Record<HealthAnswer['status'], { severity: 'success' | 'warning' | 'error'; text: string }> = {
  ok: { severity: 'success', text: 'Everything is running.' },
  degraded: { severity: 'warning', text: 'The shop is running, but not everything works.' },
  error: { severity: 'error', text: 'Some parts of the system are down.' },
};

/** The health route; a system with a part down answers 503 with the same body, which is an answer too. */
async function readHealth(getToken: TokenSource): Promise<HealthAnswer> {
  try {
    return await apiFetch('health', getToken);
  } catch (error) {
    const body = error instanceof HttpError ? (error.body as Partial<HealthAnswer> | undefined) : undefined;
    if (body && typeof body === 'object' && 'database' in body) return body as HealthAnswer;
    throw error;
  }
}

/**
 * The console's System health page: each part from the health route (database, Redis, worker, documents), then the
 * event pipeline at a glance from adminPipeline (queues, dead jobs, outbox lag) with the way into the
 * queue dashboard. Both are read again every 15 s while the page is open.
 */
export function Dashboard({ getToken }: { getToken: TokenSource }) {
  const health = useQuery({
    queryKey: ['console', 'health'],
    queryFn: () => readHealth(getToken),
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: false,
  });
  const answer = health.data;

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="System health" />
      <Typography variant="h5" component="h1" fontWeight={800} color="primary.dark" gutterBottom>
        System health
      </Typography>
      {health.isError && !answer && (
        <Alert
          severity="error"
          action={<Button onClick={() => void health.refetch()}>Try again</Button>}
          sx={{ mb: 2 }}
        >
          The API did not answer. It may be starting or stopped.
        </Alert>
      )}
      {answer && (
        <Alert severity={SUMMARY[answer.status].severity} sx={{ mb: 2 }}>
          {SUMMARY[answer.status].text}
          {answer.reason && answer.status === 'degraded' && <> {answer.reason}</>}
        </Alert>
      )}
      <Grid container spacing={2}>
        {PARTS.map((part) => {
          const up = answer ? answer[part.key] === 'up' : null;
          return (
            <Grid key={part.key} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Card component="section" aria-label={part.label} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  {up === null ? (
                    <Skeleton variant="circular" width={40} height={40} />
                  ) : up ? (
                    <CheckCircle color="success" sx={{ fontSize: 40 }} />
                  ) : (
                    <HighlightOff color="error" sx={{ fontSize: 40 }} />
                  )}
                  <Box>
                    <Typography variant="h6" component="h2">
                      {part.label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {up === null ? 'Checking…' : up ? 'Up' : 'Down'} · {part.detail}
                    </Typography>
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      <Suspense fallback={<PipelineSkeleton />}>
        <PipelinePanel getToken={getToken} />
      </Suspense>
    </Box>
  );
}

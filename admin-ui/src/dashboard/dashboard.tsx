import type { HealthAnswer } from '@mandi/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HighlightOff from '@mui/icons-material/HighlightOff';
import { Alert, Box, Button, Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { apiFetch, type TokenSource } from '../data/api-fetch';

const PARTS = [
  { key: 'database', label: 'Database', detail: 'PostgreSQL: orders, products, users' },
  { key: 'redis', label: 'Redis', detail: 'Queues, rate limits and caches' },
  { key: 'worker', label: 'Worker', detail: 'Invoices, mail, deadlines and refunds' },
] as const;

type Health = { state: 'loading' } | { state: 'ready'; answer: HealthAnswer } | { state: 'failed' };

/** The console's home: the system health from GET /api/health (database, Redis, worker). */
export function Dashboard({ getToken }: { getToken: TokenSource }) {
  const [health, setHealth] = useState<Health>({ state: 'loading' });

  const load = useCallback(async () => {
    setHealth({ state: 'loading' });
    try {
      setHealth({ state: 'ready', answer: await apiFetch<HealthAnswer>('/api/health', getToken) });
    } catch (error) {
      // A degraded system answers 503 with the same body; show which part is down.
      const body = (error as { body?: unknown }).body as Partial<HealthAnswer> | undefined;
      if (body && typeof body === 'object' && 'database' in body) setHealth({ state: 'ready', answer: body as HealthAnswer });
      else setHealth({ state: 'failed' });
    }
  }, [getToken]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h5" component="h1" fontWeight={800} color="primary.dark" gutterBottom>
        System health
      </Typography>
      {health.state === 'failed' && (
        <Alert severity="error" action={<Button onClick={() => void load()}>Try again</Button>} sx={{ mb: 2 }}>
          The API did not answer. It may be starting or stopped.
        </Alert>
      )}
      {health.state === 'ready' && (
        <Alert severity={health.answer.status === 'ok' ? 'success' : 'warning'} sx={{ mb: 2 }}>
          {health.answer.status === 'ok' ? 'Everything is running.' : 'Some parts of the system are down.'}
        </Alert>
      )}
      <Grid container spacing={2}>
        {PARTS.map((part) => {
          const up = health.state === 'ready' ? health.answer[part.key] === 'up' : null;
          return (
            <Grid key={part.key} size={{ xs: 12, md: 4 }}>
              <Card>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  {health.state === 'loading' ? (
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
                      {health.state === 'loading' ? 'Checking…' : up ? 'Up' : 'Down'} · {part.detail}
                    </Typography>
                  </Box>
                </CardContent>
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}

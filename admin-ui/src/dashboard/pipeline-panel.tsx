import type { PipelineQueue } from '@mandi/contracts';
import { CONSOLE_MESSAGES } from '@mandi/domain';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useDataProvider } from 'react-admin';
import { apiFetch, serverMessage, type TokenSource } from '../data/api-fetch';
import type { ConsoleDataProvider } from '../data/data-provider';
import { formatIndiaTime } from '../layout/format';
import { useNow } from '../layout/use-now';
import { useSay } from '../layout/use-say';
import { OUTBOX_LAG_WARNING_SECONDS, formatAgo, formatWait } from './pipeline-format';
import { LedgerHealth } from './ledger-health';
import { PipelineSkeleton } from './pipeline-skeleton';
import { DASHBOARD_REFRESH_MS } from './refresh';

const COLUMNS = ['waiting', 'active', 'delayed', 'failed', 'dead'] as const satisfies readonly (keyof PipelineQueue)[];

/** The queue table's cells: tight on a phone so six columns fit 390 px, and rows of one height with or without chips. */
const CELL = { px: { xs: 0.5, sm: 2 }, height: 40, fontSize: { xs: '0.8125rem', sm: '0.875rem' } } as const;

/** One figure of the summary: a label, the figure, a line saying what it means; `tone` colours the figure. */
function Figure({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: ReactNode;
  detail: ReactNode;
  tone?: 'error' | 'warning' | 'success';
}) {
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Box
        role="group"
        aria-label={label}
        sx={{ p: 2, height: '100%', borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}
      >
        <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
          {label}
        </Typography>
        <Typography variant="h5" component="p" fontWeight={800} color={tone ? `${tone}.main` : 'text.primary'}>
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
    </Grid>
  );
}

/** A count of the queue table: '—' when Redis did not answer, a coloured chip for failed and dead jobs. */
function Count({ column, value }: { column: (typeof COLUMNS)[number]; value: number | null }) {
  if (value === null) return <span aria-label="unknown">—</span>;
  if (value > 0 && (column === 'failed' || column === 'dead')) {
    return <Chip size="small" label={value} color={column === 'dead' ? 'error' : 'warning'} sx={{ fontWeight: 700 }} />;
  }
  return <>{value}</>;
}

/**
 * The event pipeline at a glance (the adminPipeline route): dead jobs, the outbox backlog, the workers and documents,
 * each queue's jobs by state, and the button into the queue dashboard (bull-board), where dead jobs are retried.
 */
export default function PipelinePanel({
  getToken,
  go = (url: string) => window.location.assign(url),
}: {
  getToken: TokenSource;
  go?: (url: string) => void;
}) {
  const pipeline = useQuery({
    queryKey: ['console', 'pipeline'],
    queryFn: () => apiFetch('adminPipeline', getToken),
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: false,
  });
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const say = useSay();
  const openDashboard = useMutation({
    networkMode: 'always',
    mutationFn: () => dataProvider.openQueuesSession(),
    onSuccess: ({ url }) => go(url),
    onError: (error) => say(serverMessage(error) ?? CONSOLE_MESSAGES.queuesFailed, 'error'),
  });
  const now = useNow(5_000);

  if (pipeline.isPending) return <PipelineSkeleton />;
  const answer = pipeline.data;

  return (
    <Card component="section" aria-labelledby="pipeline-title" sx={{ mt: 3 }}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 2,
          }}
        >
          <Box>
            <Typography id="pipeline-title" variant="h6" component="h2">
              Event pipeline
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {answer ? `Read ${formatIndiaTime(answer.readAt)}` : 'Invoices, mail, refunds and deadlines on their way'}
            </Typography>
          </Box>
          <Button
            variant="outlined"
            endIcon={<OpenInNew />}
            disabled={openDashboard.isPending}
            onClick={() => openDashboard.mutate()}
          >
            Open queue dashboard
          </Button>
        </Box>

        {pipeline.isError && (
          <Alert
            severity="error"
            action={<Button onClick={() => void pipeline.refetch()}>Try again</Button>}
            sx={{ mb: 2 }}
          >
            Could not read the pipeline{serverMessage(pipeline.error) ? `: ${serverMessage(pipeline.error)}` : '.'}
          </Alert>
        )}

        {answer && (
          <>
            <Grid container spacing={2} sx={{ mb: 3 }}>
              <Figure
                label="Dead jobs"
                value={answer.deadJobs}
                tone={answer.deadJobs > 0 ? 'error' : 'success'}
                detail={
                  answer.deadJobs > 0 ? (
                    <>
                      Used up their attempts: fix the cause, then retry them under{' '}
                      <Link to="/dead-jobs" sx={{ color: 'inherit', fontWeight: 600 }}>
                        Dead jobs
                      </Link>{' '}
                      or in the queue dashboard
                    </>
                  ) : (
                    'Every job ran or is on its way'
                  )
                }
              />
              <Figure
                label="Outbox lag"
                value={answer.outbox.oldestAgeSeconds === null ? 'None' : formatWait(answer.outbox.oldestAgeSeconds)}
                tone={(answer.outbox.oldestAgeSeconds ?? 0) > OUTBOX_LAG_WARNING_SECONDS ? 'warning' : undefined}
                detail={
                  answer.outbox.unpublished === 0
                    ? 'Every event has reached the queues'
                    : `${answer.outbox.unpublished} ${answer.outbox.unpublished === 1 ? 'event waits' : 'events wait'} to reach the queues`
                }
              />
              <Figure
                label="Worker"
                value={answer.worker.alive ? 'Alive' : 'No worker'}
                tone={answer.worker.alive ? 'success' : 'error'}
                detail={
                  answer.worker.lastBeatAt
                    ? `Last heartbeat ${formatAgo(answer.worker.lastBeatAt, now)}`
                    : 'No heartbeat in the last 15 s'
                }
              />
              <Figure
                label="Documents"
                value={answer.worker.documents === 'up' ? 'Printing' : 'Not printing'}
                tone={answer.worker.documents === 'up' ? 'success' : 'error'}
                detail={
                  answer.worker.documentsProblem ??
                  (answer.worker.alive ? 'Chromium is ready for invoices' : 'No worker to print invoices')
                }
              />
            </Grid>

            <LedgerHealth ledger={answer.ledger} now={now} />

            {/* Its width never widens the page: past the screen's, the table scrolls sideways. */}
            <TableContainer sx={{ contain: 'inline-size' }}>
              <Table size="small" aria-label="Queues">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col" sx={CELL}>
                      Queue
                    </TableCell>
                    {COLUMNS.map((column) => (
                      <TableCell
                        key={column}
                        align="right"
                        component="th"
                        scope="col"
                        sx={{ ...CELL, textTransform: 'capitalize' }}
                      >
                        {column}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {answer.queues.map((queue) => (
                    <TableRow key={queue.name}>
                      <TableCell
                        component="th"
                        scope="row"
                        sx={{ ...CELL, fontWeight: 600, textTransform: 'capitalize' }}
                      >
                        {queue.name}
                      </TableCell>
                      {COLUMNS.map((column) => (
                        <TableCell key={column} align="right" sx={{ ...CELL, fontVariantNumeric: 'tabular-nums' }}>
                          <Count column={column} value={queue[column]} />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {answer.queues.some((queue) => queue.waiting === null) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                — Redis did not answer in time; the counts come back when it does.
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

import type { DeadJob } from '@mandi/contracts';
import { ADMIN_REFRESH_MS, DEAD_JOB_MESSAGES } from '@mandi/domain';
import { Box, Card, CardContent, Divider, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, RecordContextProvider, useListContext } from 'react-admin';
import { IndiaTime } from '../layout/india-time';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS } from '../layout/states';
import { JobError, JobEvent, JobName, JobTries } from './dead-job-fields';
import { RetryJobButton } from './retry-job-button';

const empty = (
  <EmptyList title="No dead jobs">
    Every job has run or is still on its way. A job that uses up its attempts shows here with its error, to retry once
    the cause is fixed.
  </EmptyList>
);

/** What Retry does, above the list: fix first, then retry; the worker picks it up on its next pass. */
function RetryHint() {
  const { total } = useListContext();
  if (!total) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
      These jobs used up their attempts. Fix the cause (a provider down, a wrong setting), then press Retry: the worker
      runs the job again with all its attempts.
    </Typography>
  );
}

/** The dead jobs on a phone: one card per job with every field of the table and the same button. */
function DeadJobCards() {
  const { data, isPending } = useListContext<DeadJob>();
  if (isPending || !data) return null;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      {data.map((job) => (
        <RecordContextProvider key={job.id} value={job}>
          <Card variant="outlined" component="article" aria-label={`Dead job ${job.job} of event #${job.event_id}`}>
            <CardContent>
              <JobName job={job} />
              <Box sx={{ mt: 1 }}>
                <JobEvent job={job} />
              </Box>
              <Divider sx={{ my: 1 }} />
              <JobError job={job} />
              <Stack direction="row" sx={{ mt: 1.5, alignItems: 'flex-end', justifyContent: 'space-between', gap: 1 }}>
                <Box>
                  <Typography variant="caption" color="text.secondary">
                    Died
                  </Typography>
                  <IndiaTime value={job.dead_at} />
                </Box>
                <JobTries job={job} align="right" />
              </Stack>
              <Box sx={{ mt: 1.5 }}>
                <RetryJobButton />
              </Box>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/**
 * The Dead jobs tab: jobs that used up their attempts (kept in pending_jobs with their error), the most recent death
 * first, paged by the server and read again every 60 s and after each retry.
 */
export function DeadJobList() {
  // Phones get one card per job; a wide screen gets the table.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Dead jobs"
      sort={{ field: 'dead_at', order: 'DESC' }}
      perPage={25}
      // No CSV export: the console changes and reads through its own actions only.
      exporter={false}
      actions={false}
      queryOptions={{ ...QUIET_ERRORS, refetchInterval: ADMIN_REFRESH_MS }}
      pagination={<ListPagination />}
      empty={empty}
      error={<ListError message={DEAD_JOB_MESSAGES.fetchFailed} />}
    >
      <RetryHint />
      {narrow ? (
        <DeadJobCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} sx={{ '& td': { verticalAlign: 'top' } }}>
          <FunctionField<DeadJob>
            label="Died (IST)"
            sortable={false}
            render={(job) => <IndiaTime value={job.dead_at} />}
          />
          <FunctionField<DeadJob>
            label="Job and event"
            sortable={false}
            render={(job) => (
              <Stack spacing={0.75}>
                <JobName job={job} />
                <Box>
                  <JobEvent job={job} />
                </Box>
              </Stack>
            )}
          />
          <FunctionField<DeadJob> label="Error" sortable={false} render={(job) => <JobError job={job} />} />
          <FunctionField<DeadJob> label="Tries" sortable={false} render={(job) => <JobTries job={job} />} />
          <FunctionField<DeadJob> label="Actions" sortable={false} render={() => <RetryJobButton />} />
        </Datagrid>
      )}
    </List>
  );
}

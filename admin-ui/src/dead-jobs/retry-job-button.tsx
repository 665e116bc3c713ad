import type { DeadJob } from '@mandi/contracts';
import { DEAD_JOB_MESSAGES } from '@mandi/domain';
import Replay from '@mui/icons-material/Replay';
import { Button, Tooltip } from '@mui/material';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider';
import { useConsoleAction } from '../data/use-console-action';

/**
 * Asks the worker to run the dead job again with all its attempts, says what happened (the server's message: queued,
 * or already retried by someone else) and reads the list again. A job this version no longer runs cannot be retried.
 */
export function RetryJobButton() {
  const job = useRecordContext<DeadJob>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // The call's pending state disables the button while it is in flight.
  const retry = useConsoleAction({
    call: (id: DeadJob['id']) => dataProvider.retryDeadJob(id),
    failed: () => DEAD_JOB_MESSAGES.retryFailed,
  });
  if (!job) return null;

  const button = (
    <Button
      size="small"
      variant="contained"
      startIcon={<Replay />}
      disabled={!job.retryable || retry.isPending}
      onClick={() => retry.mutate(job.id)}
      sx={{ minWidth: 96, whiteSpace: 'nowrap' }}
    >
      Retry
    </Button>
  );
  // A disabled button gets no pointer events; the tooltip sits on a wrapper.
  return job.retryable ? (
    button
  ) : (
    <Tooltip title={DEAD_JOB_MESSAGES.notRetryable}>
      <span>{button}</span>
    </Tooltip>
  );
}

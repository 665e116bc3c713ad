import type { DeadJob } from '@mandi/contracts';
import { Box, Chip, Typography } from '@mui/material';

/** A payload field as people read it: 'orderId' -> 'Order', 'creditNoteId' -> 'Credit note'. */
export function idLabel(field: string): string {
  const words = field
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What the job is about: the event's aggregate first ('Order #7'), then the payload's other ids ('Invoice #12 · Order
 * #9'). An event type this version does not know shows its aggregate id alone.
 */
export function jobSubjects(job: Pick<DeadJob, 'aggregate' | 'payload'>): string[] {
  const ids = Object.entries(job.payload).filter(([, value]) => typeof value === 'number' || typeof value === 'string');
  const first = job.aggregate.field;
  const ordered = first
    ? [...ids.filter(([field]) => field === first), ...ids.filter(([field]) => field !== first)]
    : ids;
  const subjects = ordered.map(([field, value]) => `${idLabel(field)} #${String(value)}`);
  return subjects.length > 0 ? subjects : [`#${job.aggregate.id}`];
}

/** The job's name, its queue as a chip. */
export function JobName({ job }: { job: DeadJob }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
      <Typography variant="body2" fontWeight={700} sx={{ fontFamily: 'ui-monospace, monospace', whiteSpace: 'nowrap' }}>
        {job.job}
      </Typography>
      <Chip size="small" variant="outlined" label={job.queue} />
    </Box>
  );
}

/** The event that started it: its type and outbox id, and what it is about. */
export function JobEvent({ job }: { job: DeadJob }) {
  return (
    <>
      <Typography variant="body2" fontWeight={600}>
        {jobSubjects(job).join(' · ')}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {job.event_type} · event #{job.event_id}
      </Typography>
    </>
  );
}

/** Lines of an error shown before it is cut short; the whole error is in the title (hover) either way. */
const ERROR_LINES = 6;

/** Why it died: the last error, as the handler or BullMQ gave it. */
export function JobError({ job }: { job: DeadJob }) {
  const text = job.error || 'No error was recorded.';
  return (
    <Typography
      variant="body2"
      component="p"
      title={text}
      sx={{
        m: 0,
        maxWidth: 440,
        fontFamily: 'ui-monospace, monospace',
        fontSize: '0.8rem',
        color: 'error.dark',
        overflowWrap: 'anywhere',
        whiteSpace: 'pre-wrap',
        display: '-webkit-box',
        WebkitLineClamp: ERROR_LINES,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {text}
    </Typography>
  );
}

/** How hard it was tried: attempts of its last run (when failed_jobs keeps them) and times it was put in its queue. */
export function JobTries({ job, align = 'left' }: { job: DeadJob; align?: 'left' | 'right' }) {
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap', textAlign: align }}>
      {job.attempts_made === null
        ? 'Attempts unknown'
        : `${job.attempts_made} ${job.attempts_made === 1 ? 'attempt' : 'attempts'}`}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        enqueued {job.enqueues} {job.enqueues === 1 ? 'time' : 'times'}
      </Typography>
    </Typography>
  );
}

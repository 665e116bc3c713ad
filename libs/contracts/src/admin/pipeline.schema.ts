import { z } from 'zod';
import { isoDateTimeSchema } from '../common/fields.js';

const count = z.number().int().min(0);

/**
 * One queue of the event pipeline: its jobs in BullMQ by state (null when Redis did not answer in time) and its dead
 * jobs (those that used up their attempts, kept in PostgreSQL until an admin retries them).
 */
export const pipelineQueueSchema = z.object({
  name: z.string(),
  waiting: count.nullable(),
  active: count.nullable(),
  delayed: count.nullable(),
  failed: count.nullable(),
  dead: count,
});
/** Type of {@link pipelineQueueSchema}. */
export type PipelineQueue = z.infer<typeof pipelineQueueSchema>;

/**
 * Answer of GET /api/admin/pipeline, the console dashboard's view of the event pipeline: every queue, the dead jobs in
 * all, the outbox backlog (events not yet relayed to Redis, and how long the oldest has waited, in seconds; null when
 * none waits), the workers' heartbeat and documents state, and where the queue dashboard is.
 */
export const adminPipelineAnswerSchema = z.object({
  queues: z.array(pipelineQueueSchema),
  deadJobs: count,
  outbox: z.object({ unpublished: count, oldestAgeSeconds: z.number().min(0).nullable() }),
  worker: z.object({
    /** A worker refreshed the heartbeat in the last 15 s. */
    alive: z.boolean(),
    lastBeatAt: isoDateTimeSchema.nullable(),
    /** 'down' while no worker is alive or one reports that Chromium cannot start. */
    documents: z.enum(['up', 'down']),
    /** Which worker cannot start Chromium and the launcher's message. */
    documentsProblem: z.string().nullable(),
  }),
  queuesDashboardUrl: z.string(),
  /**
   * The worker's last check of the ledger's invariants (docs/ledger.md): when it ran, how many breaks it found and the
   * first of them; null before any check (or when Redis did not answer).
   */
  ledger: z
    .object({
      checked_at: isoDateTimeSchema,
      breaks: count,
      sample: z.array(z.object({ rule: z.string(), subject: z.string(), detail: z.string() })),
    })
    .nullable(),
  readAt: isoDateTimeSchema,
});
/** Type of {@link adminPipelineAnswerSchema}. */
export type AdminPipelineAnswer = z.infer<typeof adminPipelineAnswerSchema>;

import { DEAD_JOBS_PAGE } from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { pageQuerySchema, pageSizeQuerySchema } from '../common/paging.js';

/** Query of GET /api/admin/jobs/dead: the page, newest death first; X-Total-Count says how many jobs are dead. */
export const deadJobsQuerySchema = z.object({
  page: pageQuerySchema,
  perPage: pageSizeQuerySchema('perPage', DEAD_JOBS_PAGE.max, DEAD_JOBS_PAGE.default),
});
/** Type of {@link deadJobsQuerySchema}. */
export type DeadJobsQuery = z.infer<typeof deadJobsQuerySchema>;

/** Path of POST /api/admin/jobs/dead/{id}/retry: the pending job's id. */
export const deadJobIdParamsSchema = z.object({ id: idSchema });
/** Type of {@link deadJobIdParamsSchema}. */
export type DeadJobIdParams = z.infer<typeof deadJobIdParamsSchema>;

/**
 * A job of an outbox event as the console shows it: its queue and name, the event that started it (type, outbox id,
 * the aggregate it happened to and the payload's ids), how many times it was put in its queue, and the attempts its
 * last final failure made (null when failed_jobs keeps none, e.g. a job the reconciler found failed).
 */
const eventJobFields = {
  /** The pending_jobs row's id: what a retry names. */
  id: idSchema,
  queue: z.string(),
  job: z.string(),
  event_type: z.string(),
  event_id: idSchema,
  /** The payload field naming what the event happened to ('orderId') and its id; the field is null for an event type this version does not know. */
  aggregate: z.object({ field: z.string().nullable(), id: z.string() }),
  /** The event's payload: ids only. */
  payload: z.record(z.string(), z.unknown()),
  enqueues: z.number().int().min(0),
  attempts_made: z.number().int().min(0).nullable(),
  /** False when this version has no such job (removed by a deploy): the API refuses to retry it. */
  retryable: z.boolean(),
};

/** A dead job: it used up its attempts (or could never succeed) and waits for an admin's retry. */
export const deadJobSchema = z.object({
  ...eventJobFields,
  error: z.string(),
  dead_at: isoDateTimeSchema,
});
/** Type of {@link deadJobSchema}. */
export type DeadJob = z.infer<typeof deadJobSchema>;

/** Answer of GET /api/admin/jobs/dead: a page of dead jobs, the most recent death first. */
export const deadJobListSchema = z.array(deadJobSchema);
/** Type of {@link deadJobListSchema}. */
export type DeadJobList = z.infer<typeof deadJobListSchema>;

/**
 * Answer of POST /api/admin/jobs/dead/{id}/retry (202): the message, and the job now: no longer dead, its error
 * cleared, a retry requested, which the worker's reconciler carries out on its next pass (then clears it).
 */
export const deadJobRetryAnswerSchema = z.object({
  message: z.string(),
  job: z.object({
    ...eventJobFields,
    error: z.null(),
    dead_at: z.null(),
    retry_requested_at: isoDateTimeSchema,
  }),
});
/** Type of {@link deadJobRetryAnswerSchema}. */
export type DeadJobRetryAnswer = z.infer<typeof deadJobRetryAnswerSchema>;

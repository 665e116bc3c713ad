import { z } from 'zod';

/** Whether one dependency answered. */
export const dependencyStateSchema = z.enum(['up', 'down']);

/**
 * The answer of GET /api/health: overall status and each part. 'error' (HTTP 503) when the database, Redis or every
 * worker is down; 'degraded' (HTTP 200: the API serves, so a load balancer keeps it) when they are up but documents
 * cannot be printed (a worker cannot start Chromium); `reason` says why whenever the status is not 'ok'.
 */
export const healthAnswerSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  database: dependencyStateSchema,
  redis: dependencyStateSchema,
  worker: dependencyStateSchema,
  /** Invoices and credit notes are printed: a worker is up and none reports that Chromium cannot start. */
  documents: dependencyStateSchema,
  reason: z.string().optional(),
});

/** Type of {@link healthAnswerSchema}. */
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

/** Type of {@link dependencyStateSchema}. */
export type DependencyState = z.infer<typeof dependencyStateSchema>;

import { SetMetadata } from '@nestjs/common';
import type { Transaction } from '@mandi/database';
import type { jobs, JobDefinitions } from '@mandi/events';

/** What a handler gets besides its payload. */
export interface JobContext {
  /** The outbox id of the event that started the job. */
  readonly eventId: bigint;
  /** The event's name, e.g. `'order.placed'`. */
  readonly eventType: string;
  /** 1 on the first run, 2 on the first retry, ... */
  readonly attempt: number;
  /**
   * Ends the job: runs `record` (the job's writes) in one short transaction that also marks the job handled in
   * processed_events, so the writes and the mark commit together or not at all. Call it last, after every call
   * outside the database (Chromium, Razorpay, SMTP, Firebase): no transaction is open while those run. Answers false,
   * with `record`'s writes rolled back, when another delivery of the same job finished first. A handler that never
   * calls it is finished by the runner, with no writes.
   */
  finish(record?: (tx: Transaction) => Promise<unknown>): Promise<boolean>;
}

/**
 * The base of every job handler. The job runner gives each handler the same treatment: payload
 * validation against the job registry, a delivery already handled skipped before it starts, its outcome recorded
 * with (event, handler) in processed_events by {@link JobContext.finish}, retries with exponential backoff, and the
 * job kept as dead (pending_jobs, failed_jobs) after the last attempt. A handler only says what the job does.
 */
export abstract class JobHandler<Payload> {
  /** Does the job's work; throwing before `finish` commits writes nothing of it and schedules a retry. */
  abstract handle(payload: Payload, context: JobContext): Promise<void>;
}

/** Metadata key under which {@link HandlesJob} stores the job name. */
export const HANDLES_JOB = 'mandi:handles-job';

/**
 * Marks a provider as the handler of job `name`. The provider must extend {@link JobHandler} and be
 * listed in a module the worker imports; the worker refuses to start unless every job of its registry
 * has exactly one such handler. `Registry` defaults to the product's jobs of `@mandi/events`.
 */
export function HandlesJob<Registry extends JobDefinitions = typeof jobs>(
  name: keyof Registry & string,
): ClassDecorator {
  return SetMetadata(HANDLES_JOB, name);
}

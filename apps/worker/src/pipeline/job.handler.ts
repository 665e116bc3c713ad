import { SetMetadata } from '@nestjs/common';
import type { Transaction } from '@mandi/database';
import type { jobs, JobDefinitions } from '@mandi/events';

/** What a handler gets besides its payload. */
export interface JobContext {
  /**
   * The transaction that also records the event as handled: write through it, and the writes and
   * the record commit together or not at all.
   */
  readonly tx: Transaction;
  /** The outbox id of the event that started the job. */
  readonly eventId: bigint;
  /** The event's name, e.g. `'order.placed'`. */
  readonly eventType: string;
  /** 1 on the first run, 2 on the first retry, ... */
  readonly attempt: number;
}

/**
 * The base of every job handler. The job runner gives each handler the same treatment: payload
 * validation against the job registry, one transaction that records (event, handler) in
 * processed_events and skips a repeated delivery, retries with exponential backoff, and a failed_jobs
 * row after the last attempt. A handler only says what the job does.
 */
export abstract class JobHandler<Payload> {
  /** Does the job's work; throwing rolls back its writes and schedules a retry. */
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

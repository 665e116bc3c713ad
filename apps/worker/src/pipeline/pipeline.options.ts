import { DEAD_JOB_RETRY_WITHIN_MS } from '@mandi/domain';
import type { AnyEventRoutes, JobDefinitions } from '@mandi/events';

/** How the pipeline behaves; production takes the defaults, tests shorten the clocks. */
export interface PipelineSettings {
  /** Pause between relay polls when the outbox was empty or only partly full. */
  readonly pollIntervalMs: number;
  /** Outbox rows claimed per relay transaction. */
  readonly batchSize: number;
  /** Whether the relay and the reconciler start at boot (tests drive them by hand). */
  readonly relayAutostart: boolean;
  /** Runs of a job before it counts as failed (first run included). */
  readonly attempts: number;
  /** First retry delay; each later retry waits twice as long as the one before. */
  readonly backoffDelayMs: number;
  /** Jobs of one queue one worker process runs at once. */
  readonly concurrency: number;
  /**
   * How long a finished job stays in Redis. While it stays, re-adding its id is a no-op, which is
   * what makes a relay that crashed between enqueueing and marking rows published harmless.
   */
  readonly keepCompletedSeconds: number;
  /** How long a failed job stays in Redis for inspection; failed_jobs keeps it for good. */
  readonly keepFailedSeconds: number;
  /**
   * Longest the transaction that records a job's outcome may run before it is rolled back and the attempt fails. It
   * only writes rows: calls outside the database (Chromium, Razorpay, SMTP, Firebase) happen before it, with their own
   * time limits.
   */
  readonly recordTimeoutMs: number;
  /** Pause between reconciler passes (lost jobs re-enqueued, admins' retries of dead jobs carried out). */
  readonly reconcileIntervalMs: number;
  /**
   * How long a job may be missing from Redis, after it was due and after it was last seen there, before the
   * reconciler re-enqueues it. Longer than a relay pass, so a job being enqueued right now is never taken for lost.
   */
  readonly lostJobAfterMs: number;
}

/** What the pipeline runs: the job registry, the event routes and the settings. */
export interface PipelineOptions {
  readonly jobs: JobDefinitions;
  readonly routes: AnyEventRoutes;
  readonly settings: PipelineSettings;
}

const DAY_SECONDS = 24 * 60 * 60;

/** Production settings: 8 runs spread over about 10 minutes (5 s, 10 s, ... 320 s between them). */
export const defaultPipelineSettings: PipelineSettings = {
  pollIntervalMs: 200,
  batchSize: 100,
  relayAutostart: true,
  attempts: 8,
  backoffDelayMs: 5_000,
  concurrency: 4,
  keepCompletedSeconds: 7 * DAY_SECONDS,
  keepFailedSeconds: 30 * DAY_SECONDS,
  recordTimeoutMs: 20_000,
  reconcileIntervalMs: DEAD_JOB_RETRY_WITHIN_MS,
  lostJobAfterMs: 60_000,
};

/** Production's settings with the deployment's lost-job bound (JOB_LOST_AFTER_MS): looked for every sixth of it, at most every 10 s. */
export function pipelineSettingsFor(lostJobAfterMs: number): PipelineSettings {
  return {
    ...defaultPipelineSettings,
    lostJobAfterMs,
    reconcileIntervalMs: Math.min(defaultPipelineSettings.reconcileIntervalMs, Math.round(lostJobAfterMs / 6)),
  };
}

/** Injection token of the {@link PipelineOptions}. */
export const PIPELINE_OPTIONS = Symbol('PIPELINE_OPTIONS');

/** What the relay puts in every job: the outbox row it came from. */
export interface EventJobData {
  /** The outbox id, as a string (JSON has no bigint). */
  readonly eventId: string;
  readonly event: string;
  readonly payload: unknown;
}

/**
 * The BullMQ job id of job `jobName` started by outbox row `eventId`: fixed, so adding it twice is a
 * no-op. BullMQ refuses a bare integer and ':' in custom ids, hence `<job>#<outbox id>`.
 */
export function eventJobId(jobName: string, eventId: bigint | string): string {
  return `${jobName}#${eventId}`;
}

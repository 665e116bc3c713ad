import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { eventJobId, PIPELINE_OPTIONS, type EventJobData, type PipelineOptions } from './pipeline.options.js';

/** A job of an outbox event to put in its queue. */
export interface EventJob {
  readonly name: string;
  readonly eventId: bigint;
  readonly event: string;
  readonly payload: unknown;
  /** How long BullMQ holds it before it runs (a deadline's remaining wait), 0 for at once. */
  readonly delayMs: number;
}

/**
 * The one way jobs of events enter BullMQ, for the relay and the reconciler alike: the fixed job id
 * `<job>#<outbox id>` (so adding a job Redis still keeps is a no-op), the attempts, the backoff and how long finished
 * jobs stay.
 */
@Injectable()
export class EventJobQueues {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(PIPELINE_OPTIONS) private readonly options: PipelineOptions,
  ) {}

  /** Adds jobs, one bulk call per queue. */
  async add(jobs: readonly EventJob[]): Promise<void> {
    const byQueue = new Map<string, { name: string; data: EventJobData; opts: JobsOptions }[]>();
    for (const job of jobs) {
      const queue = this.queueOf(job.name);
      const batch = byQueue.get(queue) ?? [];
      batch.push({
        name: job.name,
        data: { eventId: String(job.eventId), event: job.event, payload: job.payload },
        opts: this.jobOptions(job),
      });
      byQueue.set(queue, batch);
    }
    await Promise.all([...byQueue].map(([queue, batch]) => this.queue(queue).addBulk(batch)));
  }

  /** The job BullMQ keeps for job `name` of event `eventId`, if any. */
  async find(name: string, eventId: bigint): Promise<Job<EventJobData> | undefined> {
    return this.queue(this.queueOf(name)).getJob(eventJobId(name, eventId));
  }

  /** The queue of job `name` (from the registry). */
  queueOf(name: string): string {
    const definition = this.options.jobs[name];
    if (!definition) throw new Error(`Job '${name}' is not in the registry`);
    return definition.queue;
  }

  private jobOptions(job: EventJob): JobsOptions {
    const { keepCompletedSeconds, keepFailedSeconds } = this.options.settings;
    // A job with retries of its own (an ONDC callback, due within the request's ttl) keeps them in every deployment.
    const { attempts, backoffDelayMs } = this.options.jobs[job.name]?.retry ?? this.options.settings;
    return {
      jobId: eventJobId(job.name, job.eventId),
      ...(job.delayMs > 0 && { delay: job.delayMs }),
      attempts,
      backoff: { type: 'exponential', delay: backoffDelayMs },
      removeOnComplete: { age: keepCompletedSeconds },
      removeOnFail: { age: keepFailedSeconds },
    };
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      this.queues.set(name, queue);
    }
    return queue;
  }
}

import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { PrismaService, type Transaction } from '@mandi/database';
import { currentJobName } from '@mandi/events';
import { QUEUES_OPTIONS, redisConnection, type QueuesOptions } from '@mandi/queues';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { WorkerMetrics } from '../metrics/worker-metrics.js';
import { matchHandlers, type DiscoveredHandler } from './handler.registry.js';
import { HANDLES_JOB, type JobHandler } from './job.handler.js';
import { JobLedgerRepository } from './job-ledger.repository.js';
import { PIPELINE_OPTIONS, type EventJobData, type PipelineOptions } from './pipeline.options.js';

/** Longest a job waits for a database connection before its attempt fails. */
const CONNECTION_WAIT_MS = 10_000;

/** Thrown inside the recording transaction to roll back the writes of a delivery that came second. */
const ALREADY_HANDLED = Symbol('already handled');

/** What one run of a job came to. */
export type JobOutcome = 'handled' | 'duplicate';

/**
 * Runs the jobs of the registry: finds their handlers at boot (refusing to start unless each job has
 * exactly one), opens one BullMQ worker per queue that has jobs, and wraps every handler in the same
 * validation, idempotency, retry and failure bookkeeping. No transaction is open while a handler runs: it reads with
 * short statements, calls what it calls, and records its outcome through `finish` (job.handler.ts).
 */
@Injectable()
export class JobRunner implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobRunner.name);
  private handlers = new Map<string, JobHandler<unknown>>();
  private readonly workers: Worker<EventJobData, JobOutcome>[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly prisma: PrismaService,
    private readonly ledger: JobLedgerRepository,
    @Inject(QUEUES_OPTIONS) private readonly queues: QueuesOptions,
    @Inject(PIPELINE_OPTIONS) private readonly options: PipelineOptions,
    // Absent where a test builds the pipeline without the metrics module.
    @Optional() private readonly metrics?: WorkerMetrics,
  ) {}

  onModuleInit(): void {
    this.handlers = matchHandlers(this.options.jobs, this.discoverHandlers());
  }

  onApplicationBootstrap(): void {
    const queueNames = new Set(Object.values(this.options.jobs).map((job) => job.queue));
    for (const queueName of queueNames) {
      const worker = new Worker<EventJobData, JobOutcome>(queueName, (job) => this.run(job), {
        connection: redisConnection(this.queues.redisUrl),
        prefix: this.queues.prefix,
        concurrency: this.options.settings.concurrency,
      });
      // Without a listener an 'error' event would throw; BullMQ reconnects by itself.
      worker.on('error', (error) => this.logger.error({ msg: 'queue worker error', queue: queueName, err: error }));
      this.workers.push(worker);
    }
    this.logger.log({ msg: 'job workers started', queues: [...queueNames], jobs: [...this.handlers.keys()] });
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    this.workers.length = 0;
  }

  private discoverHandlers(): DiscoveredHandler[] {
    const found: DiscoveredHandler[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const { metatype, instance } = wrapper;
      if (typeof metatype !== 'function') continue;
      const jobName = this.reflector.get<string | undefined>(HANDLES_JOB, metatype);
      if (jobName !== undefined) found.push({ jobName, className: metatype.name, instance });
    }
    return found;
  }

  private async run(job: Job<EventJobData, JobOutcome>): Promise<JobOutcome> {
    const started = Date.now();
    // The name it runs under from here on: a job queued before a rename carries its old spelling.
    const name = currentJobName(job.name);
    const fields = { queue: job.queueName, job: name, jobId: job.id, eventId: job.data.eventId };
    try {
      const outcome = await this.handle(job, name);
      const ms = Date.now() - started;
      this.metrics?.observeJob(job.queueName, name, outcome, ms / 1000);
      this.logger.log({ msg: 'job done', ...fields, outcome, attempt: job.attemptsMade + 1, ms });
      return outcome;
    } catch (error) {
      this.metrics?.observeJob(job.queueName, name, 'failed', (Date.now() - started) / 1000);
      // The same rule BullMQ applies right after this throw to decide between retry and failed.
      const attempt = job.attemptsMade + 1;
      const final = error instanceof UnrecoverableError || attempt >= (job.opts.attempts ?? 1);
      const msg = final ? 'job failed for good' : 'job failed, will retry';
      this.logger.warn({ msg, ...fields, attempt, err: error });
      if (final) await this.recordFailure(job, name, error);
      throw error;
    }
  }

  private async handle(job: Job<EventJobData, JobOutcome>, name: string): Promise<JobOutcome> {
    const handler = this.handlers.get(name);
    const definition = this.options.jobs[name];
    if (!handler || !definition) throw new UnrecoverableError(`No handler for job '${name}'`);
    const parsed = definition.payload.safeParse(job.data.payload);
    if (!parsed.success) {
      throw new UnrecoverableError(`Invalid payload for job '${name}': ${parsed.error.message}`);
    }
    const eventId = BigInt(job.data.eventId);
    if (await this.ledger.isHandled(eventId, name)) {
      await this.ledger.forget(this.prisma, eventId, name);
      return 'duplicate';
    }
    let finished: boolean | undefined;
    const finish = async (record?: (tx: Transaction) => Promise<unknown>): Promise<boolean> => {
      if (finished !== undefined) throw new Error(`Job '${name}' finished twice`);
      finished = await this.record(eventId, name, job.queueName, record);
      return finished;
    };
    await handler.handle(parsed.data, { eventId, eventType: job.data.event, attempt: job.attemptsMade + 1, finish });
    if (finished === undefined) await finish();
    return finished ? 'handled' : 'duplicate';
  }

  /**
   * Commits a job's writes with its processed_events mark; false, writing nothing, when a delivery did first. A job
   * with no writes of its own (a mail) needs no interactive transaction: the mark is a statement of its own, and its
   * pending row's insert before it only waits for the relay's commit (JobLedgerRepository.claim).
   */
  private async record(
    eventId: bigint,
    jobName: string,
    queue: string,
    record?: (tx: Transaction) => Promise<unknown>,
  ): Promise<boolean> {
    if (!record) return this.ledger.claim(this.prisma, eventId, jobName, queue);
    try {
      return await this.prisma.$transaction(
        async (tx) => {
          if (!(await this.ledger.claim(tx, eventId, jobName, queue))) throw ALREADY_HANDLED;
          await record(tx);
          return true;
        },
        // Waiting for a pooled connection under load is better than failing the attempt.
        { timeout: this.options.settings.recordTimeoutMs, maxWait: CONNECTION_WAIT_MS },
      );
    } catch (error) {
      if (error === ALREADY_HANDLED) return false;
      throw error;
    }
  }

  private async recordFailure(job: Job<EventJobData, JobOutcome>, name: string, error: unknown): Promise<void> {
    try {
      await this.ledger.recordFailure({
        queue: job.queueName,
        jobId: job.id ?? '',
        name,
        eventId: BigInt(job.data.eventId),
        data: job.data,
        error: error instanceof Error ? error.message : String(error),
        attemptsMade: job.attemptsMade + 1,
      });
    } catch (recordError) {
      // The job still fails in BullMQ, where it stays visible; only the copy in failed_jobs is lost.
      this.logger.error({ msg: 'could not record failed job', jobId: job.id, err: recordError });
    }
  }
}

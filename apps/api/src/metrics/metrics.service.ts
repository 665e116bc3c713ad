import { Injectable, Logger } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { poolGauge, PrismaService, showPoolUse } from '@mandi/database';
import { queueNames } from '@mandi/events';
import { AdminPipelineService } from '../admin/admin-pipeline.service.js';
import { apiRegistry } from './api-metrics.js';
import { DatabaseConnectionsRepository } from './database-connections.repository.js';

/** How long one scrape-time read (a query, the queues' counts) may take; past it the scrape goes on without it. */
export const READ_TIMEOUT_MS = 2_000;

/** The states of a queue's jobs the metrics report. */
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The API's metrics as Prometheus reads them: the observed ones of api-metrics.ts, plus gauges read when Prometheus
 * scrapes (the outbox backlog, each queue's jobs and dead jobs, the database's connections). The reads run side by
 * side before the text is written, each within {@link READ_TIMEOUT_MS}, so a slow database or Redis costs a scrape at
 * most that long; a read that fails or runs out of time leaves its gauges empty for that scrape and sets
 * mandi_metrics_read_success{read} to 0.
 */
@Injectable()
export class MetricsService {
  private readonly logger = new Logger(MetricsService.name);
  /** The gauges of this app's reads (a registry per instance: a test may run two apps in one process). */
  private readonly gauges = new Registry();
  private readonly gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [this.gauges] });

  private readonly readSuccess = this.gauge(
    'mandi_metrics_read_success',
    'Whether the scrape-time read succeeded in time (1) or not (0), by read',
    ['read'],
  );
  private readonly outboxUnpublished = this.gauge(
    'mandi_outbox_unpublished_events',
    'Outbox events not yet relayed to Redis',
  );
  private readonly outboxLag = this.gauge(
    'mandi_outbox_lag_seconds',
    'Age of the oldest outbox event not yet relayed to Redis, in seconds (0 when none waits)',
  );
  private readonly queueJobs = this.gauge(
    'mandi_queue_jobs',
    'Jobs in a BullMQ queue, by queue and state (waiting, active, delayed, failed)',
    ['queue', 'state'],
  );
  private readonly deadJobs = this.gauge(
    'mandi_queue_dead_jobs',
    'Jobs that used up their attempts and wait for an admin to retry them, by queue',
    ['queue'],
  );
  private readonly dbConnections = this.gauge(
    'mandi_db_connections',
    'Connections to the database by state (active, idle, idle in transaction, ...), of every process together',
    ['state'],
  );
  private readonly dbMaxConnections = this.gauge('mandi_db_max_connections', "PostgreSQL's max_connections");
  private readonly pool = poolGauge(this.gauges, 'API');

  constructor(
    private readonly pipeline: AdminPipelineService,
    private readonly connections: DatabaseConnectionsRepository,
    private readonly prisma: PrismaService,
  ) {}

  /** The content type of {@link metrics}' text. */
  get contentType(): string {
    return apiRegistry.contentType;
  }

  /** The scrape under way: scrapes that overlap share it rather than reset each other's gauges. */
  private scraping: Promise<string> | undefined;

  /** Every metric in Prometheus' text format, the scrape-time gauges read just now. */
  metrics(): Promise<string> {
    this.scraping ??= this.scrape().finally(() => (this.scraping = undefined));
    return this.scraping;
  }

  private async scrape(): Promise<string> {
    this.gauges.resetMetrics();
    showPoolUse(this.pool, this.prisma.poolUse());
    await Promise.all([
      this.read(
        'outbox',
        () => this.pipeline.outboxBacklog(),
        (backlog) => {
          this.outboxUnpublished.set(backlog.unpublished);
          this.outboxLag.set(backlog.oldestAgeSeconds ?? 0);
        },
      ),
      this.read(
        'queues',
        () => this.pipeline.jobCounts(),
        (counts) => {
          let unknown = 0;
          for (const [queue, jobs] of counts) {
            for (const state of JOB_STATES) if (jobs[state] !== null) this.queueJobs.set({ queue, state }, jobs[state]);
            if (jobs.waiting === null) unknown += 1;
          }
          if (unknown > 0) throw new Error(`Redis did not count ${unknown} of ${counts.size} queues in time`);
        },
      ),
      this.read(
        'dead_jobs',
        () => this.pipeline.deadJobsByQueue(),
        (dead) => {
          // Every queue of the registry, 0 included, so an alert on a queue has a series to watch.
          for (const queue of new Set([...queueNames, ...dead.keys()]))
            this.deadJobs.set({ queue }, dead.get(queue) ?? 0);
        },
      ),
      this.read(
        'db_connections',
        () => this.connections.byState(),
        ({ states, max }) => {
          for (const { state, connections } of states) this.dbConnections.set({ state }, connections);
          this.dbMaxConnections.set(max);
        },
      ),
    ]);
    return Registry.merge([apiRegistry, this.gauges]).metrics();
  }

  /** Runs one read within {@link READ_TIMEOUT_MS} and hands its value to `show`; logs and records a failure. */
  private async read<T>(name: string, run: () => Promise<T>, show: (value: T) => void): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
        }),
      ]);
      show(value);
      this.readSuccess.set({ read: name }, 1);
    } catch (error) {
      this.readSuccess.set({ read: name }, 0);
      this.logger.warn(`Metrics read '${name}' failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { AdminPipelineAnswer, PipelineQueue } from '@mandi/contracts';
import { WorkerStatusReader } from '../health/worker-status.reader.js';
import { QUEUES_DASHBOARD_PATH } from '../queues-dashboard/queues-session.js';
import { QueuesDashboard } from '../queues-dashboard/queues-dashboard.service.js';
import { AdminPipelineRepository, type OutboxBacklog } from './admin-pipeline.repository.js';
import { LedgerCheckReader } from './payouts/ledger-check.reader.js';

/** How long Redis may take to count a queue's jobs before the counts are shown as unknown. */
export const QUEUE_COUNT_TIMEOUT_MS = 1_000;

/** A queue's jobs in BullMQ by state. */
export type QueueJobCounts = Pick<PipelineQueue, 'waiting' | 'active' | 'delayed' | 'failed'>;

const UNKNOWN_COUNTS: QueueJobCounts = { waiting: null, active: null, delayed: null, failed: null };

/**
 * The event pipeline at a glance, for the console's dashboard and the metrics: each queue's jobs in BullMQ (through the
 * queue dashboard's queues) and dead jobs in PostgreSQL, the outbox backlog, the workers' state and the worker's last
 * ledger check.
 */
@Injectable()
export class AdminPipelineService {
  constructor(
    private readonly repository: AdminPipelineRepository,
    private readonly dashboard: QueuesDashboard,
    private readonly workers: WorkerStatusReader,
    private readonly ledgerCheck: LedgerCheckReader,
  ) {}

  async snapshot(): Promise<AdminPipelineAnswer> {
    const [counts, dead, outbox, workers, ledger] = await Promise.all([
      this.jobCounts(),
      this.repository.deadJobsByQueue(),
      this.repository.outboxBacklog(),
      this.workers.read().catch(() => null),
      this.ledgerCheck.read().catch(() => null),
    ]);
    const queues = [...counts].map(([name, jobs]) => ({ name, ...jobs, dead: dead.get(name) ?? 0 }));
    const alive = workers?.alive ?? false;
    const documentsDown = workers?.documentsDown ?? null;
    return {
      queues,
      // Every dead job, a queue's the registry no longer names included.
      deadJobs: [...dead.values()].reduce((sum, n) => sum + n, 0),
      outbox,
      worker: {
        alive,
        lastBeatAt: workers?.lastBeatAt ?? null,
        documents: alive && !documentsDown ? 'up' : 'down',
        documentsProblem: documentsDown ? `${documentsDown.worker}: ${documentsDown.reason}` : null,
      },
      queuesDashboardUrl: `${QUEUES_DASHBOARD_PATH}/`,
      ledger,
      readAt: new Date().toISOString(),
    };
  }

  /** The outbox backlog (for the metrics). */
  outboxBacklog(): Promise<OutboxBacklog> {
    return this.repository.outboxBacklog();
  }

  /** Dead jobs by queue (for the metrics). */
  deadJobsByQueue(): Promise<Map<string, number>> {
    return this.repository.deadJobsByQueue();
  }

  /** Each queue's jobs by state, in the registry's order; a queue Redis does not count in time has unknown counts. */
  async jobCounts(): Promise<Map<string, QueueJobCounts>> {
    const counted = await Promise.all(
      this.dashboard.queues.map(async (queue) => [queue.name, await countJobs(queue)] as const),
    );
    return new Map(counted);
  }
}

async function countJobs(queue: Queue): Promise<QueueJobCounts> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<QueueJobCounts>((resolve) => {
    timer = setTimeout(() => resolve(UNKNOWN_COUNTS), QUEUE_COUNT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      queue.getJobCounts('waiting', 'active', 'delayed', 'failed').then(
        (counts): QueueJobCounts => ({
          waiting: counts.waiting!,
          active: counts.active!,
          delayed: counts.delayed!,
          failed: counts.failed!,
        }),
        () => UNKNOWN_COUNTS,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

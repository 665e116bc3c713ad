import { Injectable } from '@nestjs/common';
import { PrismaService, type Transaction } from '@mandi/database';

/** A job that used up its attempts (or could never succeed), as failed_jobs keeps it. */
export interface FailedJobRecord {
  readonly queue: string;
  readonly jobId: string;
  readonly name: string;
  readonly data: object;
  readonly error: string;
  readonly attemptsMade: number;
}

/** The worker's bookkeeping tables: processed_events (idempotency) and failed_jobs. */
@Injectable()
export class JobLedgerRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records that `handler` has handled event `eventId`, in the handler's own transaction. False when
   * a committed delivery already did; a concurrent one waits on the primary key until the first
   * commits or rolls back, so two deliveries can never both get true.
   */
  async claim(tx: Transaction, eventId: bigint, handler: string): Promise<boolean> {
    const { count } = await tx.processedEvent.createMany({
      data: [{ eventId, handler }],
      skipDuplicates: true,
    });
    return count === 1;
  }

  /** Keeps a finally failed job for people to look at and replay. */
  async recordFailure(record: FailedJobRecord): Promise<void> {
    await this.prisma.failedJob.create({ data: { ...record } });
  }
}

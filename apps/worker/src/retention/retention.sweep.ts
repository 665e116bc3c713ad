import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  EVENT_RETENTION_DAYS,
  PAYMENT_EVENT_RETENTION_DAYS,
  RETENTION_BATCH,
  RETENTION_SWEEP_EVERY_MS,
} from './retention.policy.js';
import { RetentionRepository } from './retention.repository.js';

/** Rows one sweep deleted, per table. */
export interface PruneCounts {
  outboxEvents: number;
  processedEvents: number;
  paymentProviderEvents: number;
}

/**
 * Keeps the outbox, processed_events and payment_provider_events from growing forever: at boot and then every
 * {@link RETENTION_SWEEP_EVERY_MS}, deletes what is past its retention (retention.policy.ts), in statements of at most
 * `batch` rows until a statement deletes fewer. Every worker replica sweeps; their statements skip each other's rows.
 */
@Injectable()
export class RetentionSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionSweep.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PruneCounts> | undefined;

  constructor(private readonly retention: RetentionRepository) {}

  onApplicationBootstrap(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), RETENTION_SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** Stops sweeping and waits for a sweep in flight. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One sweep over the three tables; returns how many rows each lost. */
  async pruneOnce(batch = RETENTION_BATCH): Promise<PruneCounts> {
    return {
      outboxEvents: await drain((limit) => this.retention.deletePublishedEvents(EVENT_RETENTION_DAYS, limit), batch),
      processedEvents: await drain((limit) => this.retention.deleteProcessedMarks(EVENT_RETENTION_DAYS, limit), batch),
      paymentProviderEvents: await drain(
        (limit) => this.retention.deleteProcessedProviderEvents(PAYMENT_EVENT_RETENTION_DAYS, limit),
        batch,
      ),
    };
  }

  private async tick(): Promise<void> {
    // A sweep still running (a long backlog) is not started twice.
    if (this.running) return;
    this.running = this.pruneOnce();
    try {
      const pruned = await this.running;
      if (Object.values(pruned).some((count) => count > 0)) this.logger.log({ msg: 'old pipeline rows pruned', ...pruned });
    } catch (error) {
      this.logger.error({ msg: 'pruning failed; the next sweep tries again', err: error });
    } finally {
      this.running = undefined;
    }
  }
}

/** Runs `deleteBatch` until a batch deletes fewer than `batch` rows; returns the total. */
async function drain(deleteBatch: (limit: number) => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}

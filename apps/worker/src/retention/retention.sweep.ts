import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  EVENT_RETENTION_DAYS,
  PAYMENT_EVENT_RETENTION_DAYS,
  RETENTION_BATCH,
  RETENTION_SWEEP_EVERY_MS,
} from './retention.policy.js';
import { drain, PeriodicTask } from '../pipeline/periodic-task.js';
import { RetentionRepository } from './retention.repository.js';

/** Rows one sweep deleted, per table. */
export interface PruneCounts {
  outboxEvents: number;
  processedEvents: number;
  paymentProviderEvents: number;
  sellerTaxRecords: number;
}

/**
 * Keeps the outbox, processed_events and payment_provider_events from growing forever: at boot and then every
 * {@link RETENTION_SWEEP_EVERY_MS}, deletes what is past its retention (retention.policy.ts), in statements of at most
 * `batch` rows until a statement deletes fewer. Every worker replica sweeps; their statements skip each other's rows.
 */
@Injectable()
export class RetentionSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionSweep.name);
  private readonly task = new PeriodicTask({
    everyMs: RETENTION_SWEEP_EVERY_MS,
    atStart: true,
    pass: () => this.pruneOnce(),
    report: (pruned) => {
      if (Object.values(pruned).some((count) => count > 0))
        this.logger.log({ msg: 'old pipeline rows pruned', ...pruned });
    },
    logger: this.logger,
    failure: 'pruning failed; the next sweep tries again',
  });

  constructor(private readonly retention: RetentionRepository) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  /** Stops and waits for a pass in flight. */
  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** One sweep over the four tables; returns how many rows each lost. */
  async pruneOnce(batch = RETENTION_BATCH): Promise<PruneCounts> {
    return {
      outboxEvents: await drain((limit) => this.retention.deletePublishedEvents(EVENT_RETENTION_DAYS, limit), batch),
      processedEvents: await drain((limit) => this.retention.deleteProcessedMarks(EVENT_RETENTION_DAYS, limit), batch),
      paymentProviderEvents: await drain(
        (limit) => this.retention.deleteProcessedProviderEvents(PAYMENT_EVENT_RETENTION_DAYS, limit),
        batch,
      ),
      sellerTaxRecords: await drain((limit) => this.retention.deleteExpiredSellerTaxRecords(limit), batch),
    };
  }
}

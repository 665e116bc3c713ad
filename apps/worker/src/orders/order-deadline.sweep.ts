import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { OrderDeadlinesRepository } from './order-deadlines.repository.js';

/** Orders settled per statement of a sweep; a sweep runs statements until one settles fewer. */
const SWEEP_BATCH = 500;

/**
 * The net under the deadline jobs: at boot and then every ORDER_DEADLINE_SWEEP_MS (a minute), settles every order
 * past its deadline that is still pending or awaiting cancellation, whatever happened to its `order.settle` job
 * (Redis flushed, the job failed for good, an order written before the job existed). Every worker replica sweeps;
 * their statements skip each other's rows, and a settlement is a conditional update, so an order is settled once.
 */
@Injectable()
export class OrderDeadlineSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OrderDeadlineSweep.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly deadlines: OrderDeadlinesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const everyMs = this.config.ORDER_DEADLINE_SWEEP_MS;
    if (everyMs === 0) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), everyMs);
  }

  /** Stops sweeping and waits for a sweep in flight. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One sweep: settles every overdue order, in batches, and returns how many. */
  async sweepOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const settled = await this.deadlines.settleOverdue(this.config.ORDER_DECISION_WINDOW_MS, SWEEP_BATCH);
      total += settled;
      if (settled < SWEEP_BATCH) return total;
    }
  }

  private async tick(): Promise<void> {
    // A sweep still running (a long backlog) is not started twice.
    if (this.running) return;
    this.running = this.sweepOnce();
    try {
      const settled = await this.running;
      if (settled > 0) this.logger.log({ msg: 'orders settled by the deadline sweep (their deadline job was lost or late)', settled });
    } catch (error) {
      this.logger.error({ msg: 'deadline sweep failed; the next one tries again', err: error });
    } finally {
      this.running = undefined;
    }
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { drain, PeriodicTask } from '../pipeline/periodic-task.js';
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
  private readonly task: PeriodicTask<number>;

  constructor(
    private readonly deadlines: OrderDeadlinesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.task = new PeriodicTask({
      everyMs: config.ORDER_DEADLINE_SWEEP_MS,
      atStart: true,
      pass: () => this.sweepOnce(),
      report: (settled) => {
        if (settled > 0)
          this.logger.log({
            msg: 'orders settled by the deadline sweep (their deadline job was lost or late)',
            settled,
          });
      },
      logger: this.logger,
      failure: 'deadline sweep failed; the next one tries again',
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.ORDER_DEADLINE_SWEEP_MS > 0) this.task.start();
  }

  /** Stops sweeping and waits for a sweep in flight. */
  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** One sweep: settles every overdue order, in batches, and returns how many. */
  async sweepOnce(): Promise<number> {
    return drain((limit) => this.deadlines.settleOverdue(this.config.ORDER_DECISION_WINDOW_MS, limit), SWEEP_BATCH);
  }
}

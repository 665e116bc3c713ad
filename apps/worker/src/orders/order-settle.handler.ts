import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { OrderDeadlinesRepository } from './order-deadlines.repository.js';

/**
 * The end of an order's decision window (`order.settle`, due ORDER_DECISION_WINDOW_MS after order.placed): a pending
 * order is cancelled as not confirmed within 8 hours, one awaiting cancellation is cancelled with the buyer's reason,
 * any other (confirmed, cancelled already...) is left alone. The window is checked again by the database clock;
 * a job that fires a moment early fails its attempt and runs again after the retry's backoff.
 */
@Injectable()
@HandlesJob('order.settle')
export class OrderSettleHandler extends JobHandler<EventPayload<'order.placed'>> {
  constructor(
    private readonly deadlines: OrderDeadlinesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async handle({ orderId }: EventPayload<'order.placed'>, { finish }: JobContext): Promise<void> {
    const windowMs = this.config.ORDER_DECISION_WINDOW_MS;
    await finish(async (tx) => {
      if (await this.deadlines.settle(tx, orderId, windowMs)) return;
      const open = await this.deadlines.stillOpen(tx, orderId, windowMs);
      if (open)
        throw new Error(`order ${orderId} is ${open.status} and its window has not closed yet by the database clock`);
    });
  }
}

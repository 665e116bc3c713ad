import { Injectable } from '@nestjs/common';
import { sellerOrderMailDue, sellersPack } from '@mandi/domain';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { OrderMails } from './order-mails.js';
import { OrderMailsRepository } from './order-mails.repository.js';

// Each seller's mails about an order with their products: their own lines only, never the buyer's name, phone or
// street. A seller whose account is deleted is skipped. The sellers of one order are mailed one after the other; a
// failure part-way fails the job, and its retry mails every seller again, the rare repeat the mail pipeline accepts
// (docs/mail.md).

/**
 * Mails each seller what to pack, routed from order.placed and order.paid: a cash-on-delivery order at its placing, an
 * online order once it is paid (order-mail.rules.ts of libs/domain), so each seller gets it once.
 */
@Injectable()
@HandlesJob('mail.seller_order')
export class SellerOrderMailHandler extends JobHandler<{ orderId: number }> {
  constructor(
    private readonly orders: OrderMailsRepository,
    private readonly mails: OrderMails,
  ) {
    super();
  }

  async handle({ orderId }: { orderId: number }, { eventType }: JobContext): Promise<void> {
    const order = await this.orders.order(orderId);
    if (!order || !sellerOrderMailDue(order, eventType)) return;
    for (const seller of await this.orders.sellers(order)) await this.mails.sendSellerOrder(order, seller);
  }
}

/** Tells each seller who was mailed what to pack for an order that it is cancelled. */
@Injectable()
@HandlesJob('mail.seller_order_cancelled')
export class SellerOrderCancelledMailHandler extends JobHandler<EventPayload<'order.cancelled'>> {
  constructor(
    private readonly orders: OrderMailsRepository,
    private readonly mails: OrderMails,
  ) {
    super();
  }

  async handle({ orderId }: EventPayload<'order.cancelled'>): Promise<void> {
    const order = await this.orders.order(orderId);
    if (order?.status !== 'cancelled' || !sellersPack(order)) return;
    for (const seller of await this.orders.sellers(order)) await this.mails.sendSellerCancelled(order, seller);
  }
}

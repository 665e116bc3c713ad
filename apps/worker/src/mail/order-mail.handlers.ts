import { Injectable } from '@nestjs/common';
import { buyerCancellationMail } from '@mandi/domain';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { OrderMails, type OrderProgress } from './order-mails.js';
import { OrderMailsRepository, type MailCreditNote } from './order-mails.repository.js';

// The buyer's order mails. Each job sends one mail: it reads the order as it is now, skips a buyer whose account is
// deleted (nobody to mail), and sends last, after every check; the job runner then records it (processed_events), so
// a redelivery of the same event sends nothing. A failed commit after the send may resend on retry, as for every mail.

/** Mails the buyer the step of an order that `step` names. */
@Injectable()
abstract class OrderProgressMailHandler extends JobHandler<{ orderId: number }> {
  protected abstract readonly step: OrderProgress | 'placed';

  constructor(
    private readonly orders: OrderMailsRepository,
    private readonly mails: OrderMails,
  ) {
    super();
  }

  async handle({ orderId }: { orderId: number }): Promise<void> {
    const order = await this.orders.order(orderId);
    if (!order?.buyer) return;
    if (this.step === 'placed') await this.mails.sendPlaced(order, order.buyer);
    else await this.mails.sendProgress(this.step, order, order.buyer);
  }
}

/** The buyer's summary of a new order: lines and amounts, delivery address, payment, and how to cancel it. */
@Injectable()
@HandlesJob('mail.order_placed')
export class OrderPlacedMailHandler extends OrderProgressMailHandler {
  protected readonly step = 'placed';
}

/** The buyer's mail that an order is confirmed (by an admin, or by its online payment). */
@Injectable()
@HandlesJob('mail.order_confirmed')
export class OrderConfirmedMailHandler extends OrderProgressMailHandler {
  protected readonly step = 'confirmed';
}

/** The buyer's mail that an order has shipped. */
@Injectable()
@HandlesJob('mail.order_shipped')
export class OrderShippedMailHandler extends OrderProgressMailHandler {
  protected readonly step = 'shipped';
}

/** The buyer's mail that an order is delivered. */
@Injectable()
@HandlesJob('mail.order_delivered')
export class OrderDeliveredMailHandler extends OrderProgressMailHandler {
  protected readonly step = 'delivered';
}

/**
 * The buyer's cancellation mail, routed from order.cancelled and credit_note.rendered: an order that was paid gets a
 * credit note, and its mail goes once the credit note's PDF exists, carrying it; any other order's goes at the
 * cancellation (order-mail.rules.ts of libs/domain decides which event sends it, from the order's recorded times).
 */
@Injectable()
@HandlesJob('mail.order_cancelled')
export class OrderCancelledMailHandler extends JobHandler<{ orderId: number }> {
  constructor(
    private readonly orders: OrderMailsRepository,
    private readonly mails: OrderMails,
  ) {
    super();
  }

  async handle({ orderId }: { orderId: number }, { eventType }: JobContext): Promise<void> {
    const order = await this.orders.order(orderId);
    if (!order?.buyer) return;
    const mail = buyerCancellationMail(order, eventType);
    if (mail === null) return;
    let creditNotes: MailCreditNote[] = [];
    if (mail === 'with_credit_note') {
      creditNotes = await this.orders.renderedCreditNotesOfOrder(orderId);
      // credit_note.rendered is published by the last of the order's credit notes to get its PDF: without them all
      // the event is not what it says.
      if (creditNotes.length === 0) throw new Error(`Order ${orderId} has no rendered credit notes`);
    }
    await this.mails.sendCancelled(order, order.buyer, creditNotes);
  }
}

/** The buyer's invoice (or bill of supply), sent once its PDF is rendered, with the PDF attached. */
@Injectable()
@HandlesJob('mail.invoice')
export class InvoiceMailHandler extends JobHandler<EventPayload<'invoice.rendered'>> {
  constructor(
    private readonly orders: OrderMailsRepository,
    private readonly mails: OrderMails,
  ) {
    super();
  }

  async handle({ invoiceId, orderId }: EventPayload<'invoice.rendered'>): Promise<void> {
    const invoice = await this.orders.invoice(invoiceId);
    if (!invoice?.pdfFileKey || invoice.orderId !== orderId) return;
    const order = await this.orders.order(orderId);
    if (!order?.buyer) return;
    await this.mails.sendInvoice(order, order.buyer, invoice);
  }
}

/** The buyer's mail once the refund of a cancelled order is processed at Razorpay. */
@Injectable()
@HandlesJob('mail.refund_processed')
export class RefundProcessedMailHandler extends JobHandler<EventPayload<'refund.processed'>> {
  constructor(
    private readonly orders: OrderMailsRepository,
    private readonly mails: OrderMails,
  ) {
    super();
  }

  async handle({ refundId, orderId }: EventPayload<'refund.processed'>): Promise<void> {
    const refund = await this.orders.refund(refundId);
    if (refund?.status !== 'processed' || refund.orderId !== orderId) return;
    const order = await this.orders.order(orderId);
    if (!order?.buyer) return;
    await this.mails.sendRefund(order, order.buyer, refund);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { documentFileName } from '@mandi/domain';
import { Mailer, MailTemplates, type MailAttachment, type SentMail } from '@mandi/mail';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import type {
  MailCreditNote,
  MailDocument,
  MailRecipient,
  OrderForMail,
  OrderSeller,
  RefundForMail,
} from './order-mails.repository.js';
import {
  cancelledView,
  invoiceView,
  placedView,
  progressView,
  refundView,
  sellerOrderView,
  type OrderMailSettings,
} from './order-mail.view.js';

/** The subject line of each order mail; each names the order (or the document) it is about. */
export const ORDER_MAIL_SUBJECTS = {
  placed: (orderId: number) => `Your Mandi order #${orderId} is placed`,
  confirmed: (orderId: number) => `Your Mandi order #${orderId} is confirmed`,
  shipped: (orderId: number) => `Your Mandi order #${orderId} is on its way`,
  delivered: (orderId: number) => `Your Mandi order #${orderId} is delivered`,
  cancelled: (orderId: number) => `Your Mandi order #${orderId} is cancelled`,
  invoice: (number: string, orderId: number) => `Your invoice ${number} for Mandi order #${orderId}`,
  refund: (orderId: number) => `Your refund for Mandi order #${orderId} is processed`,
  sellerOrder: (orderId: number) => `New order #${orderId}: please pack your products`,
  sellerCancelled: (orderId: number) => `Order #${orderId} is cancelled: do not send your products`,
} as const;

/** The buyer's mails of an order on its way: the one each step of the order sends. */
export type OrderProgress = 'confirmed' | 'shipped' | 'delivered';

/** The first lines a mail program shows beside the subject. */
const PREHEADERS = {
  placed: 'Your order summary, and how to cancel it if you change your mind.',
  confirmed: 'Our sellers are packing your order.',
  shipped: 'Your order has left our sellers.',
  delivered: 'We hope you enjoy your fresh produce.',
  cancelled: 'Your order is cancelled.',
  invoice: 'Your invoice is attached as a PDF.',
  refund: 'Your money is on its way back.',
  sellerOrder: 'A buyer ordered your products.',
  sellerCancelled: 'Do not pack or send the products of this order.',
} as const;

/**
 * The order mails (templates in apps/worker/templates/mail/): the buyer's mail at each step of an order, with its
 * invoice or credit note attached as a PDF, and each seller's mails about their own lines. Renders both versions of
 * each and sends them; deciding whether a mail is due is the handlers' part (order-mail.rules.ts of libs/domain).
 */
@Injectable()
export class OrderMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly templates: MailTemplates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** The storefront's address and the cancellation window the mails speak of. */
  get settings(): OrderMailSettings {
    return { publicUrl: this.config.PUBLIC_URL, windowMs: this.config.ORDER_DECISION_WINDOW_MS };
  }

  /** The buyer's summary of a new order: lines, amounts, address, payment, and how to cancel it. */
  sendPlaced(order: OrderForMail, buyer: MailRecipient): Promise<SentMail> {
    const subject = ORDER_MAIL_SUBJECTS.placed(order.id);
    return this.send(buyer, subject, 'order-placed', { subject, preheader: PREHEADERS.placed, ...placedView(this.settings, order, buyer.username) });
  }

  /** The buyer's mail when the order is confirmed, shipped or delivered. */
  sendProgress(step: OrderProgress, order: OrderForMail, buyer: MailRecipient): Promise<SentMail> {
    const subject = ORDER_MAIL_SUBJECTS[step](order.id);
    return this.send(buyer, subject, `order-${step}`, { subject, preheader: PREHEADERS[step], ...progressView(this.settings, order, buyer.username) });
  }

  /** The buyer's cancellation mail, with the credit note's PDF when the order was paid. */
  async sendCancelled(order: OrderForMail, buyer: MailRecipient, creditNote: MailCreditNote | null): Promise<SentMail> {
    const subject = ORDER_MAIL_SUBJECTS.cancelled(order.id);
    const view = cancelledView(this.settings, order, buyer.username, creditNote);
    const attachments = creditNote ? [await this.pdf(creditNote)] : [];
    return this.send(buyer, subject, 'order-cancelled', { subject, preheader: PREHEADERS.cancelled, ...view }, attachments);
  }

  /** The buyer's invoice (or bill of supply), its PDF attached. */
  async sendInvoice(order: OrderForMail, buyer: MailRecipient, invoice: MailDocument): Promise<SentMail> {
    const subject = ORDER_MAIL_SUBJECTS.invoice(invoice.number, order.id);
    const view = invoiceView(this.settings, order, buyer.username, invoice);
    return this.send(buyer, subject, 'order-invoice', { subject, preheader: PREHEADERS.invoice, ...view }, [await this.pdf(invoice)]);
  }

  /** The buyer's mail once Razorpay has refunded a cancelled order. */
  sendRefund(order: OrderForMail, buyer: MailRecipient, refund: RefundForMail): Promise<SentMail> {
    const subject = ORDER_MAIL_SUBJECTS.refund(order.id);
    return this.send(buyer, subject, 'order-refund', { subject, preheader: PREHEADERS.refund, ...refundView(this.settings, order, buyer.username, refund) });
  }

  /** A seller's mail of what to pack for an order: their lines only, and the delivery district and pincode. */
  sendSellerOrder(order: OrderForMail, seller: OrderSeller): Promise<SentMail> {
    const subject = ORDER_MAIL_SUBJECTS.sellerOrder(order.id);
    return this.send(seller, subject, 'seller-order', { subject, preheader: PREHEADERS.sellerOrder, ...sellerOrderView(this.settings, order, seller) });
  }

  /** A seller's mail that an order they were told to pack is cancelled. */
  sendSellerCancelled(order: OrderForMail, seller: OrderSeller): Promise<SentMail> {
    const subject = ORDER_MAIL_SUBJECTS.sellerCancelled(order.id);
    return this.send(seller, subject, 'seller-order-cancelled', {
      subject,
      preheader: PREHEADERS.sellerCancelled,
      ...sellerOrderView(this.settings, order, seller),
    });
  }

  private send(to: MailRecipient, subject: string, template: string, data: object, attachments: MailAttachment[] = []): Promise<SentMail> {
    return this.mailer.send({ to: to.email, subject, ...this.templates.render(template, data), attachments });
  }

  /** A document's PDF from the file store, named as the order page downloads it. */
  private async pdf(document: MailDocument): Promise<MailAttachment> {
    const stored = document.pdfFileKey ? await this.files.get(document.pdfFileKey) : null;
    // Its 'rendered' event comes after the key is recorded, so a missing file is a store that failed to answer: retry.
    if (!stored) throw new Error(`The PDF of ${document.number} is not in the file store`);
    return { filename: documentFileName(document.number), content: stored.bytes, contentType: 'application/pdf' };
  }
}

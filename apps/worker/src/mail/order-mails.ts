import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { documentFileName } from '@mandi/domain';
import { Mailer, MailTemplates, type MailAttachment, type SentMail, type Translator } from '@mandi/mail';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import { englishMailTexts } from './mail-texts.js';
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

/** The subject line of each order mail (English unless `t` says otherwise); each names the order (or the document) it is about. */
export const ORDER_MAIL_SUBJECTS = {
  placed: (orderId: number, t = englishMailTexts()) => t.t('mail.subject.orderPlaced', { orderId }),
  confirmed: (orderId: number, t = englishMailTexts()) => t.t('mail.subject.orderConfirmed', { orderId }),
  shipped: (orderId: number, t = englishMailTexts()) => t.t('mail.subject.orderShipped', { orderId }),
  delivered: (orderId: number, t = englishMailTexts()) => t.t('mail.subject.orderDelivered', { orderId }),
  cancelled: (orderId: number, t = englishMailTexts()) => t.t('mail.subject.orderCancelled', { orderId }),
  invoice: (number: string, orderId: number, t = englishMailTexts()) =>
    t.t('mail.subject.invoice', { number, orderId }),
  refund: (orderId: number, t = englishMailTexts()) => t.t('mail.subject.refund', { orderId }),
  sellerOrder: (orderId: number, t = englishMailTexts()) => t.t('mail.subject.sellerOrder', { orderId }),
  sellerCancelled: (orderId: number, t = englishMailTexts()) => t.t('mail.subject.sellerCancelled', { orderId }),
} as const;

/** The buyer's mails of an order on its way: the one each step of the order sends. */
export type OrderProgress = 'confirmed' | 'shipped' | 'delivered';

/** The first lines a mail program shows beside the subject, by mail. */
type Preheader = 'placed' | OrderProgress | 'cancelled' | 'invoice' | 'refund' | 'sellerOrder' | 'sellerCancelled';

/**
 * The order mails (templates in apps/worker/templates/mail/): the buyer's mail at each step of an order, with its
 * invoice or credit note attached as a PDF, and each seller's mails about their own lines, each in its recipient's
 * language. Renders both versions of each and sends them; deciding whether a mail is due is the handlers' part
 * (order-mail.rules.ts of libs/domain).
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
    const t = this.textsOf(buyer);
    return this.send(
      t,
      buyer,
      ORDER_MAIL_SUBJECTS.placed(order.id, t),
      'order-placed',
      'placed',
      placedView(t, this.settings, order, buyer.username),
    );
  }

  /** The buyer's mail when the order is confirmed, shipped or delivered. */
  sendProgress(step: OrderProgress, order: OrderForMail, buyer: MailRecipient): Promise<SentMail> {
    const t = this.textsOf(buyer);
    return this.send(
      t,
      buyer,
      ORDER_MAIL_SUBJECTS[step](order.id, t),
      `order-${step}`,
      step,
      progressView(t, this.settings, order, buyer.username),
    );
  }

  /** The buyer's cancellation mail, with the credit note's PDF when the order was paid. */
  async sendCancelled(
    order: OrderForMail,
    buyer: MailRecipient,
    creditNotes: readonly MailCreditNote[],
  ): Promise<SentMail> {
    const t = this.textsOf(buyer);
    const view = cancelledView(t, this.settings, order, buyer.username, creditNotes);
    const attachments = await Promise.all(creditNotes.map((creditNote) => this.pdf(creditNote)));
    return this.send(
      t,
      buyer,
      ORDER_MAIL_SUBJECTS.cancelled(order.id, t),
      'order-cancelled',
      'cancelled',
      view,
      attachments,
    );
  }

  /** The buyer's invoice (or bill of supply), its PDF attached. */
  async sendInvoice(order: OrderForMail, buyer: MailRecipient, invoice: MailDocument): Promise<SentMail> {
    const t = this.textsOf(buyer);
    const view = invoiceView(t, this.settings, order, buyer.username, invoice);
    return this.send(
      t,
      buyer,
      ORDER_MAIL_SUBJECTS.invoice(invoice.number, order.id, t),
      'order-invoice',
      'invoice',
      view,
      [await this.pdf(invoice)],
    );
  }

  /** The buyer's mail once Razorpay has refunded a cancelled order. */
  sendRefund(order: OrderForMail, buyer: MailRecipient, refund: RefundForMail): Promise<SentMail> {
    const t = this.textsOf(buyer);
    return this.send(
      t,
      buyer,
      ORDER_MAIL_SUBJECTS.refund(order.id, t),
      'order-refund',
      'refund',
      refundView(t, this.settings, order, buyer.username, refund),
    );
  }

  /** A seller's mail of what to pack for an order: their lines only, and the delivery district and pincode. */
  sendSellerOrder(order: OrderForMail, seller: OrderSeller): Promise<SentMail> {
    const t = this.textsOf(seller);
    return this.send(
      t,
      seller,
      ORDER_MAIL_SUBJECTS.sellerOrder(order.id, t),
      'seller-order',
      'sellerOrder',
      sellerOrderView(t, this.settings, order, seller),
    );
  }

  /** A seller's mail that an order they were told to pack is cancelled. */
  sendSellerCancelled(order: OrderForMail, seller: OrderSeller): Promise<SentMail> {
    const t = this.textsOf(seller);
    const view = sellerOrderView(t, this.settings, order, seller);
    return this.send(
      t,
      seller,
      ORDER_MAIL_SUBJECTS.sellerCancelled(order.id, t),
      'seller-order-cancelled',
      'sellerCancelled',
      view,
    );
  }

  /** The texts of the recipient's language. */
  private textsOf(recipient: MailRecipient): Translator {
    return this.templates.translator(recipient.language);
  }

  private send(
    t: Translator,
    to: MailRecipient,
    subject: string,
    template: string,
    preheader: Preheader,
    view: object,
    attachments: MailAttachment[] = [],
  ): Promise<SentMail> {
    const data = { subject, preheader: t.t(`mail.preheader.${preheader}`), ...view };
    return this.mailer.send({ to: to.email, subject, ...this.templates.render(template, data, t), attachments });
  }

  /** A document's PDF from the file store, named as the order page downloads it. */
  private async pdf(document: MailDocument): Promise<MailAttachment> {
    const stored = document.pdfFileKey ? await this.files.get(document.pdfFileKey) : null;
    // Its 'rendered' event comes after the key is recorded, so a missing file is a store that failed to answer: retry.
    if (!stored) throw new Error(`The PDF of ${document.number} is not in the file store`);
    return { filename: documentFileName(document.number), content: stored.bytes, contentType: 'application/pdf' };
  }
}

import { Module } from '@nestjs/common';
import {
  InvoiceMailHandler,
  OrderCancelledMailHandler,
  OrderConfirmedMailHandler,
  OrderDeliveredMailHandler,
  OrderPlacedMailHandler,
  OrderShippedMailHandler,
  RefundProcessedMailHandler,
} from './order-mail.handlers.js';
import { MailModule } from './mail.module.js';
import { OrderMails } from './order-mails.js';
import { OrderMailsRepository } from './order-mails.repository.js';
import { SellerOrderCancelledMailHandler, SellerOrderMailHandler } from './seller-order-mail.handlers.js';

/**
 * The order mails (docs/mail.md): the buyer's at each step of an order, with the invoice and credit note PDFs from the
 * file store (FileStoreModule, global in the worker), and each seller's about their own lines.
 */
@Module({
  imports: [MailModule],
  providers: [
    OrderMailsRepository,
    OrderMails,
    OrderPlacedMailHandler,
    OrderConfirmedMailHandler,
    OrderShippedMailHandler,
    OrderDeliveredMailHandler,
    OrderCancelledMailHandler,
    InvoiceMailHandler,
    RefundProcessedMailHandler,
    SellerOrderMailHandler,
    SellerOrderCancelledMailHandler,
  ],
})
export class OrderMailsModule {}

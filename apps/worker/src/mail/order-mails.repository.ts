import { Injectable } from '@nestjs/common';
import { narrowed, prepared, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type AddressInput,
  type Language,
  type OrderStatus,
  type PaymentMethod,
} from '@mandi/domain';

/** Someone an order mail goes to: the address, the name it greets and the language it is written in. */
export interface MailRecipient {
  readonly email: string;
  readonly username: string;
  readonly language: Language;
}

/** A user's saved language (users.language, held to the languages Mandi speaks by a CHECK). */
export function languageOf(saved: string): Language {
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** A line of an order as the mails show it: the copy taken at checkout, and whose product it is. */
export interface OrderMailLine {
  readonly productName: string;
  readonly quantity: number;
  readonly unitPricePaise: number;
  /** The weight of one pack, in grams. */
  readonly weightGrams: number;
  /** Null once the seller's row is gone (the copy still describes the line). */
  readonly sellerId: number | null;
}

/** An order as its mails read it. */
export interface OrderForMail {
  readonly id: number;
  readonly status: OrderStatus;
  readonly paymentMethod: PaymentMethod;
  readonly paymentStatus: 'paid' | 'unpaid';
  readonly subtotalPaise: number;
  readonly shippingPaise: number;
  readonly totalPaise: number;
  readonly createdAt: Date;
  readonly paidAt: Date | null;
  readonly cancelledAt: Date | null;
  readonly cancelReason: string | null;
  /** The buyer, or null when their account is deleted or the order is a network order's: nobody to mail. */
  readonly buyer: MailRecipient | null;
  /** The delivery address copied at checkout; only the buyer's own mails show all of it. */
  readonly address: AddressInput;
  readonly lines: readonly OrderMailLine[];
}

/** A seller of some of an order's lines, with those lines only. */
export interface OrderSeller extends MailRecipient {
  readonly sellerId: number;
  readonly lines: readonly OrderMailLine[];
}

/** A document whose PDF a mail carries: an invoice (or bill of supply) or a credit note. */
export interface MailDocument {
  readonly id: number;
  readonly orderId: number;
  readonly number: string;
  readonly kind: 'tax_invoice' | 'bill_of_supply' | 'credit_note';
  readonly totalPaise: number;
  readonly issuedAt: Date;
  /** The PDF in the file store; null until it is rendered. */
  readonly pdfFileKey: string | null;
}

/** A credit note with the invoice it reverses. */
export interface MailCreditNote extends MailDocument {
  readonly invoiceNumber: string;
}

/** A refund as its mail reads it. */
export interface RefundForMail {
  readonly id: number;
  readonly orderId: number;
  readonly amountPaise: number;
  readonly status: 'pending' | 'processed' | 'failed';
  /** Razorpay's id of the refund, the reference a bank knows it by. */
  readonly providerRefundId: string | null;
  /** How the buyer paid, as Razorpay says it (upi, card, netbanking, wallet ...), when it says. */
  readonly paymentMethod: string | null;
}

/** An order with its buyer's columns, its address copy and its lines, as {@link OrderMailsRepository.order} reads it. */
const ORDER_FOR_MAIL_ROW = sqlRow('order for mail', {
  id: 'int',
  status: narrowed<OrderStatus>('order_status'),
  paymentMethod: narrowed<PaymentMethod>('payment_method'),
  paymentStatus: narrowed<'paid' | 'unpaid'>('order_payment_status'),
  subtotalPaise: 'int',
  shippingPaise: 'int',
  totalPaise: 'int',
  createdAt: 'timestamptz',
  paidAt: 'timestamptz | null',
  cancelledAt: 'timestamptz | null',
  cancelReason: 'text | null',
  buyerEmail: 'text',
  buyerUsername: 'text',
  buyerLanguage: 'text',
  buyerDeleted: 'bool',
  address: narrowed<AddressInput>('json'),
  lines: narrowed<OrderMailLine[]>('json'),
});

/** A seller to mail, by {@link OrderMailsRepository.sellers}. */
const SELLER_RECIPIENT_ROW = sqlRow('seller recipient', {
  id: 'int',
  email: 'text',
  username: 'text',
  language: 'text',
});

/** What the order mails read: the order, its sellers, its documents and refunds. Reads only; the mails write nothing. */
@Injectable()
export class OrderMailsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The order with its buyer and lines, or null when there is none: one statement, as every order mail starts here. */
  async order(orderId: number): Promise<OrderForMail | null> {
    const [order] = await queryRows(
      this.prisma,
      ORDER_FOR_MAIL_ROW,
      prepared(Prisma.sql`
      SELECT o.id, o.status, o.payment_method AS "paymentMethod", o.payment_status AS "paymentStatus",
             o.subtotal_paise AS "subtotalPaise", o.shipping_paise AS "shippingPaise", o.total_paise AS "totalPaise",
             o.created_at AS "createdAt", o.paid_at AS "paidAt", o.cancelled_at AS "cancelledAt",
             o.cancel_reason AS "cancelReason",
             u.email::text AS "buyerEmail", u.username::text AS "buyerUsername", u.language AS "buyerLanguage",
             -- A network order's buyer hears from their buyer app, not from Mandi (docs/ondc.md): nobody to mail.
             (u.deleted_at IS NOT NULL OR EXISTS (SELECT 1 FROM ondc_orders n WHERE n.order_id = o.id)) AS "buyerDeleted",
             json_build_object('name', o.address_name, 'mobile', o.address_mobile, 'state', o.address_state,
                               'district', o.address_district, 'taluk', o.address_taluk,
                               'flat_house_building', o.address_flat_house_building,
                               'area_or_street_or_village', o.address_area_or_street_or_village,
                               'landmark', o.address_landmark, 'pincode', o.address_pincode) AS address,
             (SELECT coalesce(json_agg(json_build_object('productName', i.product_name, 'quantity', i.quantity,
                                                         'unitPricePaise', i.unit_price_paise,
                                                         'weightGrams', i.weight_grams, 'sellerId', i.seller_id)
                                       ORDER BY i.id), '[]'::json)
                FROM order_items i WHERE i.order_id = o.id) AS lines
        FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.id = ${orderId}`),
    );
    if (!order) return null;
    const { buyerEmail, buyerUsername, buyerLanguage, buyerDeleted, ...rest } = order;
    return {
      ...rest,
      buyer: buyerDeleted ? null : { email: buyerEmail, username: buyerUsername, language: languageOf(buyerLanguage) },
    };
  }

  /**
   * The sellers of an order's lines that can be mailed (their accounts not deleted), each with their own lines, in
   * the order of their ids.
   */
  async sellers(order: OrderForMail): Promise<OrderSeller[]> {
    const ids = [...new Set(order.lines.flatMap((line) => (line.sellerId === null ? [] : [line.sellerId])))];
    if (ids.length === 0) return [];
    const users = await queryRows(
      this.prisma,
      SELLER_RECIPIENT_ROW,
      prepared(Prisma.sql`
      SELECT id, email::text AS email, username::text AS username, language FROM users
       WHERE id = ANY(${ids}::int[]) AND deleted_at IS NULL
       ORDER BY id`),
    );
    return users.map((user) => ({
      sellerId: user.id,
      email: user.email,
      username: user.username,
      language: languageOf(user.language),
      lines: order.lines.filter((line) => line.sellerId === user.id),
    }));
  }

  /** An invoice (or bill of supply) by id, or null. */
  async invoice(invoiceId: number): Promise<MailDocument | null> {
    return this.prisma.invoice.findUnique({
      where: { id: invoiceId },
      select: { id: true, orderId: true, number: true, kind: true, totalPaise: true, issuedAt: true, pdfFileKey: true },
    });
  }

  /**
   * The credit notes of an order, each with the number of the invoice it reverses, once every one has its PDF (one
   * per supplier's invoice, announced together by the last printed); empty while any is still being printed.
   */
  async renderedCreditNotesOfOrder(orderId: number): Promise<MailCreditNote[]> {
    const notes = await this.prisma.creditNote.findMany({
      where: { orderId },
      orderBy: { id: 'asc' },
      select: {
        id: true,
        orderId: true,
        number: true,
        totalPaise: true,
        issuedAt: true,
        pdfFileKey: true,
        invoice: { select: { number: true } },
      },
    });
    if (notes.some((note) => note.pdfFileKey === null)) return [];
    return notes.map(({ invoice, ...rest }) => ({ ...rest, kind: 'credit_note', invoiceNumber: invoice.number }));
  }

  /** A refund with how its payment was made, or null. */
  async refund(refundId: number): Promise<RefundForMail | null> {
    const refund = await this.prisma.refund.findUnique({
      where: { id: refundId },
      include: { payment: { select: { orderId: true, method: true } } },
    });
    if (!refund) return null;
    return {
      id: refund.id,
      orderId: refund.payment.orderId,
      amountPaise: refund.amountPaise,
      status: refund.status,
      providerRefundId: refund.providerRefundId,
      paymentMethod: refund.payment.method,
    };
  }
}

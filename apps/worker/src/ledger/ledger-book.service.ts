import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { Transaction } from '@mandi/database';
import {
  financialYearOf,
  indiaDateParts,
  reversed,
  saleOfDocument,
  splitTax,
  supplyType,
  type SellerPart,
} from '@mandi/domain';
import { publish } from '@mandi/events';
import { LedgerRepository } from './ledger.repository.js';

/** The kinds of business the s. 194-O threshold is for: individuals (a proprietorship is its owner). */
const INDIVIDUAL_KINDS = new Set(['individual_farmer', 'proprietor']);

/** 'YYYY-MM-DD' of an instant on India's calendar. */
function indiaDay(at: Date): string {
  const { year, month, day } = indiaDateParts(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What one booking of an order wrote. */
export interface OrderBooking {
  /** Ledger transactions written now. */
  booked: number;
  /** Payouts made now. */
  payouts: number;
}

/**
 * Books an order's money in the ledger (docs/ledger.md), whatever of it is not booked yet: the receipt of each
 * captured online payment (or of the cash of a cash-on-delivery order marked paid), the sale of each issued document
 * with its sellers' payouts, the reversal of each credit note (cancelling or reversing those payouts), and each
 * processed refund. Every transaction has a source key of its own, so a repeated or concurrent booking books nothing
 * twice; the order row is locked first, so two bookings of one order run one after the other.
 */
@Injectable()
export class LedgerBookService {
  /** The official seller's id once found: a user row's id never changes. */
  private officialSeller: number | undefined;

  constructor(
    private readonly ledger: LedgerRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async bookOrder(tx: Transaction, orderId: number, now = new Date()): Promise<OrderBooking> {
    if (!(await this.ledger.lockOrder(tx, orderId))) return { booked: 0, payouts: 0 };
    const order = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: {
        id: true,
        paymentMethod: true,
        paymentStatus: true,
        totalPaise: true,
        payments: {
          select: { id: true, provider: true, providerPaymentId: true, amountPaise: true, capturedAt: true },
        },
        invoices: { orderBy: { id: 'asc' } },
        status: true,
        ondcOrder: { select: { finderFeePaise: true } },
        creditNotes: { select: { id: true, invoiceId: true, issuedAt: true }, orderBy: { id: 'asc' } },
      },
    });
    const booked = await this.ledger.bookedKeys(tx, orderId);
    const year = financialYearOf(now).startYear;
    const outcome: OrderBooking = { booked: 0, payouts: 0 };
    const book = async (draft: Parameters<LedgerRepository['book']>[1]) => {
      if (booked.has(draft.sourceKey)) return null;
      const id = await this.ledger.book(tx, draft);
      if (id !== null) outcome.booked += 1;
      return id;
    };

    // Receipts: the buyer's money reaches Mandi and waits in buyer_funds for the sale that takes it.
    const online = order.payments.filter((payment) => payment.provider === 'razorpay' && payment.capturedAt !== null);
    for (const payment of online)
      await book({
        kind: 'receipt',
        sourceKey: `payment:${payment.id}`,
        orderId,
        sellerId: null,
        financialYear: year,
        lines: [
          { account: 'razorpay_balance', sellerId: null, amountPaise: payment.amountPaise },
          { account: 'buyer_funds', sellerId: null, amountPaise: -payment.amountPaise },
        ],
      });
    // A prepaid network order's money is with the buyer app (docs/ondc.md, "Network orders"): it owes Mandi the sale
    // amount less its finder fee, Mandi's cost of the sale.
    const finderFee = order.ondcOrder?.finderFeePaise ?? 0;
    const network = order.payments.filter((payment) => payment.provider === 'ondc' && payment.capturedAt !== null);
    for (const payment of network)
      await book({
        kind: 'receipt',
        sourceKey: `payment:${payment.id}`,
        orderId,
        sellerId: null,
        financialYear: year,
        lines: [
          { account: 'network_receivable', sellerId: null, amountPaise: payment.amountPaise - finderFee },
          { account: 'finder_fees', sellerId: null, amountPaise: finderFee },
          { account: 'buyer_funds', sellerId: null, amountPaise: -payment.amountPaise },
        ],
      });
    if (order.paymentMethod === 'cod' && order.paymentStatus === 'paid')
      await book({
        kind: 'receipt',
        sourceKey: `cod:${orderId}`,
        orderId,
        sellerId: null,
        financialYear: year,
        lines: [
          { account: 'cod_cash', sellerId: null, amountPaise: order.totalPaise },
          { account: 'buyer_funds', sellerId: null, amountPaise: -order.totalPaise },
        ],
      });
    // A cash-on-delivery network order's cash is Mandi's: Mandi owes the buyer app its finder fee.
    if (order.ondcOrder && order.paymentMethod === 'cod' && order.paymentStatus === 'paid')
      await book({
        kind: 'receipt',
        sourceKey: `finder_fee:${orderId}`,
        orderId,
        sellerId: null,
        financialYear: year,
        reason: "The buyer app's finder fee on a cash-on-delivery network order",
        lines: [
          { account: 'finder_fees', sellerId: null, amountPaise: finderFee },
          { account: 'network_receivable', sellerId: null, amountPaise: -finderFee },
        ],
      });

    // Sales: one transaction per seller a document pays, and one for Mandi's own part.
    const officialSellerId = await this.officialSellerId(tx);
    const paymentId = online[0]?.providerPaymentId ?? null;
    for (const invoice of order.invoices) {
      const prefix = `invoice:${invoice.id}:`;
      if ([...booked].some((key) => key.startsWith(prefix))) continue;
      const parts = await this.sellerParts(tx, invoice, officialSellerId);
      const day = indiaDay(invoice.issuedAt);
      const postings = saleOfDocument({
        totalPaise: invoice.totalPaise,
        taxPaise: invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise,
        supplier: invoice.sellerId !== null ? { seller: parts[0]! } : { mandi: { resold: parts } },
        mandiState: this.config.SELLER_STATE,
        day,
      });
      for (const posting of postings) {
        const id = await book({
          kind: 'sale',
          sourceKey: `${prefix}${posting.sellerId === null ? 'mandi' : `seller-${posting.sellerId}`}`,
          orderId,
          sellerId: posting.sellerId,
          invoiceId: invoice.id,
          tdsBasePaise: posting.breakdown?.tdsBasePaise ?? 0,
          financialYear: invoice.financialYear,
          lines: posting.lines,
        });
        const net = posting.breakdown?.netPaise ?? 0;
        if (id !== null && posting.sellerId !== null && net > 0) {
          await this.openPayout(tx, {
            orderId,
            sellerId: posting.sellerId,
            saleTransactionId: id,
            amountPaise: net,
            providerPaymentId: order.paymentMethod === 'online' ? paymentId : null,
          });
          outcome.payouts += 1;
        }
      }
    }

    // Reversals: a credit note undoes its invoice's sales exactly; the buyer's money waits for its refund.
    for (const note of order.creditNotes) {
      for (const sale of await this.ledger.salesOfInvoice(tx, note.invoiceId)) {
        const party = sale.sourceKey.slice(sale.sourceKey.lastIndexOf(':') + 1);
        const id = await book({
          kind: 'sale_reversal',
          sourceKey: `credit_note:${note.id}:${party}`,
          orderId,
          sellerId: sale.sellerId,
          invoiceId: note.invoiceId,
          creditNoteId: note.id,
          tdsBasePaise: -sale.tdsBasePaise,
          financialYear: financialYearOf(note.issuedAt).startYear,
          lines: reversed(sale.lines),
        });
        if (id === null) continue;
        if (sale.sellerId !== null && sale.tdsBasePaise !== 0)
          await this.ledger.addYearGross(
            tx,
            sale.sellerId,
            financialYearOf(note.issuedAt).startYear,
            -sale.tdsBasePaise,
          );
        await this.withdrawPayout(tx, sale.id);
      }
    }

    // Refunds: the buyer's money goes back out of Mandi's Razorpay balance.
    const refunds = await tx.refund.findMany({
      where: { payment: { orderId }, status: 'processed' },
      select: { id: true, amountPaise: true },
    });
    for (const refund of refunds)
      await book({
        kind: 'refund',
        sourceKey: `refund:${refund.id}`,
        orderId,
        sellerId: null,
        financialYear: year,
        lines: [
          { account: 'buyer_funds', sellerId: null, amountPaise: refund.amountPaise },
          { account: 'razorpay_balance', sellerId: null, amountPaise: -refund.amountPaise },
        ],
      });
    // A cancelled prepaid network order: the buyer app gives the buyer their money back and keeps no fee, so what it
    // owes Mandi for the order goes to nothing.
    if (order.status === 'cancelled')
      for (const payment of network)
        await book({
          kind: 'refund',
          sourceKey: `network_refund:${payment.id}`,
          orderId,
          sellerId: null,
          financialYear: year,
          lines: [
            { account: 'buyer_funds', sellerId: null, amountPaise: payment.amountPaise },
            { account: 'network_receivable', sellerId: null, amountPaise: -(payment.amountPaise - finderFee) },
            { account: 'finder_fees', sellerId: null, amountPaise: -finderFee },
          ],
        });
    return outcome;
  }

  /** Mandi's official seller's user id (their lines are Mandi's own), or null when none is configured (or signed up yet). */
  private async officialSellerId(tx: Transaction): Promise<number | null> {
    const uid = this.config.OFFICIAL_SELLER_UID;
    if (uid === null) return null;
    if (this.officialSeller === undefined) {
      const user = await tx.user.findUnique({ where: { firebaseUid: uid }, select: { id: true } });
      if (!user) return null;
      this.officialSeller = user.id;
    }
    return this.officialSeller;
  }

  /**
   * The sellers a document pays: the supplier of a seller's own document (the whole document, its GST theirs), or the
   * sellers whose lines Mandi's own document resells (each line's value without the GST Mandi owes on it), each with
   * their year's gross so far, read under the seller's lock.
   */
  private async sellerParts(
    tx: Transaction,
    invoice: {
      sellerId: number | null;
      orderItemIds: number[];
      placeOfSupply: string;
      financialYear: number;
      taxablePaise: number;
      exemptPaise: number;
      cgstPaise: number;
      sgstPaise: number;
      igstPaise: number;
      tcsCgstPaise: number;
      tcsSgstPaise: number;
      tcsIgstPaise: number;
    },
    officialSellerId: number | null,
  ): Promise<SellerPart[]> {
    const items = await tx.orderItem.findMany({
      where: { id: { in: invoice.orderItemIds } },
      select: { sellerId: true, unitPricePaise: true, quantity: true, gstRatePercent: true, commissionPaise: true },
      orderBy: { id: 'asc' },
    });
    type Part = Omit<SellerPart, 'payee' | 'state'>;
    const parts = new Map<number, Part>();
    if (invoice.sellerId !== null) {
      parts.set(invoice.sellerId, {
        sellerId: invoice.sellerId,
        valuePaise: invoice.taxablePaise + invoice.exemptPaise,
        gstPaise: invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise,
        commissionPaise: items.reduce((sum, item) => sum + item.commissionPaise, 0),
        tcsPaise: invoice.tcsCgstPaise + invoice.tcsSgstPaise + invoice.tcsIgstPaise,
      });
    } else {
      const supply = supplyType(this.config.SELLER_STATE, invoice.placeOfSupply);
      for (const item of items) {
        if (item.sellerId === null || item.sellerId === officialSellerId) continue;
        const taxed = splitTax(item.unitPricePaise * item.quantity, item.gstRatePercent, supply);
        const tax = taxed.cgstPaise + taxed.sgstPaise + taxed.igstPaise;
        const part = parts.get(item.sellerId) ?? {
          sellerId: item.sellerId,
          valuePaise: 0,
          gstPaise: 0,
          commissionPaise: 0,
          tcsPaise: 0,
        };
        part.valuePaise += taxed.taxablePaise;
        part.gstPaise += tax;
        part.commissionPaise += item.commissionPaise;
        parts.set(item.sellerId, part);
      }
    }
    const sellerIds = [...parts.keys()].sort((a, b) => a - b);
    const profiles = new Map(
      (
        await tx.sellerProfile.findMany({
          where: { userId: { in: sellerIds } },
          select: { userId: true, status: true, businessKind: true, pickupState: true },
        })
      ).map((profile) => [profile.userId, profile]),
    );
    const result: SellerPart[] = [];
    for (const sellerId of sellerIds) {
      const profile = profiles.get(sellerId);
      const part = parts.get(sellerId)!;
      // In id order, so two documents locking the same sellers' years never wait on each other in a circle.
      const yearGrossBeforePaise = await this.ledger.addYearGross(tx, sellerId, invoice.financialYear, part.valuePaise);
      const approved = profile?.status === 'approved';
      result.push({
        ...part,
        state: profile?.pickupState ?? null,
        payee: {
          hasPan: approved,
          individual: approved && INDIVIDUAL_KINDS.has(profile?.businessKind ?? ''),
          yearGrossBeforePaise,
        },
      });
    }
    return result;
  }

  /**
   * A seller's payout of a sale: to be transferred on hold at once when it is an online payment's share and the seller
   * has an activated Route account (`payout.ready`), scheduled for a direct transfer when it is cash on delivery, or
   * waiting for the seller's account.
   */
  private async openPayout(
    tx: Transaction,
    payout: {
      orderId: number;
      sellerId: number;
      saleTransactionId: number;
      amountPaise: number;
      providerPaymentId: string | null;
    },
  ): Promise<void> {
    const account = await tx.sellerRouteAccount.findUnique({
      where: { userId: payout.sellerId },
      select: { status: true },
    });
    const online = payout.providerPaymentId !== null;
    const status =
      account?.status !== 'activated' ? 'awaiting_account' : online ? ('to_transfer' as const) : ('scheduled' as const);
    const { id } = await tx.sellerPayout.create({
      data: {
        ...payout,
        method: online ? 'payment_transfer' : 'direct_transfer',
        status,
      },
      select: { id: true },
    });
    if (status === 'to_transfer')
      await publish(tx, { type: 'payout.ready', payload: { payoutId: id, orderId: payout.orderId } });
  }

  /**
   * A reversed sale's payout: cancelled while no money has moved, else to be reversed at Razorpay
   * (`payout.reversal_requested`).
   */
  private async withdrawPayout(tx: Transaction, saleTransactionId: number): Promise<void> {
    const payout = await tx.sellerPayout.findUnique({
      where: { saleTransactionId },
      select: { id: true, orderId: true, status: true, razorpayTransferId: true },
    });
    if (!payout || ['reversed', 'cancelled', 'to_reverse'].includes(payout.status)) return;
    const status = payout.razorpayTransferId === null ? 'cancelled' : 'to_reverse';
    await tx.sellerPayout.update({ where: { id: payout.id }, data: { status } });
    if (status === 'to_reverse')
      await publish(tx, {
        type: 'payout.reversal_requested',
        payload: { payoutId: payout.id, orderId: payout.orderId },
      });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  rowIdOf,
  SELLER_PAYOUTS_PER_PAGE,
  type CommissionInvoice,
  type PayoutBalances,
  type PayoutSale,
  type SellerPayout,
  type SellerPayoutPage,
  type SellerStatement,
  type SellerStatements,
} from '@mandi/contracts';
import {
  balanceStateOf,
  BALANCE_STATES,
  DAY_MS,
  documentFileName,
  DomainError,
  HOUR_MS,
  paiseToRupees,
  PAYOUT_MESSAGES,
  PAYOUT_SETTLE_AFTER_HOURS,
  PAYOUT_STATUSES,
  SELLER_DASHBOARD_MESSAGES,
  statementFileName,
  type BalanceState,
  type LedgerAccount,
  type PayoutStatus,
  type StatementFormat,
} from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { SellerPayoutsRepository, type PayoutListRow, type PayoutSellerRow } from './seller-payouts.repository.js';

/** A stored file ready to send: its bytes, type and the name it downloads under. */
export interface PayoutFileDownload {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const CONTENT_TYPES: Record<StatementFormat, string> = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' };

/** Each way an order can stand for balanceStateOf: delivered or not, its window closed or not. */
const ORDER_STANDINGS = [false, true].flatMap((orderDelivered) =>
  [false, true].map((windowClosed) => ({ orderDelivered, windowClosed })),
);

/**
 * The statuses whose balance depends on the order (balanceStateOf, the one rule, answers differently for some
 * standing of it): the only payouts whose order the balances' statement reads.
 */
const ORDER_BOUND: readonly PayoutStatus[] = PAYOUT_STATUSES.filter(
  (status) => new Set(ORDER_STANDINGS.map((standing) => balanceStateOf({ status, ...standing }))).size > 1,
);

/**
 * A seller's money (issue 32, docs/payouts.md): their payout account, balances, adjustments and payouts with each
 * sale's breakdown, their weekly statements and monthly commission invoices and the files of both. Only the seller or
 * an admin reaches any of it: the access guard refuses another user's uid in the path (403), and each method checks
 * again before reading.
 */
@Injectable()
export class SellerPayoutsService {
  constructor(
    private readonly payouts: SellerPayoutsRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Seller `uid`'s account, balances and adjustments, and page `page` of their payouts. */
  async page(caller: Caller, uid: string, page: number): Promise<SellerPayoutPage> {
    const seller = await this.sellerFor(caller, uid);
    const windowMs = this.config.ORDER_DECISION_WINDOW_MS;
    const [account, standings, adjustmentsPaise, rows] = await Promise.all([
      this.payouts.routeAccount(seller.id),
      this.payouts.standings(seller.id, ORDER_BOUND, windowMs),
      this.payouts.adjustmentsPaise(seller.id),
      this.payouts.page(seller.id, page, SELLER_PAYOUTS_PER_PAGE, windowMs),
    ]);
    const settleAfterHours = account?.settleAfterHours ?? PAYOUT_SETTLE_AFTER_HOURS;
    const balancesPaise = Object.fromEntries(BALANCE_STATES.map((state) => [state, 0n])) as Record<
      BalanceState,
      bigint
    >;
    let total = 0;
    for (const standing of standings) {
      const { status, delivered, closed } = standing;
      const state = balanceStateOf({ status, orderDelivered: delivered, windowClosed: closed });
      if (state) balancesPaise[state] += standing.amount_paise;
      total += standing.payouts;
    }
    return {
      account: { status: account?.status ?? 'none', settle_after_hours: settleAfterHours },
      balances: Object.fromEntries(
        BALANCE_STATES.map((state) => [state, rupees(balancesPaise[state])]),
      ) as PayoutBalances,
      // Booked as a credit (negative) when Mandi owes the seller more; the seller reads it the other way round.
      adjustments: rupees(-adjustmentsPaise),
      payouts: rows.map((row) => payout(row, settleAfterHours)),
      total,
      page,
      per_page: SELLER_PAYOUTS_PER_PAGE,
    };
  }

  /** Seller `uid`'s weekly statements and commission invoices, newest first. */
  async statements(caller: Caller, uid: string): Promise<SellerStatements> {
    const seller = await this.sellerFor(caller, uid);
    const [statements, invoices] = await Promise.all([
      this.payouts.statements(seller.id),
      this.payouts.commissionInvoices(seller.id),
    ]);
    return {
      statements: statements.map((row): SellerStatement => ({
        week_start: dayText(row.weekStart),
        week_end: dayText(new Date(row.weekStart.getTime() + 6 * DAY_MS)),
        opening: paiseToRupees(row.openingPaise),
        sales_net: paiseToRupees(row.salesNetPaise),
        paid_out: paiseToRupees(row.paidOutPaise),
        adjusted: paiseToRupees(row.adjustedPaise),
        closing: paiseToRupees(row.closingPaise),
        pdf_ready: row.pdfFileKey !== null,
        csv_ready: row.csvFileKey !== null,
      })),
      commission_invoices: invoices.map((row): CommissionInvoice => ({
        id: String(row.id),
        month: dayText(row.monthStart).slice(0, 7),
        number: row.number,
        commission: paiseToRupees(row.commissionPaise),
        cgst: paiseToRupees(row.cgstPaise),
        sgst: paiseToRupees(row.sgstPaise),
        igst: paiseToRupees(row.igstPaise),
        total: paiseToRupees(row.totalPaise),
        issued_at: row.issuedAt.toISOString(),
        pdf_ready: row.pdfFileKey !== null,
      })),
    };
  }

  /** The PDF or CSV of seller `uid`'s statement of the week starting `week`; 404 until the worker has stored it. */
  async statementFile(caller: Caller, uid: string, week: string, format: StatementFormat): Promise<PayoutFileDownload> {
    const seller = await this.sellerFor(caller, uid);
    const statement = await this.payouts.statementFiles(seller.id, week);
    const key = format === 'pdf' ? statement?.pdfFileKey : statement?.csvFileKey;
    if (!key) throw new DomainError('not_found', PAYOUT_MESSAGES.statementNotReady);
    return {
      fileName: statementFileName(week, format),
      contentType: CONTENT_TYPES[format],
      bytes: await this.stored(key, `the ${format} statement of week ${week}`),
    };
  }

  /** The PDF of commission invoice `invoiceId`, only if it is seller `uid`'s (404 otherwise, as for no invoice). */
  async commissionInvoiceFile(caller: Caller, uid: string, invoiceId: string): Promise<PayoutFileDownload> {
    const seller = await this.sellerFor(caller, uid);
    const id = rowIdOf(invoiceId);
    const invoice = id === null ? null : await this.payouts.commissionInvoice(seller.id, id);
    if (!invoice) throw new DomainError('not_found', PAYOUT_MESSAGES.commissionInvoiceNotFound);
    if (!invoice.pdfFileKey) throw new DomainError('not_found', PAYOUT_MESSAGES.commissionInvoiceNotReady);
    return {
      fileName: documentFileName(invoice.number),
      contentType: CONTENT_TYPES.pdf,
      bytes: await this.stored(invoice.pdfFileKey, `commission invoice ${invoice.number}`),
    };
  }

  /** Seller `uid`, for the seller themselves or an admin: 403 for anyone else, 404 for a uid of no active user. */
  private async sellerFor(caller: Caller, uid: string): Promise<PayoutSellerRow> {
    // The access guard has already refused another user's uid; checked here too, before anything is read.
    if (caller.role !== 'admin' && caller.uid !== uid)
      throw new DomainError('not_allowed', SELLER_DASHBOARD_MESSAGES.notYours);
    const seller = await this.payouts.findSeller(uid);
    if (!seller) throw new DomainError('not_found', SELLER_DASHBOARD_MESSAGES.sellerNotFound);
    return seller;
  }

  /** A file the worker recorded; its absence from the store is a fault of ours (500), not the seller's. */
  private async stored(key: string, what: string): Promise<Buffer> {
    const file = await this.files.get(key);
    if (!file) throw new Error(`The file of ${what} is missing from the file store (${key})`);
    return file.bytes;
  }
}

/** Paise summed in SQL (bigint) as rupees. */
function rupees(paise: bigint): number {
  return paiseToRupees(Number(paise));
}

/** A DATE column ('2026-11-30', read as UTC midnight) as its text. */
function dayText(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** A timestamp read inside JSON, as an ISO instant; null stays null. */
function instant(text: string | null): string | null {
  return text === null ? null : new Date(text).toISOString();
}

/**
 * What a sale paid the seller, from its transaction's entries (debit positive): the buyer's money it took from
 * buyer_funds is the gross; each credit is a deduction kept by Mandi or owed to the government, and seller_payable's
 * credit the net owed to the seller.
 */
function saleOf(entries: Partial<Record<LedgerAccount, number>> | null): PayoutSale {
  const amount = (account: LedgerAccount) => entries?.[account] ?? 0;
  const credit = (account: LedgerAccount) => paiseToRupees(-amount(account) || 0);
  return {
    gross: paiseToRupees(amount('buyer_funds')),
    resale_gst: credit('mandi_output_gst'),
    commission: credit('commission_revenue'),
    commission_gst: credit('commission_gst'),
    tcs: credit('tcs_payable'),
    tds: credit('tds_payable'),
    net: credit('seller_payable'),
  };
}

/** One payout of the list, its balance state by the one rule and its release due once delivered. */
function payout(row: PayoutListRow, settleAfterHours: number): SellerPayout {
  const status: PayoutStatus = row.status;
  return {
    id: String(row.id),
    order_id: String(row.order_id),
    invoice_number: row.invoice_number,
    status,
    balance_state: balanceStateOf({ status, orderDelivered: row.order_delivered, windowClosed: row.window_closed }),
    method: row.method,
    sale: saleOf(row.sale_entries),
    release_due_at:
      row.delivered_at === null
        ? null
        : new Date(new Date(row.delivered_at).getTime() + settleAfterHours * HOUR_MS).toISOString(),
    transferred_at: instant(row.transferred_at),
    released_at: instant(row.released_at),
    settled_at: instant(row.settled_at),
    utr: row.utr,
  };
}

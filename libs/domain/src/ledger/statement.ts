import type { Paise } from '../money/money.js';
import { DAY_MS, IST_OFFSET_MS, MINUTE_MS, indiaDateParts } from '../time/india-time.js';
import type { LedgerAccount, LedgerKind } from './ledger.js';

/**
 * A seller's weekly settlement statement (docs/payouts.md, "Statements"): the week on India's calendar, and its
 * figures and lines worked out from the seller's ledger transactions. The balance is what Mandi owes the seller (the
 * negated sum of their `seller_payable` entries): a sale raises it by its net, a payout lowers it, an adjustment moves
 * it either way.
 */

/** A day on India's calendar, 'YYYY-MM-DD'. */
export type IndiaDay = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The day an instant falls on in India. */
export function indiaDayOf(instant: Date): IndiaDay {
  const { year, month, day } = indiaDateParts(instant);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The parts of a day, checked: a day that is not a real calendar day is a bug, never input. */
function dayParts(day: IndiaDay): { year: number; month: number; day: number } {
  const match = DAY_PATTERN.exec(day);
  const [year, month, date] = (match ?? []).slice(1).map(Number);
  const utc = match ? new Date(Date.UTC(year!, month! - 1, date!)) : null;
  if (!utc || utc.getUTCMonth() !== month! - 1 || utc.getUTCDate() !== date)
    throw new Error(`'${day}' is not a day (YYYY-MM-DD)`);
  return { year: year!, month: month!, day: date! };
}

/** The instant a day starts in India: its 00:00 IST. */
export function indiaDayStart(day: IndiaDay): Date {
  const { year, month, day: date } = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date) - IST_OFFSET_MS);
}

/** The day `days` after `day` (before it, when negative). */
export function addIndiaDays(day: IndiaDay, days: number): IndiaDay {
  return indiaDayOf(new Date(indiaDayStart(day).getTime() + days * DAY_MS));
}

/** A period of India's calendar: its first and last day, and the instants it spans, `from` included, `until` not. */
export interface IndiaPeriod {
  /** Its first day. */
  start: IndiaDay;
  /** Its last day. */
  end: IndiaDay;
  /** 00:00 IST of its first day. */
  from: Date;
  /** 00:00 IST of the day after its last. */
  until: Date;
}

/** A statement's week: Monday 00:00 IST to the end of Sunday, as ISO weeks (and PostgreSQL's date_trunc) count. */
export type StatementWeek = IndiaPeriod;

function periodOf(start: IndiaDay, nextStart: IndiaDay): IndiaPeriod {
  return { start, end: addIndiaDays(nextStart, -1), from: indiaDayStart(start), until: indiaDayStart(nextStart) };
}

/** The statement week an instant falls in, on India's calendar. */
export function statementWeekOf(instant: Date): StatementWeek {
  const day = indiaDayOf(instant);
  // getUTCDay of the day's own midnight UTC: 0 is Sunday, 1 Monday.
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const start = addIndiaDays(day, -((weekday + 6) % 7));
  return periodOf(start, addIndiaDays(start, 7));
}

/** The statement week starting on `monday`; throws when it is not a Monday. */
export function statementWeekStarting(monday: IndiaDay): StatementWeek {
  const week = statementWeekOf(indiaDayStart(monday));
  if (week.start !== monday) throw new Error(`A statement week starts on a Monday, not on ${monday}`);
  return week;
}

/** A commission invoice's month on India's calendar. */
export interface CommissionMonth extends IndiaPeriod {
  year: number;
  /** 1..12. */
  month: number;
}

/** The month an instant falls in, on India's calendar. */
export function commissionMonthOf(instant: Date): CommissionMonth {
  const { year, month } = indiaDateParts(instant);
  const start = `${pad(year, 4)}-${pad(month)}-01`;
  const next = month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1)}-01`;
  return { ...periodOf(start, next), year, month };
}

/** The month starting on `first` ('YYYY-MM-01'); throws when it is not a first of the month. */
export function commissionMonthStarting(first: IndiaDay): CommissionMonth {
  const month = commissionMonthOf(indiaDayStart(first));
  if (month.start !== first) throw new Error(`A commission month starts on its first day, not on ${first}`);
  return month;
}

/**
 * How long after a week (or month) ends its statement (or invoice) waits: a ledger transaction is stamped when its
 * database transaction began, so a booking that began before midnight may commit a little after it. Fifteen minutes,
 * the ledger check's own grace for a booking's retries.
 */
export const PERIOD_CLOSE_GRACE_MS = 15 * MINUTE_MS;

/**
 * The instant before which every statement week is complete at `now` (its grace passed): the start of the week
 * `now - grace` falls in. Every transaction stamped before it belongs to a week that is due its statement.
 */
export function statementWeeksClosedBefore(now: Date): Date {
  return statementWeekOf(new Date(now.getTime() - PERIOD_CLOSE_GRACE_MS)).from;
}

/** The instant before which every commission month is complete at `now` (its grace passed). */
export function commissionMonthsClosedBefore(now: Date): Date {
  return commissionMonthOf(new Date(now.getTime() - PERIOD_CLOSE_GRACE_MS)).from;
}

/**
 * A period as people read it, with `monthName` giving each month's name (1..12) in their language: '23–29 Nov 2026',
 * '30 Nov – 6 Dec 2026', '28 Dec 2026 – 3 Jan 2027'; a single day is '24 Nov 2026'.
 */
export function formatDayRange(start: IndiaDay, end: IndiaDay, monthName: (month: number) => string): string {
  const a = dayParts(start);
  const b = dayParts(end);
  const last = `${b.day} ${monthName(b.month)} ${b.year}`;
  if (start === end) return last;
  if (a.year !== b.year) return `${a.day} ${monthName(a.month)} ${a.year} – ${last}`;
  if (a.month !== b.month) return `${a.day} ${monthName(a.month)} – ${last}`;
  return `${a.day}–${last}`;
}

/** English month names as invoices print them ('Nov'), for {@link formatDayRange}. */
export const ENGLISH_SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** The kinds of ledger transactions a statement lists: those that move a seller's balance. */
export const STATEMENT_LINE_KINDS = ['sale', 'sale_reversal', 'payout', 'payout_reversal', 'adjustment'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

const isLineKind = (kind: LedgerKind): kind is StatementLineKind =>
  (STATEMENT_LINE_KINDS as readonly string[]).includes(kind);

/** One of the seller's ledger transactions as a statement reads it: what it was, and its entries summed by account. */
export interface StatementTransaction {
  kind: LedgerKind;
  at: Date;
  orderId: number | null;
  /** A sale's invoice (a reversal's too: the invoice its credit note cancels). */
  invoiceNumber: string | null;
  /** A reversal's credit note. */
  creditNoteNumber: string | null;
  /** A payout's (or its reversal's) Razorpay transfer. */
  transferId: string | null;
  /** The bank reference of the settlement that paid a payout. */
  utr: string | null;
  /** An adjustment's reason. */
  reason: string | null;
  /** The sum of the transaction's entries on each account, debit positive; seller_payable only the seller's own. */
  accounts: Partial<Record<LedgerAccount, Paise>>;
}

/**
 * One line of a statement, in the seller's terms. A sale: what the buyer paid for their part (gross), Mandi's
 * deductions (GST of a line Mandi resold in its own name, commission, GST on it, TCS, TDS) and the net, what the seller
 * is owed; a reversal has every figure negated. `balancePaise` is what the line changes of Mandi's debt to the seller:
 * a sale's net, a payout's amount negated, an adjustment as booked.
 */
export interface StatementLine {
  kind: StatementLineKind;
  at: Date;
  orderId: number | null;
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
  transferId: string | null;
  utr: string | null;
  reason: string | null;
  grossPaise: Paise;
  resaleGstPaise: Paise;
  commissionPaise: Paise;
  commissionGstPaise: Paise;
  tcsPaise: Paise;
  tdsPaise: Paise;
  /** A sale's net (gross less the deductions); the amount of a payout or adjustment. */
  netPaise: Paise;
  balancePaise: Paise;
}

/** The figures of a statement: what Mandi owed the seller before the week, what moved it, and what it owes after. */
export interface StatementFigures {
  openingPaise: Paise;
  /** Sales net of Mandi's deductions, less the reversals of cancelled ones. */
  salesNetPaise: Paise;
  /** Transferred to the seller, less transfers reversed (or failed). */
  paidOutPaise: Paise;
  /** Admins' adjustments: positive in the seller's favour. */
  adjustedPaise: Paise;
  /** opening + sales - paid out + adjusted. */
  closingPaise: Paise;
}

/** A worked-out statement: its figures and lines, oldest first. */
export interface Statement {
  figures: StatementFigures;
  lines: StatementLine[];
}

/** What Mandi owes a seller given the sum of their seller_payable entries (credits negative). */
export function balanceOfPayable(payablePaise: Paise): Paise {
  return -payablePaise || 0;
}

const on = (transaction: StatementTransaction, account: LedgerAccount): Paise => transaction.accounts[account] ?? 0;

/** A transaction's line, or null for one that does not move the seller's balance (a receipt, a refund). */
export function statementLine(transaction: StatementTransaction): StatementLine | null {
  const { kind } = transaction;
  if (!isLineKind(kind)) return null;
  const balancePaise = balanceOfPayable(on(transaction, 'seller_payable'));
  const sale = kind === 'sale' || kind === 'sale_reversal';
  const deduction = (account: LedgerAccount): Paise => (sale ? -on(transaction, account) || 0 : 0);
  return {
    kind,
    at: transaction.at,
    orderId: transaction.orderId,
    invoiceNumber: transaction.invoiceNumber,
    creditNoteNumber: transaction.creditNoteNumber,
    transferId: transaction.transferId,
    utr: transaction.utr,
    reason: transaction.reason,
    grossPaise: sale ? on(transaction, 'buyer_funds') : 0,
    resaleGstPaise: deduction('mandi_output_gst'),
    commissionPaise: deduction('commission_revenue'),
    commissionGstPaise: deduction('commission_gst'),
    tcsPaise: deduction('tcs_payable'),
    tdsPaise: deduction('tds_payable'),
    // A payout's amount is what reached the seller: it lowers the balance by as much.
    netPaise: kind === 'payout' || kind === 'payout_reversal' ? -balancePaise || 0 : balancePaise,
    balancePaise,
  };
}

/**
 * The statement of a week: `payableBeforePaise` is the sum of the seller's seller_payable entries before it, and
 * `transactions` are the seller's ledger transactions of the week (any order; lines come oldest first).
 */
export function statementOf(payableBeforePaise: Paise, transactions: readonly StatementTransaction[]): Statement {
  const lines = transactions
    .map(statementLine)
    .filter((line): line is StatementLine => line !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const sum = (kinds: readonly StatementLineKind[]) =>
    lines.filter((line) => kinds.includes(line.kind)).reduce((total, line) => total + line.balancePaise, 0);
  const openingPaise = balanceOfPayable(payableBeforePaise);
  const salesNetPaise = sum(['sale', 'sale_reversal']);
  const paidOutPaise = -sum(['payout', 'payout_reversal']) || 0;
  const adjustedPaise = sum(['adjustment']);
  return {
    figures: {
      openingPaise,
      salesNetPaise,
      paidOutPaise,
      adjustedPaise,
      closingPaise: openingPaise + salesNetPaise - paidOutPaise + adjustedPaise,
    },
    lines,
  };
}

/** The sums of a statement's sale lines, column by column, for its totals row. */
export function saleTotals(
  lines: readonly StatementLine[],
): Pick<
  StatementLine,
  'grossPaise' | 'resaleGstPaise' | 'commissionPaise' | 'commissionGstPaise' | 'tcsPaise' | 'tdsPaise' | 'netPaise'
> {
  const sales = lines.filter((line) => line.kind === 'sale' || line.kind === 'sale_reversal');
  const total = (pick: (line: StatementLine) => Paise) => sales.reduce((sum, line) => sum + pick(line), 0);
  return {
    grossPaise: total((line) => line.grossPaise),
    resaleGstPaise: total((line) => line.resaleGstPaise),
    commissionPaise: total((line) => line.commissionPaise),
    commissionGstPaise: total((line) => line.commissionGstPaise),
    tcsPaise: total((line) => line.tcsPaise),
    tdsPaise: total((line) => line.tdsPaise),
    netPaise: total((line) => line.netPaise),
  };
}

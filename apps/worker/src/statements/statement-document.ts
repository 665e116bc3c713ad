import { randomBytes } from 'node:crypto';
import {
  ENGLISH_SHORT_MONTHS,
  formatDayRange,
  formatIndiaDateTime,
  formatInvoiceAmount,
  saleTotals,
  type CommissionMonth,
  type Language,
  type Paise,
  type Statement,
  type StatementFigures,
  type StatementLine,
  type StatementWeek,
} from '@mandi/domain';
import type { Translator } from '@mandi/mail';
import type { Seller } from '../invoices/invoice-document.js';

/** Chromium fills these spans of a footer template with the page's number and the count of pages. */
export const PAGE_NUMBER = '<span class="pageNumber"></span>';
export const TOTAL_PAGES = '<span class="totalPages"></span>';

const hindiMonth = new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'UTC' });
const englishMonth = new Intl.DateTimeFormat('en-IN', { month: 'long', timeZone: 'UTC' });
const monthDate = (month: number) => new Date(Date.UTC(2026, month - 1, 15));

/** Month names (1..12) as a period prints them: 'Nov' in English (as invoices date), 'नवंबर' in Hindi. */
const SHORT_MONTH: Record<Language, (month: number) => string> = {
  en: (month) => ENGLISH_SHORT_MONTHS[month - 1]!,
  hi: (month) => hindiMonth.format(monthDate(month)),
};

/** A period (a statement's week, an invoice's month) as its reader reads it: '23–29 Nov 2026', '30 Nov – 6 Dec 2026', '23–29 नवंबर 2026'. */
export function periodLabel(language: Language, week: Pick<StatementWeek, 'start' | 'end'>): string {
  return formatDayRange(week.start, week.end, SHORT_MONTH[language]);
}

/** A commission invoice's month: 'November 2026', 'नवंबर 2026'. */
export function monthLabel(language: Language, month: Pick<CommissionMonth, 'year' | 'month'>): string {
  const name = (language === 'hi' ? hindiMonth : englishMonth).format(monthDate(month.month));
  return `${name} ${month.year}`;
}

/**
 * Where a statement's files go in the file store: `statements/<seller id>/<week start>-<random>.pdf` (and `.csv`).
 * The random part keeps every key new, as the store wants, so two runs that both render a week never overwrite each
 * other's file and the loser's can be deleted.
 */
export function statementFileKey(sellerId: number, weekStart: string, extension: 'pdf' | 'csv'): string {
  return `statements/${sellerId}/${weekStart}-${randomBytes(12).toString('hex')}.${extension}`;
}

/** The seller as a statement names them. */
export interface StatementSeller {
  sellerId: number;
  legalName: string;
  /** Their pickup address in one line, when they have a profile. */
  address: string | null;
  /** Their GSTIN, opened; null when they have none on record. */
  gstin: string | null;
}

/** A sale or cancellation row, every figure formatted. */
export interface SaleRowView {
  date: string;
  reversal: boolean;
  order: string;
  document: string;
  /** A reversal's invoice, which its credit note cancels; '' on a sale. */
  cancels: string;
  gross: string;
  resaleGst: string;
  commission: string;
  commissionGst: string;
  tcs: string;
  tds: string;
  net: string;
}

/** A payout (or its reversal) row. */
export interface PayoutRowView {
  date: string;
  reversal: boolean;
  order: string;
  transfer: string;
  /** '' while the transfer awaits its settlement, and on a day's row (its transfers' UTRs are in the CSV). */
  utr: string;
  /** The one transfer of the row has no UTR yet: the PDF says it awaits settlement. */
  utrPending: boolean;
  amount: string;
}

/** An adjustment row. */
export interface AdjustmentRowView {
  date: string;
  reason: string;
  amount: string;
  negative: boolean;
}

/**
 * The most lines a statement's PDF lists one by one (docs/payouts.md, "Weekly settlement statements"). A week with
 * more lists its sales and payouts by day instead, each row a day's count and sums: tens of thousands of rows took
 * Chromium minutes and gigabytes to print (bench:payouts-reports) and make a PDF too big to mail, and the CSV sent
 * with it lists every line. A thousand lines print in about a second.
 */
export const STATEMENT_PDF_LINES_MAX = 2_000;

/** Everything the statement template prints, formatted in the seller's language; the template only lays it out. */
export interface StatementView {
  language: Language;
  week: string;
  issuedOn: string;
  mandi: { name: string; address: string; gstin: string };
  seller: { name: string; id: string; lines: string[]; gstin: string };
  summary: {
    opening: string;
    salesNet: string;
    paidOut: string;
    adjusted: string;
    closing: string;
    /** Mandi owes the seller (closing above zero), or the seller owes Mandi (below). */
    owed: boolean;
    owing: boolean;
  };
  /** Set when the week has more than STATEMENT_PDF_LINES_MAX lines: the sales and payouts are rows of a day. */
  byDay: { lines: string } | null;
  sales: SaleRowView[];
  salesTotal: Omit<SaleRowView, 'date' | 'reversal' | 'order' | 'document' | 'cancels'>;
  /** Whether a sale carried GST of a line Mandi resold in its own name (a column of its own, else hidden). */
  showResaleGst: boolean;
  payouts: PayoutRowView[];
  payoutsTotal: string;
  adjustments: AdjustmentRowView[];
  adjustmentsTotal: string;
  /** The running footer. */
  footer: string;
  /** The page counter of the running footer, as HTML with Chromium's spans. */
  pageOf: string;
}

const amount = formatInvoiceAmount;

/** Rupees with the direction they move the balance: '+ ₹869.00', '− ₹869.00', '₹0.00'. */
export function signedRupees(t: Translator, paise: Paise): string {
  if (paise === 0) return t.rupees(0);
  return `${paise > 0 ? '+' : '−'} ${t.rupees(Math.abs(paise))}`;
}

const orderText = (line: StatementLine): string => (line.orderId === null ? '' : `#${line.orderId}`);

/** `lines` in groups of the same India date and kind, in the order they come. */
function byDayAndKind(t: Translator, lines: readonly StatementLine[]): StatementLine[][] {
  const groups = new Map<string, StatementLine[]>();
  for (const line of lines) {
    const key = `${t.date(line.at)} ${line.kind}`;
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.values()];
}

/** A sale or cancellation row: one line, or (`count` set) a day's lines of one kind summed. */
function saleRow(t: Translator, lines: readonly StatementLine[], count: number | null): SaleRowView {
  const first = lines[0]!;
  const reversal = first.kind === 'sale_reversal';
  const sums = saleTotals(lines);
  return {
    date: t.date(first.at),
    reversal,
    order:
      count === null
        ? orderText(first)
        : t.t(reversal ? 'statement.byDay.cancellations' : 'statement.byDay.sales', { count }),
    document: count === null ? ((reversal ? first.creditNoteNumber : first.invoiceNumber) ?? '') : '',
    cancels: count === null && reversal ? (first.invoiceNumber ?? '') : '',
    gross: amount(sums.grossPaise),
    resaleGst: amount(sums.resaleGstPaise),
    commission: amount(sums.commissionPaise),
    commissionGst: amount(sums.commissionGstPaise),
    tcs: amount(sums.tcsPaise),
    tds: amount(sums.tdsPaise),
    net: amount(sums.netPaise),
  };
}

/** A payout or payout reversal row: one line, or (`count` set) a day's lines of one kind summed. */
function payoutRow(t: Translator, lines: readonly StatementLine[], count: number | null): PayoutRowView {
  const first = lines[0]!;
  return {
    date: t.date(first.at),
    reversal: first.kind === 'payout_reversal',
    order: count === null ? orderText(first) : t.t('statement.byDay.payouts', { count }),
    transfer: count === null ? (first.transferId ?? '') : '',
    utr: count === null ? (first.utr ?? '') : '',
    utrPending: count === null && !first.utr,
    amount: amount(lines.reduce((sum, line) => sum + line.netPaise, 0)),
  };
}

/** The rows of `lines`: one a line, or when `byDay` one a day and kind. */
function rowsOf<Row>(
  t: Translator,
  lines: readonly StatementLine[],
  byDay: boolean,
  row: (t: Translator, lines: readonly StatementLine[], count: number | null) => Row,
): Row[] {
  return byDay
    ? byDayAndKind(t, lines).map((group) => row(t, group, group.length))
    : lines.map((line) => row(t, [line], null));
}

/** What the statement of `week` prints, in the language of `t`. */
export function statementView(
  t: Translator,
  mandi: Seller,
  seller: StatementSeller,
  week: StatementWeek,
  statement: Statement,
  issuedAt: Date,
): StatementView {
  const { figures, lines } = statement;
  const sales = lines.filter((line) => line.kind === 'sale' || line.kind === 'sale_reversal');
  const payouts = lines.filter((line) => line.kind === 'payout' || line.kind === 'payout_reversal');
  const adjustments = lines.filter((line) => line.kind === 'adjustment');
  const totals = saleTotals(lines);
  const byDay = lines.length > STATEMENT_PDF_LINES_MAX;
  const label = periodLabel(t.language, week);
  const title = t.t('statement.title');
  return {
    language: t.language,
    week: label,
    issuedOn: t.date(issuedAt),
    mandi: { name: mandi.name, address: mandi.address, gstin: mandi.gstin },
    seller: {
      name: seller.legalName,
      id: `#${seller.sellerId}`,
      lines: seller.address ? [seller.address] : [],
      gstin: seller.gstin ?? '',
    },
    summary: {
      opening: t.rupees(figures.openingPaise),
      salesNet: signedRupees(t, figures.salesNetPaise),
      paidOut: signedRupees(t, -figures.paidOutPaise),
      adjusted: signedRupees(t, figures.adjustedPaise),
      closing: t.rupees(figures.closingPaise),
      owed: figures.closingPaise > 0,
      owing: figures.closingPaise < 0,
    },
    byDay: byDay ? { lines: lines.length.toLocaleString(t.language === 'hi' ? 'hi-IN' : 'en-IN') } : null,
    sales: rowsOf(t, sales, byDay, saleRow),
    salesTotal: {
      gross: amount(totals.grossPaise),
      resaleGst: amount(totals.resaleGstPaise),
      commission: amount(totals.commissionPaise),
      commissionGst: amount(totals.commissionGstPaise),
      tcs: amount(totals.tcsPaise),
      tds: amount(totals.tdsPaise),
      net: amount(totals.netPaise),
    },
    showResaleGst: sales.some((line) => line.resaleGstPaise !== 0),
    payouts: rowsOf(t, payouts, byDay, payoutRow),
    payoutsTotal: amount(figures.paidOutPaise),
    adjustments: adjustments.map((line) => ({
      date: t.date(line.at),
      reason: line.reason ?? '',
      amount: amount(line.netPaise),
      negative: line.netPaise < 0,
    })),
    adjustmentsTotal: amount(figures.adjustedPaise),
    footer: `${title} · ${seller.legalName} · ${label}`,
    pageOf: t.t('statement.pageOf', { page: PAGE_NUMBER, pages: TOTAL_PAGES }),
  };
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: a formula-looking text gets a leading apostrophe, then RFC 4180 quoting when it needs it. */
function textCell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An amount cell: rupees with 2 decimals and no grouping, so a spreadsheet reads it as a number ('-1234.50'). */
export function rupeesCell(paise: Paise): string {
  const whole = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** The CSV's columns, by the catalogue key of their header. */
const CSV_COLUMNS = [
  'statement.column.date',
  'statement.column.type',
  'statement.column.order',
  'statement.column.invoice',
  'statement.column.creditNote',
  'statement.column.transfer',
  'statement.column.utr',
  'statement.column.reason',
  'statement.column.gross',
  'statement.column.resaleGst',
  'statement.column.commission',
  'statement.column.commissionGst',
  'statement.column.tcs',
  'statement.column.tds',
  'statement.column.balance',
] as const;

/** A line's type as the CSV names it, in the reader's language. */
const LINE_TYPE_KEYS = {
  sale: 'statement.line.sale',
  sale_reversal: 'statement.line.sale_reversal',
  payout: 'statement.line.payout',
  payout_reversal: 'statement.line.payout_reversal',
  adjustment: 'statement.line.adjustment',
} as const;

/**
 * The statement's lines as CSV for the seller's accounts: one header row in their language, one row per line (its
 * time in India, its references, amounts in rupees with 2 decimals, the last column what it changed of the balance, so
 * the column adds up to closing less opening). UTF-8 with a byte-order mark, which Excel needs to read Hindi.
 */
export function statementCsv(t: Translator, statement: Statement): Buffer {
  const row = (cells: string[]) => `${cells.join(',')}\r\n`;
  const header = row(CSV_COLUMNS.map((key) => textCell(t.t(key))));
  const body = statement.lines.map((line) =>
    row([
      textCell(`${formatIndiaDateTime(line.at)} IST`),
      textCell(t.t(LINE_TYPE_KEYS[line.kind])),
      line.orderId === null ? '' : String(line.orderId),
      textCell(line.invoiceNumber ?? ''),
      textCell(line.creditNoteNumber ?? ''),
      textCell(line.transferId ?? ''),
      textCell(line.utr ?? ''),
      textCell(line.reason ?? ''),
      ...[
        line.grossPaise,
        line.resaleGstPaise,
        line.commissionPaise,
        line.commissionGstPaise,
        line.tcsPaise,
        line.tdsPaise,
        line.balancePaise,
      ].map(rupeesCell),
    ]),
  );
  return Buffer.from(`\uFEFF${header}${body.join('')}`, 'utf8');
}

/** The figures of a statement as its mail prints them. */
export function statementMailFigures(t: Translator, figures: StatementFigures) {
  return {
    opening: t.rupees(figures.openingPaise),
    salesNet: signedRupees(t, figures.salesNetPaise),
    paidOut: signedRupees(t, -figures.paidOutPaise),
    adjusted: signedRupees(t, figures.adjustedPaise),
    closing: t.rupees(figures.closingPaise),
  };
}

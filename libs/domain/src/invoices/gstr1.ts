import { DomainError } from '../errors/domain.error.js';
import type { Paise } from '../money/money.js';
import { CATEGORY_TAX, type ProductCategory } from '../products/product.category.js';
import { IST_OFFSET_MS, indiaDateParts } from '../time/india-time.js';
import { GST_STATES, gstStateCode } from './gst-states.js';
import { computeInvoice, type InvoiceKind, type SupplyType, type TaxedAmount } from './invoice-tax.js';

/**
 * GSTR-1, the monthly return of outward supplies, for a B2C marketplace that is itself the supplier of record
 * (docs/gst-returns.md). Every figure is recomputed from the order with the invoices' own rule (computeInvoice) and
 * must equal what the invoice recorded, to the paisa; the tables are then sums of those splits, so they add up to
 * the documents by construction:
 * - Table 7 (B2CS): taxed supplies by place of supply and rate, net of the month's credit notes (the GSTR-1
 *   instructions: a credit note to an unregistered buyer reduces B2CS of the month it is issued in);
 * - Table 5 (B2CL) and 9B (CDNUR): an inter-state invoice over {@link B2CL_LIMIT_PAISE}, invoice-wise, and its credit note;
 * - Table 8: exempt supplies (fresh produce and loose staples, Notification 2/2017-Central Tax (Rate)), intra and inter;
 * - Table 12: the HSN summary, B2C part, by HSN and rate; shipping goes with the goods it carries (see hsnRows);
 * - Table 13: documents issued, one series of invoices (tax invoices and bills of supply share it) and one of credit notes.
 * Money is integer paise throughout.
 */

/** Invoice value above which an inter-state B2C invoice is reported invoice-wise in Table 5 (Rs 1 lakh since 1 Aug 2024, Notification 12/2024-Central Tax). */
export const B2CL_LIMIT_PAISE: Paise = 100_000_00;

/** The month GST began: no return period before it. */
export const GST_START_MONTH = '2017-07';

/** Texts of the GST returns report (API answers and the console). */
export const GSTR1_MESSAGES = {
  badMonth: 'month must be a calendar month written YYYY-MM, for example 2026-11.',
  futureMonth: 'month cannot be later than the current month in India: a return covers documents already issued.',
  beforeGst: `month must be ${GST_START_MONTH} or later: GST began on 1 July 2017.`,
  badTable: 'table must be one of b2cs, hsn, nil, docs, register.',
} as const;

/** The tables the report downloads as CSV. */
export const GSTR1_CSV_TABLES = ['b2cs', 'hsn', 'nil', 'docs', 'register'] as const;
/** One of {@link GSTR1_CSV_TABLES}. */
export type Gstr1CsvTable = (typeof GSTR1_CSV_TABLES)[number];

/** A return period: a calendar month read on an Indian clock. */
export interface ReturnPeriod {
  /** '2026-11'. */
  month: string;
  /** The portal's filing period, 'MMYYYY': '112026'. */
  fp: string;
  /** 'November 2026'. */
  label: string;
  /** First instant of the month in India (inclusive). */
  from: Date;
  /** First instant of the next month in India (exclusive). */
  to: Date;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

const indiaMidnight = (year: number, month: number): Date => new Date(Date.UTC(year, month - 1, 1) - IST_OFFSET_MS);
const monthText = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The return period of `month` ('YYYY-MM'); throws invalid_data naming the rule for another shape, a month before GST
 * or one that has not begun in India at `now` (the current month is allowed: a draft of the month so far).
 */
export function returnPeriod(month: string, now: Date): ReturnPeriod {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new DomainError('invalid_data', GSTR1_MESSAGES.badMonth);
  const year = Number(match[1]);
  const m = Number(match[2]);
  if (month < GST_START_MONTH) throw new DomainError('invalid_data', GSTR1_MESSAGES.beforeGst);
  if (month > currentReturnMonth(now)) throw new DomainError('invalid_data', GSTR1_MESSAGES.futureMonth);
  const next = m === 12 ? [year + 1, 1] : [year, m + 1];
  return {
    month,
    fp: `${String(m).padStart(2, '0')}${year}`,
    label: `${MONTH_NAMES[m - 1]!} ${year}`,
    from: indiaMidnight(year, m),
    to: indiaMidnight(next[0]!, next[1]!),
  };
}

/** Whether `text` is a calendar month written 'YYYY-MM', the shape a return period is asked for in. */
export function isMonthText(text: string): boolean {
  return MONTH_PATTERN.test(text);
}

/** The month `now` falls in, in India ('2026-12'): the latest a return can be prepared for (a draft). */
export function currentReturnMonth(now: Date): string {
  const { year, month } = indiaDateParts(now);
  return monthText(year, month);
}

/** The month before the one `now` falls in, in India: the period a return is usually prepared for. */
export function previousReturnMonth(now: Date): string {
  const { year, month } = indiaDateParts(now);
  return month === 1 ? monthText(year - 1, 12) : monthText(year, month - 1);
}

/** An issued document of the month as recorded, with its order's lines to recompute it from. */
export interface Gstr1Document {
  type: 'invoice' | 'credit_note';
  number: string;
  /** Position in its series (the number's last part). */
  sequence: number;
  /** Starting year of the financial year of its series. */
  financialYear: number;
  issuedAt: Date;
  orderId: number;
  /** The invoice's figures as recorded; for a credit note, the invoice it reverses. */
  invoice: {
    number: string;
    issuedAt: Date;
    kind: InvoiceKind;
    placeOfSupply: string;
    taxablePaise: Paise;
    exemptPaise: Paise;
    cgstPaise: Paise;
    sgstPaise: Paise;
    igstPaise: Paise;
    shippingPaise: Paise;
    totalPaise: Paise;
  };
  /** What a credit note recorded as credited (null for an invoice). */
  creditedPaise: Paise | null;
  /** The order's shipping charge and its lines, as the invoice was worked out from. */
  orderShippingPaise: Paise;
  lines: readonly { hsn: string; ratePercent: number; unitPaise: Paise; quantity: number; category: ProductCategory }[];
}

/** Taxable value and tax; cess is always 0 for our goods. */
export interface Gstr1Amounts {
  taxablePaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  cessPaise: Paise;
}

/** A place of supply: GST state code and name. */
export interface PlaceOfSupply {
  code: string;
  name: string;
}

/** Table 7: one place of supply and rate. */
export interface B2csRow extends Gstr1Amounts {
  place: PlaceOfSupply;
  supply: SupplyType;
  ratePercent: number;
}

/** Table 5: one inter-state invoice above the B2CL limit, with its taxed rates. */
export interface B2clRow {
  number: string;
  issuedAt: Date;
  place: PlaceOfSupply;
  invoicePaise: Paise;
  rates: (Gstr1Amounts & { ratePercent: number })[];
}

/** Table 9B: the credit note of a B2CL invoice. */
export interface CdnurRow extends B2clRow {
  invoiceNumber: string;
  invoiceIssuedAt: Date;
}

/** Table 8: exempt, nil-rated and non-GST supplies to unregistered buyers, within the state or across. */
export interface NilRow {
  supply: SupplyType;
  nilRatedPaise: Paise;
  exemptPaise: Paise;
  nonGstPaise: Paise;
}

/** Unit quantity code of Table 12: our quantities count packs ('NOS', numbers), as the invoices print them. */
export const HSN_UQC = 'NOS';

/** Table 12: one HSN and rate. */
export interface HsnRow extends Gstr1Amounts {
  hsn: string;
  description: string;
  uqc: string;
  quantity: number;
  ratePercent: number;
  /** Total value: taxable value plus tax (what the buyers paid). */
  valuePaise: Paise;
}

/** Table 13: one document series of the month. */
export interface DocumentSeriesRow {
  /** The portal's document type: 1 invoices for outward supply, 5 credit notes. */
  docNum: 1 | 5;
  nature: 'Invoices for outward supply' | 'Credit Note';
  from: string;
  to: string;
  total: number;
  cancelled: number;
  netIssued: number;
}

/** The sales register: one row per document; a credit note's amounts are negative. */
export interface RegisterRow {
  type: 'invoice' | 'credit_note';
  /** Tax invoice or bill of supply (a credit note: 'credit_note'). */
  title: InvoiceKind | 'credit_note';
  number: string;
  issuedAt: Date;
  orderId: number;
  /** The invoice a credit note reverses; null for an invoice. */
  againstNumber: string | null;
  place: PlaceOfSupply;
  supply: SupplyType;
  taxablePaise: Paise;
  exemptPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
}

/** The register's sums: invoices, credit notes (negative) and the month's net. */
export interface RegisterTotals {
  invoices: number;
  creditNotes: number;
  taxablePaise: Paise;
  exemptPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
}

/** The GSTR-1 tables of a month. */
export interface Gstr1Report {
  b2cs: B2csRow[];
  b2cl: B2clRow[];
  cdnur: CdnurRow[];
  nil: NilRow[];
  hsn: HsnRow[];
  documents: DocumentSeriesRow[];
  register: RegisterRow[];
  totals: {
    b2cs: Gstr1Amounts;
    nil: Omit<NilRow, 'supply'>;
    hsn: Gstr1Amounts & { valuePaise: Paise; quantity: number };
    register: { invoices: RegisterTotals; creditNotes: RegisterTotals; net: RegisterTotals };
  };
}

const ZERO: Gstr1Amounts = { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 };

function add<T extends object>(
  into: T,
  from: Partial<Record<keyof T, unknown>>,
  sign: 1 | -1,
  keys: readonly (keyof T)[],
): void {
  // + 0 turns a negated zero into 0.
  for (const key of keys) (into[key] as number) += sign * ((from[key] as number | undefined) ?? 0) + 0;
}
const AMOUNT_KEYS = ['taxablePaise', 'igstPaise', 'cgstPaise', 'sgstPaise', 'cessPaise'] as const;

/** The place of supply of a recorded state name, or null when it names no state of India. */
function placeOf(stateName: string): PlaceOfSupply | null {
  const code = gstStateCode(stateName);
  if (code === null) return null;
  return { code, name: GST_STATES.find((state) => state.code === code)!.name };
}

/** The description Table 12 gives an HSN: the heading's name in our categories, else the line's category's. */
function hsnDescription(hsn: string, category: ProductCategory): string {
  return Object.values(CATEGORY_TAX).find((tax) => tax.hsn === hsn)?.label ?? CATEGORY_TAX[category]?.label ?? 'Goods';
}

/** One document split by rate and by HSN, checked against its record; or why it cannot be. */
interface DocumentSplit {
  place: PlaceOfSupply;
  supply: SupplyType;
  rates: (TaxedAmount & { ratePercent: number })[];
  hsn: { hsn: string; description: string; ratePercent: number; quantity: number; amounts: TaxedAmount }[];
}

/**
 * Splits a document by rate and HSN with the invoices' own computation, and checks the split adds up to the recorded
 * invoice (and, for a credit note, that it credits that invoice in full). Returns a problem text instead when not.
 */
export function splitGstr1Document(document: Gstr1Document, sellerState: string): DocumentSplit | string {
  const recorded = document.invoice;
  const name = `${document.type === 'invoice' ? 'Invoice' : 'Credit note'} ${document.number}`;
  const place = placeOf(recorded.placeOfSupply);
  if (!place)
    return `${name}: the place of supply '${recorded.placeOfSupply}' is not a state or union territory of India.`;
  if (document.lines.length === 0) return `${name}: its order ${document.orderId} has no lines.`;
  let computation;
  try {
    computation = computeInvoice({
      lines: document.lines.map((line) => ({
        description: '',
        hsn: line.hsn,
        quantity: line.quantity,
        unitPaise: line.unitPaise,
        ratePercent: line.ratePercent,
      })),
      shippingPaise: document.orderShippingPaise,
      sellerState,
      placeOfSupply: recorded.placeOfSupply,
    });
  } catch (error) {
    return `${name}: its order ${document.orderId} cannot be worked out (${error instanceof Error ? error.message : String(error)}).`;
  }
  const t = computation.totals;
  const fields = ['kind', 'taxable', 'exempt', 'cgst', 'sgst', 'igst', 'shipping', 'total'];
  const was = [
    recorded.kind,
    recorded.taxablePaise,
    recorded.exemptPaise,
    recorded.cgstPaise,
    recorded.sgstPaise,
    recorded.igstPaise,
    recorded.shippingPaise,
    recorded.totalPaise,
  ];
  const now = [
    computation.kind,
    t.taxablePaise,
    t.exemptPaise,
    t.cgstPaise,
    t.sgstPaise,
    t.igstPaise,
    t.shippingPaise,
    t.totalPaise,
  ];
  const differ = fields.filter((_, i) => was[i] !== now[i]);
  if (differ.length > 0) {
    const detail = differ
      .map((field) => `${field} ${was[fields.indexOf(field)]} recorded, ${now[fields.indexOf(field)]} worked out`)
      .join('; ');
    return `${name}: invoice ${recorded.number} disagrees with its order ${document.orderId} (${detail}; paise).`;
  }
  if (document.type === 'credit_note' && document.creditedPaise !== recorded.totalPaise) {
    return `${name}: credits ${document.creditedPaise} paise of invoice ${recorded.number}'s ${recorded.totalPaise}; a credit note reverses its invoice in full.`;
  }

  // Table 12 by HSN and rate. Shipping is part of the supply of the goods (composite supply, CGST Act s. 8(a)) and
  // its share of a rate goes with the principal goods of that rate on the invoice: the HSN of the greatest value
  // (ties: the first line). So Table 12 adds up to the invoice without splitting a share any further.
  const hsn = new Map<string, DocumentSplit['hsn'][number]>();
  for (const [i, line] of computation.lines.entries()) {
    const key = `${line.hsn}|${line.ratePercent}`;
    const row = hsn.get(key) ?? {
      hsn: line.hsn,
      description: hsnDescription(line.hsn, document.lines[i]!.category),
      ratePercent: line.ratePercent,
      quantity: 0,
      amounts: {
        grossPaise: 0,
        ratePercent: line.ratePercent,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
      },
    };
    row.quantity += line.quantity;
    add(row.amounts, line, 1, ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise']);
    hsn.set(key, row);
  }
  for (const part of computation.shipping) {
    const principal = [...hsn.values()]
      .filter((row) => row.ratePercent === part.ratePercent)
      .reduce((best, row) => (row.amounts.grossPaise > best.amounts.grossPaise ? row : best));
    add(principal.amounts, part, 1, ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise']);
  }
  const rates = computation.rates.map((rate) => ({
    ...rate,
    grossPaise: rate.taxablePaise + rate.cgstPaise + rate.sgstPaise + rate.igstPaise,
  }));
  return { place, supply: computation.supply, rates, hsn: [...hsn.values()] };
}

/** Thrown when documents disagree with their orders: the return is not prepared from figures that are not the invoices'. */
export function gstr1Mismatch(problems: readonly string[]): DomainError {
  const shown = problems.slice(0, 5).join(' ');
  const more = problems.length > 5 ? ` And ${problems.length - 5} more.` : '';
  return new DomainError(
    'conflict',
    `The return cannot be prepared: ${problems.length} document${problems.length === 1 ? '' : 's'} of the month disagree${problems.length === 1 ? 's' : ''} with the invoice rules. ${shown}${more}`,
    { details: { problems } },
  );
}

/**
 * The GSTR-1 tables of a month from its documents (invoices and credit notes issued in it, any order). Throws
 * {@link gstr1Mismatch} (conflict) when a document's recomputed split is not its recorded figures.
 */
export function buildGstr1(documents: readonly Gstr1Document[], sellerState: string): Gstr1Report {
  const b2cs = new Map<string, B2csRow>();
  const nil = new Map<SupplyType, NilRow>();
  const hsn = new Map<string, HsnRow>();
  const b2cl: B2clRow[] = [];
  const cdnur: CdnurRow[] = [];
  const register: RegisterRow[] = [];
  const series = { invoice: [] as Gstr1Document[], credit_note: [] as Gstr1Document[] };
  const problems: string[] = [];

  for (const document of documents) {
    const split = splitGstr1Document(document, sellerState);
    if (typeof split === 'string') {
      problems.push(split);
      continue;
    }
    const sign = document.type === 'invoice' ? 1 : -1;
    const recorded = document.invoice;
    series[document.type].push(document);
    register.push({
      type: document.type,
      title: document.type === 'invoice' ? recorded.kind : 'credit_note',
      number: document.number,
      issuedAt: document.issuedAt,
      orderId: document.orderId,
      againstNumber: document.type === 'credit_note' ? recorded.number : null,
      place: split.place,
      supply: split.supply,
      taxablePaise: sign * recorded.taxablePaise + 0,
      exemptPaise: sign * recorded.exemptPaise + 0,
      cgstPaise: sign * recorded.cgstPaise + 0,
      sgstPaise: sign * recorded.sgstPaise + 0,
      igstPaise: sign * recorded.igstPaise + 0,
      totalPaise: sign * recorded.totalPaise + 0,
    });

    const taxed = split.rates.filter((rate) => rate.ratePercent > 0);
    const large = split.supply === 'inter_state' && recorded.totalPaise > B2CL_LIMIT_PAISE;
    if (large && taxed.length > 0) {
      const row: B2clRow = {
        number: document.number,
        issuedAt: document.issuedAt,
        place: split.place,
        invoicePaise: recorded.totalPaise,
        rates: taxed.map((rate) => ({
          ratePercent: rate.ratePercent,
          taxablePaise: rate.taxablePaise,
          igstPaise: rate.igstPaise,
          cgstPaise: 0,
          sgstPaise: 0,
          cessPaise: 0,
        })),
      };
      if (document.type === 'invoice') b2cl.push(row);
      else cdnur.push({ ...row, invoiceNumber: recorded.number, invoiceIssuedAt: recorded.issuedAt });
    } else {
      for (const rate of taxed) {
        const key = `${split.place.code}|${rate.ratePercent}`;
        const row = b2cs.get(key) ?? {
          place: split.place,
          supply: split.supply,
          ratePercent: rate.ratePercent,
          ...ZERO,
        };
        add(row, rate, sign, AMOUNT_KEYS);
        b2cs.set(key, row);
      }
    }
    const exempt = split.rates.find((rate) => rate.ratePercent === 0);
    if (exempt) {
      const row = nil.get(split.supply) ?? { supply: split.supply, nilRatedPaise: 0, exemptPaise: 0, nonGstPaise: 0 };
      row.exemptPaise += sign * exempt.taxablePaise;
      nil.set(split.supply, row);
    }
    for (const part of split.hsn) {
      const key = `${part.hsn}|${part.ratePercent}`;
      const row = hsn.get(key) ?? {
        hsn: part.hsn,
        description: part.description,
        uqc: HSN_UQC,
        quantity: 0,
        ratePercent: part.ratePercent,
        valuePaise: 0,
        ...ZERO,
      };
      row.quantity += sign * part.quantity;
      row.valuePaise += sign * part.amounts.grossPaise;
      add(row, part.amounts, sign, AMOUNT_KEYS);
      hsn.set(key, row);
    }
  }
  if (problems.length > 0) throw gstr1Mismatch(problems);

  // A row that nets to nothing (an invoice and its credit note in the same month) is not reported.
  const nonZero = (row: Gstr1Amounts) => AMOUNT_KEYS.some((key) => row[key] !== 0);
  const b2csRows = [...b2cs.values()]
    .filter(nonZero)
    .sort((a, b) => a.place.code.localeCompare(b.place.code) || a.ratePercent - b.ratePercent);
  const nilRows = (['intra_state', 'inter_state'] as const).map(
    (supply) => nil.get(supply) ?? { supply, nilRatedPaise: 0, exemptPaise: 0, nonGstPaise: 0 },
  );
  const hsnRows = [...hsn.values()]
    .filter((row) => nonZero(row) || row.quantity !== 0)
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.ratePercent - b.ratePercent);
  register.sort((a, b) =>
    a.type === b.type
      ? a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number)
      : a.type === 'invoice'
        ? -1
        : 1,
  );
  const registerTotals = (rows: readonly RegisterRow[]): RegisterTotals => {
    const totals: RegisterTotals = {
      invoices: 0,
      creditNotes: 0,
      taxablePaise: 0,
      exemptPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 0,
    };
    for (const row of rows) {
      if (row.type === 'invoice') totals.invoices += 1;
      else totals.creditNotes += 1;
      add(totals, row, 1, ['taxablePaise', 'exemptPaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise']);
    }
    return totals;
  };
  const sum = <S extends object>(rows: readonly object[], keys: readonly (keyof S)[], start: S): S => {
    for (const row of rows) add(start, row as Partial<Record<keyof S, unknown>>, 1, keys);
    return start;
  };
  return {
    b2cs: b2csRows,
    b2cl,
    cdnur,
    nil: nilRows,
    hsn: hsnRows,
    documents: [
      documentSeries(1, 'Invoices for outward supply', series.invoice),
      documentSeries(5, 'Credit Note', series.credit_note),
    ].filter((row): row is DocumentSeriesRow => row !== null),
    register,
    totals: {
      b2cs: sum(b2csRows, AMOUNT_KEYS, { ...ZERO }),
      nil: sum(nilRows, ['nilRatedPaise', 'exemptPaise', 'nonGstPaise'], {
        nilRatedPaise: 0,
        exemptPaise: 0,
        nonGstPaise: 0,
      }),
      hsn: sum(hsnRows, [...AMOUNT_KEYS, 'valuePaise', 'quantity'], { ...ZERO, valuePaise: 0, quantity: 0 }),
      register: {
        invoices: registerTotals(register.filter((row) => row.type === 'invoice')),
        creditNotes: registerTotals(register.filter((row) => row.type === 'credit_note')),
        net: registerTotals(register),
      },
    },
  };
}

/**
 * Table 13 for one series: the lowest and highest number issued in the month, how many numbers that range holds,
 * and how many of them no document of the month carries (counted as cancelled; our series are gap-free, so 0).
 * A month lies in one financial year, so each kind has one series; null when the month issued none.
 */
function documentSeries(
  docNum: 1 | 5,
  nature: DocumentSeriesRow['nature'],
  documents: readonly Gstr1Document[],
): DocumentSeriesRow | null {
  if (documents.length === 0) return null;
  const sorted = [...documents].sort((a, b) => a.sequence - b.sequence);
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const total = last.sequence - first.sequence + 1;
  const issued = new Set(sorted.map((document) => document.sequence)).size;
  return { docNum, nature, from: first.number, to: last.number, total, cancelled: total - issued, netIssued: issued };
}

/** 'Intra-state' or 'Inter-state', as the report and its downloads name a supply type. */
export function supplyTypeText(supply: SupplyType): 'Intra-state' | 'Inter-state' {
  return supply === 'intra_state' ? 'Intra-state' : 'Inter-state';
}

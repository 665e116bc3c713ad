import { DomainError } from '../errors/domain.error.js';
import { assertPaise, type Paise } from '../money/money.js';
import { isSameGstState } from './gst-states.js';
import { shareByWeight } from './order-documents.js';

/**
 * GST on an order, as its invoice shows it. The rules (docs/invoices.md):
 * - Prices are what the buyer pays, GST included (B2C retail prices are MRP-style, tax-inclusive). Per line,
 *   tax = round(price x qty x rate / (100 + rate)) half-up to the paisa, and the taxable value is the rest; so the
 *   invoice always totals exactly what the buyer was charged.
 * - Within the seller's state the tax is CGST + SGST, half the rate each, each rounded on its own so the two are
 *   equal; to another state it is IGST at the full rate.
 * - Shipping is part of a composite supply whose principal supply is the goods (CGST Act s. 2(30) and 8(a)): it
 *   carries the goods' rate. With goods at several rates, the charge is shared among the rates in proportion to the
 *   goods' value (largest remainder, to the paisa); with exempt goods only, it is exempt.
 * - An order of exempt goods only gets a bill of supply (rule 49); any taxed line makes it a tax invoice, on which
 *   exempt lines show at nil rate (an invoice-cum-bill of supply, rule 46A).
 */

/** GST rates (percent) an order line may carry; 0 is exempt (nil rated). */
export const GST_RATES = [0, 3, 5, 12, 18, 28, 40] as const;

/** Whether an invoice taxes within one state (CGST + SGST) or across states (IGST). */
export type SupplyType = 'intra_state' | 'inter_state';

/** The two invoice documents of Mandi: a tax invoice, or a bill of supply when nothing on it is taxed. */
export type InvoiceKind = 'tax_invoice' | 'bill_of_supply';

/** One order line as the invoice needs it. */
export interface InvoiceLineInput {
  description: string;
  /** HSN code of the goods. */
  hsn: string;
  quantity: number;
  /** Price of one unit, GST included. */
  unitPaise: Paise;
  /** GST rate in percent; 0 is exempt. */
  ratePercent: number;
}

/** An amount split into its taxable value and its tax. */
export interface TaxedAmount {
  /** What the buyer pays for it, GST included. */
  grossPaise: Paise;
  /** GST rate in percent; 0 is exempt. */
  ratePercent: number;
  /** Value before tax (for an exempt amount, the whole amount). */
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

/** An invoice line: the order line with its tax. */
export interface InvoiceLine extends InvoiceLineInput, TaxedAmount {}

/** The shipping charge, or the part of it that travels with the goods of one rate. */
export type ShippingPart = TaxedAmount;

/** Taxable value and tax of every line and shipping part of one rate. */
export type RateSummary = Omit<TaxedAmount, 'grossPaise'>;

/** The sums of an invoice. */
export interface InvoiceTotals {
  /** Sum of the goods lines, GST included. */
  goodsPaise: Paise;
  /** The shipping charge, GST included. */
  shippingPaise: Paise;
  /** Taxable value of everything taxed (goods and shipping). */
  taxablePaise: Paise;
  /** Value of everything exempt (goods and shipping). */
  exemptPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  /** cgst + sgst + igst. */
  taxPaise: Paise;
  /** What the buyer pays: goods + shipping, which is also taxable + exempt + tax. */
  totalPaise: Paise;
}

/** An order's invoice, worked out. */
export interface InvoiceComputation {
  kind: InvoiceKind;
  supply: SupplyType;
  lines: InvoiceLine[];
  /** The shipping charge by the rate it carries, lowest rate first; empty when shipping is free. */
  shipping: ShippingPart[];
  /** Rate-wise summary of taxable values and tax, lowest rate first. */
  rates: RateSummary[];
  totals: InvoiceTotals;
}

/** What {@link computeInvoice} needs. */
export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  /** The order's shipping charge (COD handling included), GST included. */
  shippingPaise: Paise;
  /** The seller's registered state. */
  sellerState: string;
  /** Place of supply: the delivery state. */
  placeOfSupply: string;
  /**
   * False for a supplier not registered under GST (a farmer selling their own produce, CGST Act s. 23(1)(b)): they
   * charge no tax, so every line is untaxed and the document is a bill of supply. Default true.
   */
  supplierRegistered?: boolean;
}

/** CGST + SGST when the goods are delivered in the seller's own state, IGST otherwise. */
export function supplyType(sellerState: string, placeOfSupply: string): SupplyType {
  return isSameGstState(sellerState, placeOfSupply) ? 'intra_state' : 'inter_state';
}

/** a / b rounded half-up, for a >= 0 and b > 0, in exact integer arithmetic. */
function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** Splits a tax-inclusive amount into taxable value and tax at `ratePercent`. */
export function splitTax(grossPaise: Paise, ratePercent: number, supply: SupplyType): TaxedAmount {
  assertPaise(grossPaise);
  if (grossPaise < 0) throw new DomainError('invalid_data', 'An amount on an invoice cannot be negative.');
  assertRate(ratePercent);
  const none = { grossPaise, ratePercent, taxablePaise: grossPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  if (ratePercent === 0) return none;
  if (supply === 'inter_state') {
    const igst = roundDiv(grossPaise * ratePercent, 100 + ratePercent);
    return { ...none, taxablePaise: grossPaise - igst, igstPaise: igst };
  }
  const half = roundDiv(grossPaise * ratePercent, 2 * (100 + ratePercent));
  return { ...none, taxablePaise: grossPaise - 2 * half, cgstPaise: half, sgstPaise: half };
}

/**
 * Shares `shippingPaise` among the rates of the goods in proportion to their value, to the paisa (largest
 * remainder; ties go to the higher rate). Goods worth nothing at all leave it all to the highest rate.
 */
export function apportionShipping(
  shippingPaise: Paise,
  goods: readonly { grossPaise: Paise; ratePercent: number }[],
): Map<number, Paise> {
  const byRate = new Map<number, Paise>();
  for (const { grossPaise, ratePercent } of goods) byRate.set(ratePercent, (byRate.get(ratePercent) ?? 0) + grossPaise);
  const rates = [...byRate.keys()].sort((a, b) => b - a);
  const shares = new Map<number, Paise>();
  if (shippingPaise === 0 || rates.length === 0) return shares;
  // Highest rate first, so a tie of remainders goes to it.
  shareByWeight(
    shippingPaise,
    rates.map((rate) => byRate.get(rate)!),
  ).forEach((share, i) => {
    if (share > 0) shares.set(rates[i]!, share);
  });
  return shares;
}

/** Works out the invoice of an order: its kind, each line's tax, shipping's tax, a rate-wise summary and the totals. */
export function computeInvoice(input: InvoiceInput): InvoiceComputation {
  if (input.lines.length === 0) throw new DomainError('invalid_data', 'An invoice needs at least one line.');
  assertPaise(input.shippingPaise);
  if (input.shippingPaise < 0) throw new DomainError('invalid_data', 'An amount on an invoice cannot be negative.');
  const supply = supplyType(input.sellerState, input.placeOfSupply);
  const registered = input.supplierRegistered ?? true;
  const lines = input.lines.map((line): InvoiceLine => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new DomainError('invalid_data', 'A quantity on an invoice must be a whole number of 1 or more.');
    }
    assertPaise(line.unitPaise);
    const ratePercent = registered ? line.ratePercent : 0;
    return { ...line, ...splitTax(line.unitPaise * line.quantity, ratePercent, supply) };
  });
  const shipping = [...apportionShipping(input.shippingPaise, lines)]
    .sort(([a], [b]) => a - b)
    .map(([rate, paise]) => splitTax(paise, rate, supply));

  const rates = new Map<number, RateSummary>();
  for (const amount of [...lines, ...shipping]) {
    const summary = rates.get(amount.ratePercent) ?? {
      ratePercent: amount.ratePercent,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    };
    summary.taxablePaise += amount.taxablePaise;
    summary.cgstPaise += amount.cgstPaise;
    summary.sgstPaise += amount.sgstPaise;
    summary.igstPaise += amount.igstPaise;
    rates.set(amount.ratePercent, summary);
  }
  const summaries = [...rates.values()].sort((a, b) => a.ratePercent - b.ratePercent);
  const sum = (pick: (summary: RateSummary) => number, taxed: boolean) =>
    summaries.filter((s) => s.ratePercent > 0 === taxed).reduce((total, s) => total + pick(s), 0);
  const cgstPaise = sum((s) => s.cgstPaise, true);
  const sgstPaise = sum((s) => s.sgstPaise, true);
  const igstPaise = sum((s) => s.igstPaise, true);
  const goodsPaise = lines.reduce((total, line) => total + line.grossPaise, 0);
  const totals: InvoiceTotals = {
    goodsPaise,
    shippingPaise: input.shippingPaise,
    taxablePaise: sum((s) => s.taxablePaise, true),
    exemptPaise: sum((s) => s.taxablePaise, false),
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise: cgstPaise + sgstPaise + igstPaise,
    totalPaise: goodsPaise + input.shippingPaise,
  };
  const kind: InvoiceKind = lines.every((line) => line.ratePercent === 0) ? 'bill_of_supply' : 'tax_invoice';
  return { kind, supply, lines, shipping, rates: summaries, totals };
}

function assertRate(ratePercent: number): void {
  if (!(GST_RATES as readonly number[]).includes(ratePercent)) {
    throw new DomainError(
      'invalid_data',
      `A GST rate must be one of ${GST_RATES.join(', ')} percent, not ${ratePercent}.`,
    );
  }
}

import type { Paise } from '../money/money.js';
import { tcsOn, tcsRateOn, type TcsAmount } from './tcs.js';
import type { SupplyType } from './invoice-tax.js';
import { indiaDateParts } from '../time/india-time.js';

/**
 * Who supplies what on an order (GST's marketplace model, docs/invoices.md "Suppliers"): Mandi for its own official
 * products, each approved seller for their own lines, in their own name and series. An order gets one document per
 * supplier; the order's shipping charge is shared among them by the value of their goods.
 */

/** The series key of Mandi's own documents. */
export const MANDI_SUPPLIER_KEY = 'mandi';

/** The series key of a supplier: Mandi's (null), or the seller's user id. The database checks the same shape. */
export function supplierKeyOf(sellerId: number | null): string {
  return sellerId === null ? MANDI_SUPPLIER_KEY : `seller-${sellerId}`;
}

/**
 * Shares `totalPaise` in proportion to `weights`, to the paisa: each share rounded down, then the paise left over one
 * each to the largest remainders (ties to the earlier weight). Weights that are all 0 leave everything to the first.
 */
export function shareByWeight(totalPaise: Paise, weights: readonly number[]): Paise[] {
  if (weights.length === 0) return [];
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole === 0) return weights.map((_, i) => (i === 0 ? totalPaise : 0));
  const parts = weights.map((weight, index) => {
    const exact = totalPaise * weight;
    return { index, share: Math.floor(exact / whole), remainder: exact % whole };
  });
  let left = totalPaise - parts.reduce((sum, part) => sum + part.share, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    part.share += 1;
    left -= 1;
  }
  return parts.map((part) => part.share);
}

/** A line of an order with its supplier and what it costs the buyer. */
export interface SuppliedLine {
  supplierKey: string;
  grossPaise: Paise;
}

/** One document's part of an order: its supplier, its lines and its share of the shipping charge. */
export interface OrderDocumentPart<L extends SuppliedLine> {
  supplierKey: string;
  lines: L[];
  shippingPaise: Paise;
}

/**
 * Splits an order's lines into one part per supplier (Mandi's first, then by series key) and shares the shipping
 * charge among them in proportion to their goods' value. The parts' goods and shipping add up to the order's.
 */
export function splitOrderDocuments<L extends SuppliedLine>(
  lines: readonly L[],
  shippingPaise: Paise,
): OrderDocumentPart<L>[] {
  const bySupplier = new Map<string, L[]>();
  for (const line of lines) bySupplier.set(line.supplierKey, [...(bySupplier.get(line.supplierKey) ?? []), line]);
  const keys = [...bySupplier.keys()].sort(
    (a, b) => Number(b === MANDI_SUPPLIER_KEY) - Number(a === MANDI_SUPPLIER_KEY) || (a < b ? -1 : a > b ? 1 : 0),
  );
  const value = (key: string) => bySupplier.get(key)!.reduce((sum, line) => sum + line.grossPaise, 0);
  const shares = shareByWeight(shippingPaise, keys.map(value));
  return keys.map((supplierKey, i) => ({
    supplierKey,
    lines: bySupplier.get(supplierKey)!,
    shippingPaise: shares[i]!,
  }));
}

/** No TCS: Mandi's own supplies, an unregistered seller's, or a document before section 52 was in force. */
export const NO_TCS: TcsAmount = { cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

/**
 * The TCS Mandi collects on one document of a registered seller (CGST Act s. 52, rates in tcs.ts): on its taxable
 * value (GST excluded; exempt goods are not taxable supplies), at the rate in force on its day of issue in India.
 * A credit note reverses the same amounts, so a month's net is the sum of its documents' TCS.
 */
export function documentTcs(taxablePaise: Paise, supply: SupplyType, issuedAt: Date): TcsAmount {
  const { year, month, day } = indiaDateParts(issuedAt);
  const rate = tcsRateOn(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  return rate ? tcsOn(taxablePaise, supply, rate) : NO_TCS;
}

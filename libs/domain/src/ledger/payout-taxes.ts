import type { Paise } from '../money/money.js';
import type { SupplyType } from '../invoices/invoice-tax.js';

/**
 * The taxes Mandi deducts from what it owes a seller (docs/ledger.md, "Taxes on a seller's share"), each rate once,
 * with its source. Amounts are integer paise, halves rounded up.
 */

/**
 * Income-tax TDS on e-commerce participants: section 194-O of the Income-tax Act 1961 (carried into the Income-tax
 * Act 2025 from 1 April 2026). Mandi deducts it from the gross amount of each seller's sales through it, at the rate in
 * force on the day the sale is credited to the seller (India's calendar), in basis points.
 */
export const TDS_194O_RATES = [
  { from: '2020-10-01', basisPoints: 100, source: 'Income-tax Act 1961 s. 194-O, inserted by the Finance Act 2020' },
  { from: '2024-10-01', basisPoints: 10, source: 'Finance (No. 2) Act 2024, amending s. 194-O(1) from 1 October 2024' },
] as const;

/** Without a PAN (or Aadhaar) on record: 5% instead (Income-tax Act 1961 s. 206AA(1A), Finance Act 2020). */
export const TDS_194O_WITHOUT_PAN_BASIS_POINTS = 500;

/**
 * No TDS for an individual or HUF who gave a PAN and whose gross amount through Mandi in the financial year stays
 * within Rs 5 lakh (s. 194-O(4)), in paise.
 */
export const TDS_194O_SMALL_SELLER_LIMIT_PAISE = 5_00_000_00;

/**
 * GST on Mandi's commission, its service to the seller: 'other support services' (SAC 998599) at 18%, CGST 9% + SGST
 * 9% when the seller is in Mandi's state, IGST 18% otherwise (Notification 11/2017-Central Tax (Rate), item 23(ii);
 * IGST Act s. 12(2) for the place of supply: the seller's registered or recorded address).
 */
export const COMMISSION_GST = {
  ratePercent: 18,
  sac: '998599',
  source: 'Notification 11/2017-Central Tax (Rate)',
} as const;

/** `value x basisPoints / 10,000`, halves up, for a value >= 0. */
export function basisPointsOf(valuePaise: Paise, basisPoints: number): Paise {
  return Math.floor((valuePaise * basisPoints * 2 + 10_000) / 20_000);
}

/** The GST on a commission, by head: CGST + SGST within Mandi's state, IGST across. */
export function commissionGstOn(
  commissionPaise: Paise,
  supply: SupplyType,
): { cgstPaise: Paise; sgstPaise: Paise; igstPaise: Paise } {
  if (supply === 'inter_state')
    return { cgstPaise: 0, sgstPaise: 0, igstPaise: basisPointsOf(commissionPaise, COMMISSION_GST.ratePercent * 100) };
  const half = basisPointsOf(commissionPaise, (COMMISSION_GST.ratePercent / 2) * 100);
  return { cgstPaise: half, sgstPaise: half, igstPaise: 0 };
}

/** Who the seller is, as far as s. 194-O asks. */
export interface TdsPayee {
  /** Whether a PAN is on record: an approved business profile. */
  hasPan: boolean;
  /** An individual or HUF (the threshold's only beneficiaries): an individual farmer or a proprietor. */
  individual: boolean;
  /** The gross amount credited to them through Mandi earlier in the same financial year, in paise. */
  yearGrossBeforePaise: Paise;
}

/** The s. 194-O rate in force on `day` ('YYYY-MM-DD', India), in basis points; 0 before the section. */
export function tds194oBasisPointsOn(day: string): number {
  let inForce = 0;
  for (const rate of TDS_194O_RATES) if (rate.from <= day) inForce = rate.basisPoints;
  return inForce;
}

/**
 * The TDS on a sale of `grossPaise` (GST excluded, since the documents show it separately: CBDT Circular 20/2023,
 * question 3; the seller's shipping share stays in, question 2) credited on `day`. An individual within the Rs 5 lakh limit pays none; the sale that takes their year past
 * it is charged on the whole year so far, since the exemption only holds for a year that stays within the limit.
 */
export function tdsOnSale(grossPaise: Paise, payee: TdsPayee, day: string): Paise {
  const inForce = tds194oBasisPointsOn(day);
  if (inForce === 0 || grossPaise <= 0) return 0;
  if (!payee.hasPan) return basisPointsOf(grossPaise, TDS_194O_WITHOUT_PAN_BASIS_POINTS);
  if (!payee.individual) return basisPointsOf(grossPaise, inForce);
  const yearAfter = payee.yearGrossBeforePaise + grossPaise;
  if (yearAfter <= TDS_194O_SMALL_SELLER_LIMIT_PAISE) return 0;
  const untaxedBefore =
    payee.yearGrossBeforePaise <= TDS_194O_SMALL_SELLER_LIMIT_PAISE ? payee.yearGrossBeforePaise : 0;
  return basisPointsOf(grossPaise + untaxedBefore, inForce);
}

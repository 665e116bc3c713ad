import { financialYearOf } from '../invoices/financial-year.js';

/**
 * How long Mandi keeps a deleted seller's tax identity (legal name, PAN, GSTIN) once they have sold through it.
 * CGST Act 2017, section 36: accounts and records are kept until 72 months have passed from the due date of the
 * annual return of the year they belong to; section 44 with rule 80 of the CGST Rules puts that due date at 31
 * December after the financial year (GSTR-9 and, for an e-commerce operator, the GSTR-8 it reconciles). Mandi's own
 * GSTR-8 and the seller's documents name the seller's GSTIN, so the identity is kept as long as they are.
 */
export const SELLER_RECORDS_KEPT_MONTHS_AFTER_ANNUAL_RETURN = 72;

/** The last day (a calendar date, 'YYYY-MM-DD') Mandi must keep the records of a supply made at `lastSupply`. */
export function sellerRecordsKeptUntil(lastSupply: Date): string {
  // The financial year starting April Y ends 31 March Y+1; its annual return is due 31 December Y+1.
  const annualReturnYear = financialYearOf(lastSupply).startYear + 1;
  return `${annualReturnYear + SELLER_RECORDS_KEPT_MONTHS_AFTER_ANNUAL_RETURN / 12}-12-31`;
}

import { DomainError } from '../errors/domain.error.js';
import { DOCUMENT_SEQUENCE_DIGITS, DOCUMENT_SEQUENCE_MAX } from '../invoices/document-number.js';
import { supplyType, type SupplyType } from '../invoices/invoice-tax.js';
import type { Paise } from '../money/money.js';
import { COMMISSION_GST } from './payout-taxes.js';

/**
 * Mandi's monthly invoice to a seller for its commission (docs/payouts.md, "Commission invoices"): Mandi supplies a
 * service (SAC 998599) to the seller each month, and invoices the month's commission with the GST on it, as the
 * ledger booked both with each sale (net of the month's reversals). The commission was already deducted from the
 * seller's payouts: the invoice documents it, so a registered seller can claim the GST as input tax credit.
 */

/** The prefix of Mandi's commission invoices, its own series beside 'INV' and 'CN'. */
export const COMMISSION_INVOICE_PREFIX = 'COM';

/** The document_sequences row that numbers them: kind 'commission_invoice' of supplier 'mandi'. */
export const COMMISSION_INVOICE_SERIES = { kind: 'commission_invoice', supplierKey: 'mandi' } as const;

const FY_LABEL = /^\d{2}-\d{2}$/;

/**
 * A commission invoice's number, as formatDocumentNumber writes the others: ('26-27', 1) -> 'COM/26-27/000001', 16
 * characters (GST rule 46(b)).
 */
export function formatCommissionInvoiceNumber(financialYear: string, sequence: number): string {
  if (!FY_LABEL.test(financialYear)) {
    throw new DomainError('invalid_data', `Financial year must read like '26-27', not '${financialYear}'.`);
  }
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > DOCUMENT_SEQUENCE_MAX) {
    throw new DomainError(
      'invalid_data',
      `A document's running number must be between 1 and ${DOCUMENT_SEQUENCE_MAX}.`,
    );
  }
  return `${COMMISSION_INVOICE_PREFIX}/${financialYear}/${String(sequence).padStart(DOCUMENT_SEQUENCE_DIGITS, '0')}`;
}

/** What the ledger booked of a seller's month: the sums of its sales' (and reversals') commission entries. */
export interface CommissionBooked {
  /** The sum of the month's commission_revenue entries (credits negative). */
  commissionRevenuePaise: Paise;
  /** The sum of the month's commission_gst entries. */
  commissionGstPaise: Paise;
}

/** The figures of a commission invoice. */
export interface CommissionInvoiceFigures {
  supply: SupplyType;
  /** The taxable value: the month's commission, net of reversals. */
  commissionPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
  ratePercent: number;
  sac: string;
}

/**
 * The invoice of a month's commission, or null when the month owes none (no commission, or reversals of earlier
 * months' sales outweigh it: a credit, not an invoice). The GST is the month's booked GST, so the invoice and the
 * ledger agree to the paisa: split into CGST and SGST halves when the seller is in Mandi's state (their pickup state;
 * Mandi's own when none is on record), the odd paisa of an odd total going to SGST; IGST across states.
 */
export function commissionInvoiceFigures(
  booked: CommissionBooked,
  sellerState: string | null,
  mandiState: string,
): CommissionInvoiceFigures | null {
  const commissionPaise = -booked.commissionRevenuePaise || 0;
  const gstPaise = -booked.commissionGstPaise || 0;
  if (commissionPaise <= 0) return null;
  const supply = supplyType(mandiState, sellerState ?? mandiState);
  const cgstPaise = supply === 'intra_state' ? Math.floor(gstPaise / 2) : 0;
  const sgstPaise = supply === 'intra_state' ? gstPaise - cgstPaise : 0;
  const igstPaise = supply === 'inter_state' ? gstPaise : 0;
  return {
    supply,
    commissionPaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalPaise: commissionPaise + gstPaise,
    ratePercent: COMMISSION_GST.ratePercent,
    sac: COMMISSION_GST.sac,
  };
}

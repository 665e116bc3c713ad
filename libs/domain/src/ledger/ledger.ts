import type { Paise } from '../money/money.js';
import { supplyType } from '../invoices/invoice-tax.js';
import { commissionGstOn, tdsOnSale, type TdsPayee } from './payout-taxes.js';

/**
 * Mandi's double-entry ledger (docs/ledger.md): every transaction is a set of entries on these accounts that add up to
 * zero, a debit positive and a credit negative, in paise. `seller_payable` is kept per seller; the others are Mandi's.
 */
export const LEDGER_ACCOUNTS = {
  razorpay_balance: "Mandi's balance at Razorpay: online payments in; refunds and transfers to sellers out",
  cod_cash: 'Cash collected on delivery, remitted to Mandi by the courier',
  seller_payable: 'What Mandi owes a seller for their sales, after its deductions',
  commission_revenue: "Mandi's commission on sellers' sales, its service to them",
  commission_gst: 'GST on the commission, owed to the government',
  tcs_payable: 'TCS collected under CGST Act s. 52, owed to the government (GSTR-8)',
  tds_payable: 'Income-tax TDS under s. 194-O, owed to the government',
  mandi_sales: "Mandi's own supplies (its official products, and sellers' lines it resells), GST excluded",
  mandi_output_gst: "GST on Mandi's own supplies, owed to the government",
  buyer_funds:
    "Buyers' money Mandi holds that no sale has taken: paid for an order not yet invoiced, or given back by a cancellation until it is refunded",
  adjustments: "Mandi's side of an admin's adjustment to a seller's balance",
  network_receivable:
    'What ONDC buyer apps owe Mandi for network orders they collected the payment of, less their finder fee (docs/ondc.md)',
  finder_fees: "ONDC buyer apps' finder fees on network orders, Mandi's cost of the sale (docs/ondc.md)",
} as const;

/** The name of a ledger account. */
export type LedgerAccount = keyof typeof LEDGER_ACCOUNTS;

/** What a ledger transaction records. */
export const LEDGER_KINDS = [
  'receipt',
  'sale',
  'sale_reversal',
  'refund',
  'payout',
  'payout_reversal',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One entry: an account (a seller's, for seller_payable) and an amount, debit positive. */
export interface LedgerLine {
  account: LedgerAccount;
  sellerId: number | null;
  amountPaise: Paise;
}

/** Whether a transaction's entries add up to zero, as every transaction must (the database checks it too). */
export function isBalanced(lines: readonly LedgerLine[]): boolean {
  return lines.reduce((sum, line) => sum + line.amountPaise, 0) === 0;
}

/** The entries that undo `lines` exactly: a credit note's reversal of its invoice's sale. */
export function reversed(lines: readonly LedgerLine[]): LedgerLine[] {
  return lines.map((line) => ({ ...line, amountPaise: -line.amountPaise || 0 }));
}

/** A seller's share of one document, and each deduction from it. */
export interface SaleBreakdown {
  /** What the buyer paid for the seller's part (their lines and shipping share, GST included). */
  grossPaise: Paise;
  /** GST on the part that Mandi, as the supplier of a document in its own name, owes itself (0 on the seller's own). */
  resaleGstPaise: Paise;
  commissionPaise: Paise;
  commissionGstPaise: Paise;
  tcsPaise: Paise;
  tdsPaise: Paise;
  /** What the seller is owed: gross less every deduction above. */
  netPaise: Paise;
  /** The gross amount for s. 194-O (GST excluded), which counts towards the seller's year. */
  tdsBasePaise: Paise;
}

/** One ledger transaction of a sale: the seller it pays (null for Mandi's own supplies), its entries and breakdown. */
export interface SalePosting {
  sellerId: number | null;
  lines: LedgerLine[];
  breakdown: SaleBreakdown | null;
}

/** A seller's part of a document: their lines' value and commission, and who they are for the taxes. */
export interface SellerPart {
  sellerId: number;
  /** Their lines' and shipping share's value, GST excluded (taxable and exempt together). */
  valuePaise: Paise;
  /** The GST on them. */
  gstPaise: Paise;
  commissionPaise: Paise;
  /** TCS Mandi collected on the part (a registered seller's own document), 0 otherwise. */
  tcsPaise: Paise;
  /** The seller's state, for the commission's GST; null when none is on record (Mandi's state is assumed). */
  state: string | null;
  payee: TdsPayee;
}

/** One issued document (invoice or bill of supply) as its sale is booked. */
export interface SaleDocument {
  /** The document's total, what the buyer paid for it. */
  totalPaise: Paise;
  /** Its GST (CGST + SGST + IGST). */
  taxPaise: Paise;
  /**
   * The document's supplier: a seller in their own name (their part is the whole document, GST theirs), or Mandi,
   * whose document may still carry lines of sellers it resells (not yet approved) as `resold`.
   */
  supplier: { seller: SellerPart } | { mandi: { resold: SellerPart[] } };
  /** Mandi's registered state, where the commission is supplied from. */
  mandiState: string;
  /** The day the sale is credited, 'YYYY-MM-DD' in India: the TDS rate's. */
  day: string;
}

/** Books one seller's part: what they are owed after Mandi's commission, its GST, TCS and TDS. */
function sellerSale(part: SellerPart, mandiState: string, day: string, ownDocument: boolean): SalePosting {
  const resaleGstPaise = ownDocument ? 0 : part.gstPaise;
  const grossPaise = part.valuePaise + part.gstPaise;
  const gst = commissionGstOn(part.commissionPaise, supplyType(mandiState, part.state ?? mandiState));
  const commissionGstPaise = gst.cgstPaise + gst.sgstPaise + gst.igstPaise;
  const tdsPaise = tdsOnSale(part.valuePaise, part.payee, day);
  const netPaise = grossPaise - resaleGstPaise - part.commissionPaise - commissionGstPaise - part.tcsPaise - tdsPaise;
  const seller = part.sellerId;
  const lines: LedgerLine[] = [
    { account: 'buyer_funds', sellerId: null, amountPaise: grossPaise },
    { account: 'seller_payable', sellerId: seller, amountPaise: -netPaise },
    { account: 'mandi_output_gst', sellerId: null, amountPaise: -resaleGstPaise },
    { account: 'commission_revenue', sellerId: null, amountPaise: -part.commissionPaise },
    { account: 'commission_gst', sellerId: null, amountPaise: -commissionGstPaise },
    { account: 'tcs_payable', sellerId: null, amountPaise: -part.tcsPaise },
    { account: 'tds_payable', sellerId: null, amountPaise: -tdsPaise },
  ];
  return {
    sellerId: seller,
    lines: lines.filter((line) => line.amountPaise !== 0),
    breakdown: {
      grossPaise,
      resaleGstPaise,
      commissionPaise: part.commissionPaise,
      commissionGstPaise,
      tcsPaise: part.tcsPaise,
      tdsPaise,
      netPaise,
      tdsBasePaise: part.valuePaise,
    },
  };
}

/**
 * The ledger transactions of one issued document: one per seller it pays, and one for what is Mandi's own (its
 * official products and its share of shipping on its own document, and their GST). Each takes its part of what the
 * buyer paid out of `buyer_funds` (where the receipt of the payment put it), so together they take the document's
 * total, and each balances.
 */
export function saleOfDocument(document: SaleDocument): SalePosting[] {
  const { mandiState, day } = document;
  if ('seller' in document.supplier) return [sellerSale(document.supplier.seller, mandiState, day, true)];
  const resold = document.supplier.mandi.resold.map((part) => sellerSale(part, mandiState, day, false));
  const resoldGross = resold.reduce((sum, posting) => sum + posting.breakdown!.grossPaise, 0);
  const resoldGst = resold.reduce((sum, posting) => sum + posting.breakdown!.resaleGstPaise, 0);
  const ownPaise = document.totalPaise - resoldGross;
  const ownGstPaise = document.taxPaise - resoldGst;
  const own = (
    [
      { account: 'buyer_funds', sellerId: null, amountPaise: ownPaise },
      { account: 'mandi_sales', sellerId: null, amountPaise: -(ownPaise - ownGstPaise) },
      { account: 'mandi_output_gst', sellerId: null, amountPaise: -ownGstPaise },
    ] satisfies LedgerLine[]
  ).filter((line) => line.amountPaise !== 0);
  return [...(own.length > 0 ? [{ sellerId: null, lines: own, breakdown: null }] : []), ...resold];
}

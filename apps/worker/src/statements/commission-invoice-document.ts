import {
  COMMISSION_GST,
  commissionMonthStarting,
  documentFileName,
  formatInvoiceAmount,
  placeOfSupplyText,
  supplyType,
  type Language,
} from '@mandi/domain';
import type { Translator } from '@mandi/mail';
import { amountInWordsIn } from '../invoices/amount-in-words.js';
import { DocumentMismatchError, type Seller } from '../invoices/invoice-document.js';
import type { CommissionInvoiceRow } from './commission-invoices.repository.js';
import { monthLabel, PAGE_NUMBER, TOTAL_PAGES, periodLabel } from './statement-document.js';

/** Everything the commission invoice template prints, formatted in the seller's language. */
export interface CommissionInvoiceView {
  language: Language;
  title: string;
  number: string;
  issuedOn: string;
  /** Its month's first to last day: '1–30 Nov 2026'. */
  period: string;
  /** Its month: 'November 2026'. */
  month: string;
  sellerId: string;
  supplier: { name: string; address: string; gstin: string; state: string };
  recipient: { name: string; address: string; gstin: string; state: string };
  placeOfSupply: string;
  intraState: boolean;
  sac: string;
  rate: string;
  halfRate: string;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  /** The line's amount, taxable value and GST. */
  amount: string;
  /** The invoice's total with the rupee sign. */
  total: string;
  amountInWords: string;
  footer: string;
  pageOf: string;
}

const amount = formatInvoiceAmount;

/** The name a commission invoice is attached under: its number with '-' for '/' ('COM-26-27-000001.pdf'). */
export const commissionInvoiceFileName = (number: string): string => documentFileName(number);

/**
 * What the PDF of a recorded commission invoice prints, in the language of `t`: Mandi as the supplier, the seller as
 * copied at issue (`gstin` their sealed GSTIN opened, null when unregistered), the place of supply (the seller's
 * state), one line of the month's commission with its SAC and GST. The heads must agree with the seller's state:
 * CGST and SGST within Mandi's state, IGST across; a record that disagrees is not printed.
 */
export function commissionInvoiceView(
  t: Translator,
  mandi: Seller,
  invoice: CommissionInvoiceRow,
  gstin: string | null,
): CommissionInvoiceView {
  const month = commissionMonthStarting(invoice.monthStart);
  const intraState = supplyType(mandi.state, invoice.sellerState) === 'intra_state';
  if (intraState ? invoice.igstPaise !== 0 : invoice.cgstPaise !== 0 || invoice.sgstPaise !== 0) {
    throw new DocumentMismatchError(
      `Commission invoice ${invoice.number} to a seller in ${invoice.sellerState} has the wrong GST heads`,
    );
  }
  const gstPaise = invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise;
  const title = t.t('invoice.title.tax_invoice');
  const monthText = monthLabel(t.language, month);
  return {
    language: t.language,
    title,
    number: invoice.number,
    issuedOn: t.date(invoice.issuedAt),
    period: periodLabel(t.language, month),
    month: monthText,
    sellerId: `#${invoice.sellerId}`,
    supplier: {
      name: mandi.name,
      address: mandi.address,
      gstin: mandi.gstin,
      state: placeOfSupplyText(mandi.state),
    },
    recipient: {
      name: invoice.sellerName,
      address: invoice.sellerAddress,
      gstin: gstin ?? '',
      state: placeOfSupplyText(invoice.sellerState),
    },
    placeOfSupply: placeOfSupplyText(invoice.sellerState),
    intraState,
    sac: COMMISSION_GST.sac,
    rate: `${COMMISSION_GST.ratePercent}%`,
    halfRate: `${COMMISSION_GST.ratePercent / 2}%`,
    taxable: amount(invoice.commissionPaise),
    cgst: amount(invoice.cgstPaise),
    sgst: amount(invoice.sgstPaise),
    igst: amount(invoice.igstPaise),
    amount: amount(invoice.commissionPaise + gstPaise),
    total: t.rupees(invoice.totalPaise),
    amountInWords: amountInWordsIn(t.language, invoice.totalPaise),
    footer: `${title} ${invoice.number} · ${monthText}`,
    pageOf: t.t('invoice.pageOf', { page: PAGE_NUMBER, pages: TOTAL_PAGES }),
  };
}

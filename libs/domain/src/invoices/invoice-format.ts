import { assertPaise, type Paise } from '../money/money.js';
import { indiaDateParts } from '../time/india-time.js';
import type { InvoiceKind } from './invoice-tax.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The date of a document as invoices print it, read on an Indian clock: '31 Mar 2027'. */
export function formatInvoiceDate(date: Date): string {
  const { year, month, day } = indiaDateParts(date);
  return `${String(day).padStart(2, '0')} ${MONTHS[month - 1]!} ${year}`;
}

const amountFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount for an invoice's columns: en-IN grouping, 2 decimals, no rupee sign (12345600 -> '1,23,456.00'). */
export function formatInvoiceAmount(paise: Paise): string {
  assertPaise(paise);
  return amountFormat.format(paise / 100);
}

/** The file name a document downloads as: its number with '-' for '/' ('INV/26-27/000123' -> 'INV-26-27-000123.pdf'). */
export function documentFileName(documentNumber: string): string {
  return `${documentNumber.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
}

/** The title a document carries: 'Tax Invoice', 'Bill of Supply' or 'Credit Note'. */
export function documentTitle(kind: InvoiceKind | 'credit_note'): string {
  return { tax_invoice: 'Tax Invoice', bill_of_supply: 'Bill of Supply', credit_note: 'Credit Note' }[kind];
}

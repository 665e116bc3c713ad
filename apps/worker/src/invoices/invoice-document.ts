import type { AppConfig } from '@mandi/config';
import {
  amountInWords,
  computeInvoice,
  documentTitle,
  formatInvoiceAmount,
  formatInvoiceDate,
  formatRupees,
  gstStateCode,
  isValidGstin,
  placeOfSupplyText,
  type InvoiceComputation,
  type TaxedAmount,
} from '@mandi/domain';
import type { CreditNoteRow, InvoiceRow, OrderForDocuments } from './invoices.repository.js';

/** The seller every document names (GST rule 46(a)), from configuration. */
export interface Seller {
  name: string;
  address: string;
  state: string;
  gstin: string;
}

/**
 * The seller of the configuration, checked: a GSTIN with a wrong check character, or one registered in another state
 * than SELLER_STATE (its first two digits are the state's code), would make every invoice wrong, so the worker refuses
 * to start with one.
 */
export function sellerFromConfig(config: Pick<AppConfig, 'SELLER_LEGAL_NAME' | 'SELLER_ADDRESS' | 'SELLER_STATE' | 'SELLER_GSTIN'>): Seller {
  const seller = { name: config.SELLER_LEGAL_NAME, address: config.SELLER_ADDRESS, state: config.SELLER_STATE, gstin: config.SELLER_GSTIN };
  if (!isValidGstin(seller.gstin)) {
    throw new Error(`Invalid configuration: SELLER_GSTIN: ${seller.gstin} is not a valid GSTIN (check character)`);
  }
  const code = gstStateCode(seller.state);
  if (code === null) throw new Error(`Invalid configuration: SELLER_STATE: '${seller.state}' is not a state or union territory of India`);
  if (!seller.gstin.startsWith(code)) {
    throw new Error(`Invalid configuration: SELLER_GSTIN: ${seller.gstin} is not registered in ${seller.state} (state code ${code})`);
  }
  return seller;
}

/** One row of the items table; amounts are formatted, empty where a column does not apply. */
export interface RowView {
  index: string;
  description: string;
  note: string;
  hsn: string;
  quantity: string;
  unitPrice: string;
  taxable: string;
  rate: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

/** One row of the rate-wise tax summary. */
export interface RateView {
  rate: string;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  tax: string;
}

/** Everything the template prints, formatted; the template only lays it out. */
export interface DocumentView {
  title: string;
  copyLabel: string;
  isCreditNote: boolean;
  /** Tax columns (a tax invoice, or the credit note of one); a bill of supply has none. */
  taxColumns: boolean;
  /** CGST + SGST columns when true, IGST when false. */
  intraState: boolean;
  seller: { name: string; address: string; gstin: string; state: string };
  buyer: { name: string; lines: string[] };
  placeOfSupply: string;
  meta: { label: string; value: string }[];
  rows: RowView[];
  rates: RateView[];
  totals: { label: string; value: string; strong: boolean }[];
  amountInWords: string;
  notes: string[];
  /** The running footer: document number and order. */
  footer: string;
  /** The document number, e.g. 'INV/26-27/000123'. */
  number: string;
}

/** Thrown when the figures worked out now differ from the recorded ones: the PDF would contradict the record. */
export class DocumentMismatchError extends Error {
  override readonly name = 'DocumentMismatchError';
}

const percent = (rate: number): string => `${rate}%`;
const amount = formatInvoiceAmount;

function rowOf(amounts: TaxedAmount, fields: Pick<RowView, 'index' | 'description' | 'note' | 'hsn' | 'quantity' | 'unitPrice'>): RowView {
  const taxed = amounts.ratePercent > 0;
  return {
    ...fields,
    taxable: amount(amounts.taxablePaise),
    rate: taxed ? percent(amounts.ratePercent) : 'Nil',
    cgst: amount(amounts.cgstPaise),
    sgst: amount(amounts.sgstPaise),
    igst: amount(amounts.igstPaise),
    total: amount(amounts.grossPaise),
  };
}

function addressLines(order: OrderForDocuments): string[] {
  const a = order.address;
  return [
    a.flat_house_building,
    a.area_or_street_or_village,
    `Landmark: ${a.landmark}`,
    `${a.taluk}, ${a.district}`,
    `${a.state} ${a.pincode}`,
  ];
}

function paymentText(order: OrderForDocuments): string {
  if (order.paymentMethod === 'online') return order.paymentStatus === 'paid' ? 'Paid online' : 'Online (unpaid)';
  return order.paymentStatus === 'paid' ? 'Cash on delivery (paid)' : 'Cash on delivery';
}

/** The rows, rate summary and totals of a worked-out invoice. */
function tables(computation: InvoiceComputation, totalLabel: string): Pick<DocumentView, 'rows' | 'rates' | 'totals' | 'taxColumns' | 'intraState'> {
  const taxColumns = computation.kind === 'tax_invoice';
  const intraState = computation.supply === 'intra_state';
  const rows = computation.lines.map((line, i) =>
    rowOf(line, {
      index: String(i + 1),
      description: line.description,
      note: '',
      hsn: line.hsn,
      quantity: String(line.quantity),
      unitPrice: amount(line.unitPaise),
    }),
  );
  const several = computation.shipping.length > 1;
  computation.shipping.forEach((part) => {
    rows.push(
      rowOf(part, {
        // Not an item of its own: shipping is part of the supply of the goods it carries and takes their rate.
        index: '',
        description: 'Shipping and handling',
        note: several ? `share for the ${part.ratePercent > 0 ? `goods at ${percent(part.ratePercent)}` : 'exempt goods'}` : 'for the goods above',
        hsn: '',
        quantity: '',
        unitPrice: '',
      }),
    );
  });
  const t = computation.totals;
  const totals: DocumentView['totals'] = [];
  if (taxColumns) {
    totals.push({ label: 'Taxable value', value: amount(t.taxablePaise), strong: false });
    if (t.exemptPaise > 0) totals.push({ label: 'Exempt (nil rated) value', value: amount(t.exemptPaise), strong: false });
    if (intraState) {
      totals.push({ label: 'CGST', value: amount(t.cgstPaise), strong: false });
      totals.push({ label: 'SGST', value: amount(t.sgstPaise), strong: false });
    } else {
      totals.push({ label: 'IGST', value: amount(t.igstPaise), strong: false });
    }
  } else {
    totals.push({ label: 'Goods', value: amount(t.goodsPaise), strong: false });
    totals.push({ label: 'Shipping and handling', value: amount(t.shippingPaise), strong: false });
  }
  totals.push({ label: totalLabel, value: formatRupees(t.totalPaise), strong: true });
  const rates = taxColumns
    ? computation.rates.map((r) => ({
        rate: r.ratePercent > 0 ? percent(r.ratePercent) : 'Nil',
        taxable: amount(r.taxablePaise),
        cgst: amount(r.cgstPaise),
        sgst: amount(r.sgstPaise),
        igst: amount(r.igstPaise),
        tax: amount(r.cgstPaise + r.sgstPaise + r.igstPaise),
      }))
    : [];
  return { rows, rates, totals, taxColumns, intraState };
}

/** Works the invoice of `order` out again and checks it against what was recorded. */
function computeRecorded(seller: Seller, order: OrderForDocuments, invoice: InvoiceRow): InvoiceComputation {
  const computation = computeOrderInvoice(seller, order, invoice.placeOfSupply);
  const t = computation.totals;
  const recorded = [invoice.kind, invoice.taxablePaise, invoice.exemptPaise, invoice.cgstPaise, invoice.sgstPaise, invoice.igstPaise, invoice.shippingPaise, invoice.totalPaise];
  const now = [computation.kind, t.taxablePaise, t.exemptPaise, t.cgstPaise, t.sgstPaise, t.igstPaise, t.shippingPaise, t.totalPaise];
  if (recorded.some((value, i) => value !== now[i])) {
    throw new DocumentMismatchError(`Invoice ${invoice.number} was recorded as ${recorded.join('/')} but works out as ${now.join('/')}`);
  }
  return computation;
}

/** The invoice of an order as libs/domain works it out, for `placeOfSupply` (the delivery state). */
export function computeOrderInvoice(seller: Seller, order: OrderForDocuments, placeOfSupply = order.address.state): InvoiceComputation {
  return computeInvoice({
    lines: order.lines.map((line) => ({
      description: line.productName,
      hsn: line.hsnCode,
      quantity: line.quantity,
      unitPaise: line.unitPricePaise,
      ratePercent: line.gstRatePercent,
    })),
    shippingPaise: order.shippingPaise,
    sellerState: seller.state,
    placeOfSupply,
  });
}

function common(seller: Seller, order: OrderForDocuments, placeOfSupply: string) {
  return {
    seller: { name: seller.name, address: seller.address, gstin: seller.gstin, state: placeOfSupplyText(seller.state) },
    buyer: { name: order.address.name, lines: addressLines(order) },
    placeOfSupply: placeOfSupplyText(placeOfSupply),
  };
}

/** What the PDF of an invoice (or bill of supply) prints. */
export function invoiceView(seller: Seller, order: OrderForDocuments, invoice: InvoiceRow): DocumentView {
  const computation = computeRecorded(seller, order, invoice);
  const parts = tables(computation, 'Total');
  const title = documentTitle(invoice.kind);
  const notes = [
    parts.taxColumns
      ? 'Prices include GST. Shipping and handling is part of the supply of the goods and is taxed at their rate.'
      : 'Supply of goods exempt from GST (nil rated); no tax is charged. Issued as a bill of supply under rule 49 of the CGST Rules.',
    'Tax payable on reverse charge: No.',
  ];
  if (parts.taxColumns && computation.totals.exemptPaise > 0) {
    notes.push('Exempt (nil rated) goods on this invoice are billed under rule 46A of the CGST Rules (invoice-cum-bill of supply).');
  }
  return {
    ...common(seller, order, invoice.placeOfSupply),
    ...parts,
    title,
    copyLabel: 'Original for recipient',
    isCreditNote: false,
    meta: [
      { label: `${parts.taxColumns ? 'Invoice' : 'Bill'} no.`, value: invoice.number },
      { label: `${parts.taxColumns ? 'Invoice' : 'Bill'} date`, value: formatInvoiceDate(invoice.issuedAt) },
      { label: 'Order no.', value: `#${order.id}` },
      { label: 'Order date', value: formatInvoiceDate(order.createdAt) },
      { label: 'Payment', value: paymentText(order) },
    ],
    amountInWords: amountInWords(computation.totals.totalPaise),
    notes,
    footer: `${title} ${invoice.number} · Order #${order.id}`,
    number: invoice.number,
  };
}

/** What the PDF of a credit note prints: the invoice's lines and tax, reversed in full, naming the invoice. */
export function creditNoteView(seller: Seller, order: OrderForDocuments, invoice: InvoiceRow, creditNote: CreditNoteRow): DocumentView {
  const computation = computeRecorded(seller, order, invoice);
  if (creditNote.totalPaise !== invoice.totalPaise) {
    throw new DocumentMismatchError(`Credit note ${creditNote.number} reverses ${creditNote.totalPaise} of invoice ${invoice.number}'s ${invoice.totalPaise}`);
  }
  const parts = tables(computation, 'Total credited');
  const title = documentTitle('credit_note');
  return {
    ...common(seller, order, invoice.placeOfSupply),
    ...parts,
    title,
    copyLabel: 'Original for recipient',
    isCreditNote: true,
    meta: [
      { label: 'Credit note no.', value: creditNote.number },
      { label: 'Credit note date', value: formatInvoiceDate(creditNote.issuedAt) },
      { label: `Against ${documentTitle(invoice.kind).toLowerCase()}`, value: invoice.number },
      { label: `${invoice.kind === 'tax_invoice' ? 'Invoice' : 'Bill'} date`, value: formatInvoiceDate(invoice.issuedAt) },
      { label: 'Order no.', value: `#${order.id}` },
      { label: 'Order date', value: formatInvoiceDate(order.createdAt) },
    ],
    amountInWords: amountInWords(computation.totals.totalPaise),
    notes: [
      `Reason: ${creditNote.reason}`,
      `This credit note reverses ${documentTitle(invoice.kind).toLowerCase()} ${invoice.number} dated ${formatInvoiceDate(invoice.issuedAt)} in full${
        parts.taxColumns ? ', with the tax shown (section 34 of the CGST Act)' : ''
      }.`,
    ],
    footer: `${title} ${creditNote.number} · against ${invoice.number} · Order #${order.id}`,
    number: creditNote.number,
  };
}

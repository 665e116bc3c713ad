import type { AppConfig } from '@mandi/config';
import {
  computeInvoice,
  formatInvoiceAmount,
  gstStateCode,
  isValidGstin,
  placeOfSupplyText,
  type InvoiceComputation,
  type Language,
  type TaxedAmount,
} from '@mandi/domain';
import type { Translator } from '@mandi/mail';
import { amountInWordsIn } from './amount-in-words.js';
import { invoiceTexts } from './invoice-texts.js';
import type { CreditNoteRow, InvoiceRow, OrderForDocuments } from './invoices.repository.js';

/** The reason a credit note records when its order was cancelled without one (printed in the document's language). */
export const DEFAULT_CREDIT_NOTE_REASON = 'Order cancelled';

/** Mandi as the supplier of its own documents (GST rule 46(a)), from configuration. */
export interface Seller {
  name: string;
  address: string;
  state: string;
  gstin: string;
}

/**
 * The supplier a document names: Mandi itself, or a seller supplying through Mandi (then `operator` is Mandi, the
 * e-commerce operator, and `gstin` is null when the seller is not registered under GST).
 */
export interface Supplier {
  name: string;
  address: string;
  state: string;
  gstin: string | null;
  operator: Seller | null;
}

/** Mandi as the supplier of its own documents. */
export const mandiSupplier = (mandi: Seller): Supplier => ({ ...mandi, operator: null });

/** What a document covers of its order: its lines and its share of the shipping charge. */
export interface DocumentPart {
  lines: OrderForDocuments['lines'];
  shippingPaise: number;
}

/** The part of `order` a recorded invoice covers. */
export function partOf(
  order: OrderForDocuments,
  invoice: Pick<InvoiceRow, 'orderItemIds' | 'shippingPaise'>,
): DocumentPart {
  const ids = new Set(invoice.orderItemIds);
  return { lines: order.lines.filter((line) => ids.has(line.id)), shippingPaise: invoice.shippingPaise };
}

/**
 * The seller of the configuration, checked: a GSTIN with a wrong check character, or one registered in another state
 * than SELLER_STATE (its first two digits are the state's code), would make every invoice wrong, so the worker refuses
 * to start with one.
 */
export function sellerFromConfig(
  config: Pick<AppConfig, 'SELLER_LEGAL_NAME' | 'SELLER_ADDRESS' | 'SELLER_STATE' | 'SELLER_GSTIN'>,
): Seller {
  const seller = {
    name: config.SELLER_LEGAL_NAME,
    address: config.SELLER_ADDRESS,
    state: config.SELLER_STATE,
    gstin: config.SELLER_GSTIN,
  };
  if (!isValidGstin(seller.gstin)) {
    throw new Error(`Invalid configuration: SELLER_GSTIN: ${seller.gstin} is not a valid GSTIN (check character)`);
  }
  const code = gstStateCode(seller.state);
  if (code === null)
    throw new Error(
      `Invalid configuration: SELLER_STATE: '${seller.state}' is not a state or union territory of India`,
    );
  if (!seller.gstin.startsWith(code)) {
    throw new Error(
      `Invalid configuration: SELLER_GSTIN: ${seller.gstin} is not registered in ${seller.state} (state code ${code})`,
    );
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

/** Everything the template prints, formatted in the document's language; the template only lays it out. */
export interface DocumentView {
  /** The language its labels are printed in: the one recorded with the document when it was issued. */
  language: Language;
  title: string;
  copyLabel: string;
  isCreditNote: boolean;
  /** Tax columns (a tax invoice, or the credit note of one); a bill of supply has none. */
  taxColumns: boolean;
  /** CGST + SGST columns when true, IGST when false. */
  intraState: boolean;
  /** The supplier; `registration` says when they have no GSTIN, `operator` names Mandi when a seller supplies through it. */
  seller: { name: string; address: string; gstin: string; registration: string; state: string; operator: string };
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
  /** The page counter of the running footer, as HTML with Chromium's pageNumber and totalPages spans. */
  pageOf: string;
  /** The document number, e.g. 'INV/26-27/000123'. */
  number: string;
}

/** Thrown when the figures worked out now differ from the recorded ones: the PDF would contradict the record. */
export class DocumentMismatchError extends Error {
  override readonly name = 'DocumentMismatchError';
}

const percent = (rate: number): string => `${rate}%`;
const amount = formatInvoiceAmount;

/** Chromium fills these spans of a header or footer template with the page's number and the count of pages. */
const PAGE_NUMBER = '<span class="pageNumber"></span>';
const TOTAL_PAGES = '<span class="totalPages"></span>';

function rowOf(
  t: Translator,
  amounts: TaxedAmount,
  fields: Pick<RowView, 'index' | 'description' | 'note' | 'hsn' | 'quantity' | 'unitPrice'>,
): RowView {
  const taxed = amounts.ratePercent > 0;
  return {
    ...fields,
    taxable: amount(amounts.taxablePaise),
    rate: taxed ? percent(amounts.ratePercent) : t.t('invoice.rate.nil'),
    cgst: amount(amounts.cgstPaise),
    sgst: amount(amounts.sgstPaise),
    igst: amount(amounts.igstPaise),
    total: amount(amounts.grossPaise),
  };
}

function addressLines(t: Translator, order: OrderForDocuments): string[] {
  const a = order.address;
  return [
    a.flat_house_building,
    a.area_or_street_or_village,
    t.t('invoice.landmark', { landmark: a.landmark }),
    `${a.taluk}, ${a.district}`,
    `${a.state} ${a.pincode}`,
  ];
}

function paymentText(t: Translator, order: OrderForDocuments): string {
  const paid = order.paymentStatus === 'paid';
  if (order.paymentMethod === 'online')
    return t.t(paid ? 'invoice.payment.paidOnline' : 'invoice.payment.onlineUnpaid');
  return t.t(paid ? 'invoice.payment.codPaid' : 'invoice.payment.cod');
}

/** The rows, rate summary and totals of a worked-out invoice. */
function tables(
  t: Translator,
  computation: InvoiceComputation,
  totalLabel: string,
): Pick<DocumentView, 'rows' | 'rates' | 'totals' | 'taxColumns' | 'intraState'> {
  const taxColumns = computation.kind === 'tax_invoice';
  const intraState = computation.supply === 'intra_state';
  const rows = computation.lines.map((line, i) =>
    rowOf(t, line, {
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
      rowOf(t, part, {
        // Not an item of its own: shipping is part of the supply of the goods it carries and takes their rate.
        index: '',
        description: t.t('invoice.shipping'),
        note: !several
          ? t.t('invoice.shipping.forGoodsAbove')
          : part.ratePercent > 0
            ? t.t('invoice.shipping.shareAtRate', { rate: percent(part.ratePercent) })
            : t.t('invoice.shipping.shareExempt'),
        hsn: '',
        quantity: '',
        unitPrice: '',
      }),
    );
  });
  const sums = computation.totals;
  const totals: DocumentView['totals'] = [];
  if (taxColumns) {
    totals.push({ label: t.t('invoice.total.taxable'), value: amount(sums.taxablePaise), strong: false });
    if (sums.exemptPaise > 0)
      totals.push({ label: t.t('invoice.total.exempt'), value: amount(sums.exemptPaise), strong: false });
    if (intraState) {
      totals.push({ label: 'CGST', value: amount(sums.cgstPaise), strong: false });
      totals.push({ label: 'SGST', value: amount(sums.sgstPaise), strong: false });
    } else {
      totals.push({ label: 'IGST', value: amount(sums.igstPaise), strong: false });
    }
  } else {
    totals.push({ label: t.t('invoice.total.goods'), value: amount(sums.goodsPaise), strong: false });
    totals.push({ label: t.t('invoice.shipping'), value: amount(sums.shippingPaise), strong: false });
  }
  totals.push({ label: totalLabel, value: t.rupees(sums.totalPaise), strong: true });
  const rates = taxColumns
    ? computation.rates.map((r) => ({
        rate: r.ratePercent > 0 ? percent(r.ratePercent) : t.t('invoice.rate.nil'),
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
function computeRecorded(supplier: Supplier, order: OrderForDocuments, invoice: InvoiceRow): InvoiceComputation {
  const computation = computeDocument(taxRulesOf(supplier), partOf(order, invoice), invoice.placeOfSupply);
  const t = computation.totals;
  const recorded = [
    invoice.kind,
    invoice.taxablePaise,
    invoice.exemptPaise,
    invoice.cgstPaise,
    invoice.sgstPaise,
    invoice.igstPaise,
    invoice.shippingPaise,
    invoice.totalPaise,
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
  if (recorded.some((value, i) => value !== now[i])) {
    throw new DocumentMismatchError(
      `Invoice ${invoice.number} was recorded as ${recorded.join('/')} but works out as ${now.join('/')}`,
    );
  }
  return computation;
}

/** What decides a supplier's tax: their registered state (or the pickup state), and whether they are registered at all. */
export interface SupplierTaxRules {
  state: string;
  registered: boolean;
}

const taxRulesOf = (supplier: Supplier): SupplierTaxRules => ({
  state: supplier.state,
  registered: supplier.gstin !== null,
});

/** A supplier's document for `part` of an order as libs/domain works it out, for `placeOfSupply` (the delivery state). */
export function computeDocument(
  supplier: SupplierTaxRules,
  part: DocumentPart,
  placeOfSupply: string,
): InvoiceComputation {
  return computeInvoice({
    lines: part.lines.map((line) => ({
      description: line.productName,
      hsn: line.hsnCode,
      quantity: line.quantity,
      unitPaise: line.unitPricePaise,
      ratePercent: line.gstRatePercent,
    })),
    shippingPaise: part.shippingPaise,
    sellerState: supplier.state,
    placeOfSupply,
    supplierRegistered: supplier.registered,
  });
}

/** Mandi's invoice of a whole order (every line its own), as before sellers supplied: the view tests' shorthand. */
export function computeOrderInvoice(
  seller: Seller,
  order: OrderForDocuments,
  placeOfSupply = order.address.state,
): InvoiceComputation {
  return computeDocument(
    { state: seller.state, registered: true },
    { lines: order.lines, shippingPaise: order.shippingPaise },
    placeOfSupply,
  );
}

/** What every document prints in the language of `t`: the parties, the place of supply and the running footer's pages. */
function common(t: Translator, supplier: Supplier, order: OrderForDocuments, placeOfSupply: string) {
  const { operator } = supplier;
  return {
    language: t.language,
    seller: {
      name: supplier.name,
      address: supplier.address,
      gstin: supplier.gstin ?? '',
      registration: supplier.gstin === null ? t.t('invoice.unregistered') : '',
      state: placeOfSupplyText(supplier.state),
      operator: operator ? t.t('invoice.operator', { name: operator.name, gstin: operator.gstin }) : '',
    },
    buyer: { name: order.address.name, lines: addressLines(t, order) },
    placeOfSupply: placeOfSupplyText(placeOfSupply),
    copyLabel: t.t('invoice.copy'),
    pageOf: t.t('invoice.pageOf', { page: PAGE_NUMBER, pages: TOTAL_PAGES }),
  };
}

/**
 * What the PDF of an invoice (or bill of supply) prints, its labels in the language recorded with it when it was
 * issued (English for a document recorded before languages were), so every rendering of it reads the same.
 */
export function invoiceView(supplier: Supplier, order: OrderForDocuments, invoice: InvoiceRow): DocumentView {
  const t = invoiceTexts(invoice.language);
  const computation = computeRecorded(supplier, order, invoice);
  const parts = tables(t, computation, t.t('invoice.total.total'));
  const title = t.t(`invoice.title.${invoice.kind}`);
  const notes = [
    t.t(
      parts.taxColumns
        ? 'invoice.note.pricesIncludeGst'
        : supplier.gstin === null
          ? 'invoice.note.unregistered'
          : 'invoice.note.billOfSupply',
    ),
    t.t('invoice.note.reverseCharge'),
  ];
  if (parts.taxColumns && computation.totals.exemptPaise > 0) notes.push(t.t('invoice.note.mixed'));
  return {
    ...common(t, supplier, order, invoice.placeOfSupply),
    ...parts,
    title,
    isCreditNote: false,
    meta: [
      { label: t.t(parts.taxColumns ? 'invoice.meta.invoiceNo' : 'invoice.meta.billNo'), value: invoice.number },
      {
        label: t.t(parts.taxColumns ? 'invoice.meta.invoiceDate' : 'invoice.meta.billDate'),
        value: t.date(invoice.issuedAt),
      },
      { label: t.t('invoice.meta.orderNo'), value: `#${order.id}` },
      { label: t.t('invoice.meta.orderDate'), value: t.date(order.createdAt) },
      { label: t.t('invoice.meta.payment'), value: paymentText(t, order) },
    ],
    amountInWords: amountInWordsIn(t.language, computation.totals.totalPaise),
    notes,
    footer: t.t('invoice.footer', { title, number: invoice.number, orderId: order.id }),
    number: invoice.number,
  };
}

/**
 * What the PDF of a credit note prints: the invoice's lines and tax, reversed in full, naming the invoice; its labels
 * in the language recorded with the credit note.
 */
export function creditNoteView(
  supplier: Supplier,
  order: OrderForDocuments,
  invoice: InvoiceRow,
  creditNote: CreditNoteRow,
): DocumentView {
  const t = invoiceTexts(creditNote.language);
  const computation = computeRecorded(supplier, order, invoice);
  if (creditNote.totalPaise !== invoice.totalPaise) {
    throw new DocumentMismatchError(
      `Credit note ${creditNote.number} reverses ${creditNote.totalPaise} of invoice ${invoice.number}'s ${invoice.totalPaise}`,
    );
  }
  const parts = tables(t, computation, t.t('invoice.total.credited'));
  const title = t.t('invoice.title.credit_note');
  const invoiceDocument = t.t(`invoice.document.${invoice.kind}`);
  const reversed = { document: invoiceDocument, number: invoice.number, date: t.date(invoice.issuedAt) };
  // The reason the order gave, as written; the one the worker records for an order without one, in the document's language.
  const reason =
    creditNote.reason === DEFAULT_CREDIT_NOTE_REASON ? t.t('invoice.creditNote.defaultReason') : creditNote.reason;
  return {
    ...common(t, supplier, order, invoice.placeOfSupply),
    ...parts,
    title,
    isCreditNote: true,
    meta: [
      { label: t.t('invoice.meta.creditNoteNo'), value: creditNote.number },
      { label: t.t('invoice.meta.creditNoteDate'), value: t.date(creditNote.issuedAt) },
      { label: t.t('invoice.meta.against', { document: invoiceDocument }), value: invoice.number },
      {
        label: t.t(invoice.kind === 'tax_invoice' ? 'invoice.meta.invoiceDate' : 'invoice.meta.billDate'),
        value: t.date(invoice.issuedAt),
      },
      { label: t.t('invoice.meta.orderNo'), value: `#${order.id}` },
      { label: t.t('invoice.meta.orderDate'), value: t.date(order.createdAt) },
    ],
    amountInWords: amountInWordsIn(t.language, computation.totals.totalPaise),
    notes: [
      t.t('invoice.note.reason', { reason }),
      t.t(parts.taxColumns ? 'invoice.note.reversesWithTax' : 'invoice.note.reverses', reversed),
    ],
    footer: t.t('invoice.footer.creditNote', {
      title,
      number: creditNote.number,
      invoiceNumber: invoice.number,
      orderId: order.id,
    }),
    number: creditNote.number,
  };
}

import {
  documentTitle,
  formatInvoiceDate,
  formatRupees,
  HOUR_MS,
  indiaDateParts,
  MINUTE_MS,
  paidWhileStanding,
  paymentStatusLabel,
  REFUND_BUSINESS_DAYS,
  windowClosesAt,
  type PaymentMethod,
} from '@mandi/domain';
import type { MailCreditNote, MailDocument, OrderForMail, OrderMailLine, OrderSeller, RefundForMail } from './order-mails.repository.js';

// What each order mail's template prints, worked out from the rows: every figure and date formatted here (amounts in
// rupees with en-IN grouping, times on an Indian clock, as the invoices print them), so the templates only lay out.

/** Where the mails' links lead: the storefront's address and the deployment's decision window. */
export interface OrderMailSettings {
  /** PUBLIC_URL without a trailing '/'. */
  readonly publicUrl: string;
  /** ORDER_DECISION_WINDOW_MS: how long after placing it the buyer may cancel an order. */
  readonly windowMs: number;
}

/** Payment methods as the order page names them. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { online: 'Online', cod: 'Cash on Delivery' };

/** An instant as a buyer in India reads it: '24 Nov 2026, 6:05 pm IST'. */
export function formatMailTime(date: Date): string {
  const { hour, minute } = indiaDateParts(date);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
  return `${formatInvoiceDate(date)}, ${clock} IST`;
}

/** A length of time in words, for the cancellation window: '8 hours', '1 hour', '30 minutes'. */
export function durationText(ms: number): string {
  const [amount, unit] = ms % HOUR_MS === 0 ? [ms / HOUR_MS, 'hour'] : [Math.max(1, Math.round(ms / MINUTE_MS)), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** The weight of one pack: '500 g', '1 kg', '2.5 kg'. */
export function packWeight(grams: number): string {
  return grams < 1000 ? `${grams} g` : `${Number((grams / 1000).toFixed(2))} kg`;
}

/** How Razorpay's method of a payment reads in a sentence; null for one it does not name. */
export function paymentMeansText(method: string | null): string | null {
  const names: Record<string, string> = { upi: 'UPI', card: 'card', netbanking: 'net banking', wallet: 'wallet', emi: 'EMI' };
  return method ? (names[method.toLowerCase()] ?? null) : null;
}

/** The order's page on the storefront, where the buyer follows it, downloads its documents and cancels it. */
export function orderPageUrl(settings: OrderMailSettings, orderId: number): string {
  return `${settings.publicUrl}/order/${orderId}`;
}

/** A line as the buyer's mails list it. */
interface LineView {
  name: string;
  quantity: number;
  unitPrice: string;
  amount: string;
}

const lineView = (line: OrderMailLine): LineView => ({
  name: line.productName,
  quantity: line.quantity,
  unitPrice: formatRupees(line.unitPricePaise),
  amount: formatRupees(line.unitPricePaise * line.quantity),
});

/** What every buyer's order mail shows: the order, its lines and amounts, where it goes and how it is paid. */
export interface BuyerOrderView {
  username: string;
  orderNumber: string;
  placedAt: string;
  itemsLabel: string;
  lines: LineView[];
  subtotal: string;
  shippingLabel: string;
  shipping: string;
  total: string;
  paymentMethod: string;
  paymentStatus: string;
  address: { name: string; lines: string[]; mobile: string };
  orderLink: string;
}

/** The view of `order` common to the buyer's mails. */
export function buyerOrderView(settings: OrderMailSettings, order: OrderForMail, username: string): BuyerOrderView {
  const { address } = order;
  return {
    username,
    orderNumber: `#${order.id}`,
    placedAt: formatMailTime(order.createdAt),
    itemsLabel: 'Your items',
    lines: order.lines.map(lineView),
    subtotal: formatRupees(order.subtotalPaise),
    // Cash on delivery carries its handling charge in the same figure (docs/shipping.md).
    shippingLabel: order.paymentMethod === 'cod' ? 'Shipping and handling' : 'Shipping',
    shipping: formatRupees(order.shippingPaise),
    total: formatRupees(order.totalPaise),
    paymentMethod: PAYMENT_METHOD_NAMES[order.paymentMethod],
    paymentStatus: paymentStatusLabel(order.paymentStatus),
    address: {
      name: address.name,
      // As the order page prints it.
      lines: [
        [address.flat_house_building, address.area_or_street_or_village, address.landmark].filter(Boolean).join(', '),
        `${[address.taluk, address.district, address.state].filter(Boolean).join(', ')} – ${address.pincode}`,
      ],
      mobile: `+91 ${address.mobile}`,
    },
    orderLink: orderPageUrl(settings, order.id),
  };
}

/** What a buyer is told about paying, for a mail sent while the order goes ahead. */
function paymentNote(order: OrderForMail): string {
  if (order.paymentStatus === 'paid') return `Amount paid: ${formatRupees(order.totalPaise)}.`;
  if (order.paymentMethod === 'cod') return `Please keep ${formatRupees(order.totalPaise)} ready to pay in cash when it arrives.`;
  return `We have not received your online payment of ${formatRupees(order.totalPaise)} yet.`;
}

/** The 'order placed' mail: the whole order, and until when and how it can be cancelled. */
export function placedView(settings: OrderMailSettings, order: OrderForMail, username: string) {
  const cancelUntil = formatMailTime(windowClosesAt(order.createdAt, settings.windowMs));
  const unpaidOnline = order.paymentMethod === 'online' && order.paymentStatus === 'unpaid';
  return {
    ...buyerOrderView(settings, order, username),
    paymentNote: unpaidOnline
      ? `Complete your online payment of ${formatRupees(order.totalPaise)} on Mandi to confirm the order; an order not paid by ${cancelUntil} is cancelled.`
      : paymentNote(order),
    cancelUntil,
    window: durationText(settings.windowMs),
  };
}

/** The 'confirmed', 'shipped' and 'delivered' mails: the order and where it stands with its payment. */
export function progressView(settings: OrderMailSettings, order: OrderForMail, username: string) {
  return { ...buyerOrderView(settings, order, username), paymentNote: paymentNote(order) };
}

/**
 * What happens to the money of a cancelled order: nothing was taken; cash is returned by hand (Mandi refunds no cash
 * by itself, orders.md); an online payment is refunded through Razorpay, and the refund gets its own mail.
 */
function cancelledMoneyNote(order: OrderForMail): string {
  if (order.paymentStatus === 'unpaid') return 'Nothing was charged for this order.';
  const paid = formatRupees(order.totalPaise);
  if (order.paymentMethod === 'cod') return `Our team will return the ${paid} you paid in cash.`;
  const late = paidWhileStanding(order) ? '' : 'Your payment reached us after the order was cancelled. ';
  return (
    `${late}The ${paid} you paid online is being refunded to your original payment method; it shows in your account ` +
    `${REFUND_BUSINESS_DAYS} business days after the refund is processed, and we will mail you when it is.`
  );
}

/** The cancellation mail, with the credit note it carries when the order was paid. */
export function cancelledView(settings: OrderMailSettings, order: OrderForMail, username: string, creditNote: MailCreditNote | null) {
  return {
    ...buyerOrderView(settings, order, username),
    itemsLabel: 'Cancelled items',
    reason: order.cancelReason?.trim() || 'Order cancelled',
    moneyNote: cancelledMoneyNote(order),
    creditNote: creditNote && {
      number: creditNote.number,
      invoiceNumber: creditNote.invoiceNumber,
      total: formatRupees(creditNote.totalPaise),
      issuedOn: formatInvoiceDate(creditNote.issuedAt),
    },
  };
}

/** The invoice mail: which document it carries, for which order. */
export function invoiceView(settings: OrderMailSettings, order: OrderForMail, username: string, invoice: MailDocument) {
  return {
    ...buyerOrderView(settings, order, username),
    documentTitle: documentTitle(invoice.kind).toLowerCase(),
    number: invoice.number,
    issuedOn: formatInvoiceDate(invoice.issuedAt),
    documentTotal: formatRupees(invoice.totalPaise),
  };
}

/** The refund mail: how much went back, where to, and the reference a bank knows it by. */
export function refundView(settings: OrderMailSettings, order: OrderForMail, username: string, refund: RefundForMail) {
  const means = paymentMeansText(refund.paymentMethod);
  return {
    ...buyerOrderView(settings, order, username),
    amount: formatRupees(refund.amountPaise),
    destination: means ? `your original payment method (${means})` : 'your original payment method',
    reference: refund.providerRefundId ?? `Mandi refund ${refund.id}`,
    businessDays: REFUND_BUSINESS_DAYS,
  };
}

/** A line as a seller packs it. */
interface PackView {
  name: string;
  quantity: number;
  packWeight: string;
  amount: string;
}

/**
 * What a seller's mails show: their own lines only, and where the order goes as far as the district and pincode.
 * Never the buyer's name, phone or street: a seller needs those only to deliver, which Mandi arranges.
 */
export function sellerOrderView(settings: OrderMailSettings, order: OrderForMail, seller: OrderSeller) {
  const packs = seller.lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    username: seller.username,
    orderNumber: `#${order.id}`,
    placedAt: formatMailTime(order.createdAt),
    lines: seller.lines.map(
      (line): PackView => ({
        name: line.productName,
        quantity: line.quantity,
        packWeight: packWeight(line.weightGrams),
        amount: formatRupees(line.unitPricePaise * line.quantity),
      }),
    ),
    packs: `${packs} ${packs === 1 ? 'pack' : 'packs'}`,
    value: formatRupees(seller.lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0)),
    district: order.address.district,
    pincode: order.address.pincode,
    paymentMethod: PAYMENT_METHOD_NAMES[order.paymentMethod],
    paymentNote: order.paymentMethod === 'cod' ? 'Cash on delivery: the buyer pays when it arrives.' : 'Paid online.',
    dashboardLink: `${settings.publicUrl}/seller-dashboard`,
  };
}

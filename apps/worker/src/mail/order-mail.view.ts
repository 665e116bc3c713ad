import { HOUR_MS, isPaid, MINUTE_MS, paidWhileStanding, REFUND_BUSINESS_DAYS, windowClosesAt } from '@mandi/domain';
import type { Translator } from '@mandi/mail';
import { englishMailTexts } from './mail-texts.js';
import type {
  MailCreditNote,
  MailDocument,
  OrderForMail,
  OrderMailLine,
  OrderSeller,
  RefundForMail,
} from './order-mails.repository.js';

// What each order mail's template prints, worked out from the rows in the recipient's language (`t`): every figure,
// date and sentence made here (amounts in rupees with Indian grouping, times on an Indian clock, as the invoices print
// them; the words from the mail catalogues), so the templates only lay out.

/** Where the mails' links lead: the storefront's address and the deployment's decision window. */
export interface OrderMailSettings {
  /** PUBLIC_URL without a trailing '/'. */
  readonly publicUrl: string;
  /** ORDER_DECISION_WINDOW_MS: how long after placing it the buyer may cancel an order. */
  readonly windowMs: number;
}

/** An instant as a buyer in India reads it, in English: '24 Nov 2026, 6:05 pm IST' (`t.time` in another language). */
export function formatMailTime(date: Date): string {
  return englishMailTexts().time(date);
}

/** A length of time in words, for the cancellation window: '8 hours', '1 hour', '30 minutes' (English). */
export function durationText(ms: number): string {
  return durationIn(englishMailTexts(), ms);
}

/** {@link durationText} in the language of `t`. */
export function durationIn(t: Translator, ms: number): string {
  if (ms % HOUR_MS === 0) return t.t('mail.order.duration.hours', { count: ms / HOUR_MS });
  return t.t('mail.order.duration.minutes', { count: Math.max(1, Math.round(ms / MINUTE_MS)) });
}

/** The weight of one pack: '500 g', '1 kg', '2.5 kg' (English). */
export function packWeight(grams: number): string {
  return packWeightIn(englishMailTexts(), grams);
}

/** {@link packWeight} in the language of `t`. */
export function packWeightIn(t: Translator, grams: number): string {
  if (grams < 1000) return t.t('mail.seller.grams', { grams: String(grams) });
  return t.t('mail.seller.kilos', { kilos: String(Number((grams / 1000).toFixed(2))) });
}

/** How Razorpay's method of a payment reads in a sentence (English); null for one it does not name. */
export function paymentMeansText(method: string | null): string | null {
  return paymentMeansIn(englishMailTexts(), method);
}

/** Razorpay's payment methods a sentence names. */
const PAYMENT_MEANS = ['upi', 'card', 'netbanking', 'wallet', 'emi'];

/** {@link paymentMeansText} in the language of `t`. */
export function paymentMeansIn(t: Translator, method: string | null): string | null {
  const means = method?.toLowerCase();
  return means && PAYMENT_MEANS.includes(means) ? t.t(`mail.refund.means.${means}`) : null;
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

const lineView = (line: OrderMailLine, t: Translator): LineView => ({
  name: line.productName,
  quantity: line.quantity,
  unitPrice: t.rupees(line.unitPricePaise),
  amount: t.rupees(line.unitPricePaise * line.quantity),
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
export function buyerOrderView(
  t: Translator,
  settings: OrderMailSettings,
  order: OrderForMail,
  username: string,
): BuyerOrderView {
  const { address } = order;
  return {
    username,
    orderNumber: `#${order.id}`,
    placedAt: t.time(order.createdAt),
    itemsLabel: t.t('mail.order.yourItems'),
    lines: order.lines.map((line) => lineView(line, t)),
    subtotal: t.rupees(order.subtotalPaise),
    // Cash on delivery carries its handling charge in the same figure (docs/shipping.md).
    shippingLabel: t.t(order.paymentMethod === 'cod' ? 'mail.order.shippingAndHandling' : 'mail.order.shipping'),
    shipping: t.rupees(order.shippingPaise),
    total: t.rupees(order.totalPaise),
    paymentMethod: t.t(`mail.order.method.${order.paymentMethod}`),
    paymentStatus: t.t(isPaid(order.paymentStatus) ? 'mail.order.status.paid' : 'mail.order.status.unpaid'),
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
function paymentNote(t: Translator, order: OrderForMail): string {
  const amount = t.rupees(order.totalPaise);
  if (order.paymentStatus === 'paid') return t.t('mail.order.note.paid', { amount });
  if (order.paymentMethod === 'cod') return t.t('mail.order.note.cod', { amount });
  return t.t('mail.order.note.unpaidOnline', { amount });
}

/** The 'order placed' mail: the whole order, and until when and how it can be cancelled. */
export function placedView(t: Translator, settings: OrderMailSettings, order: OrderForMail, username: string) {
  const cancelUntil = t.time(windowClosesAt(order.createdAt, settings.windowMs));
  const unpaidOnline = order.paymentMethod === 'online' && order.paymentStatus === 'unpaid';
  return {
    ...buyerOrderView(t, settings, order, username),
    paymentNote: unpaidOnline
      ? t.t('mail.placed.payOnline', { amount: t.rupees(order.totalPaise), deadline: cancelUntil })
      : paymentNote(t, order),
    cancelUntil,
    window: durationIn(t, settings.windowMs),
  };
}

/** The 'confirmed', 'shipped' and 'delivered' mails: the order and where it stands with its payment. */
export function progressView(t: Translator, settings: OrderMailSettings, order: OrderForMail, username: string) {
  return { ...buyerOrderView(t, settings, order, username), paymentNote: paymentNote(t, order) };
}

/**
 * What happens to the money of a cancelled order: nothing was taken; cash is returned by hand (Mandi refunds no cash
 * by itself, orders.md); an online payment is refunded through Razorpay, and the refund gets its own mail.
 */
function cancelledMoneyNote(t: Translator, order: OrderForMail): string {
  if (order.paymentStatus === 'unpaid') return t.t('mail.cancelled.money.unpaid');
  const amount = t.rupees(order.totalPaise);
  if (order.paymentMethod === 'cod') return t.t('mail.cancelled.money.cod', { amount });
  const refunded = t.t('mail.cancelled.money.online', { amount, days: REFUND_BUSINESS_DAYS });
  return paidWhileStanding(order) ? refunded : `${t.t('mail.cancelled.money.late')} ${refunded}`;
}

/** The cancellation mail, with the credit note it carries when the order was paid. */
export function cancelledView(
  t: Translator,
  settings: OrderMailSettings,
  order: OrderForMail,
  username: string,
  creditNotes: readonly MailCreditNote[],
) {
  return {
    ...buyerOrderView(t, settings, order, username),
    itemsLabel: t.t('mail.order.cancelledItems'),
    reason: order.cancelReason?.trim() || t.t('mail.cancelled.defaultReason'),
    moneyNote: cancelledMoneyNote(t, order),
    // One per supplier's invoice (docs/invoices.md, "Suppliers").
    creditNotes: creditNotes.map((creditNote) => ({
      number: creditNote.number,
      invoiceNumber: creditNote.invoiceNumber,
      total: t.rupees(creditNote.totalPaise),
      issuedOn: t.date(creditNote.issuedAt),
    })),
  };
}

/** The invoice mail: which document it carries, for which order. */
export function invoiceView(
  t: Translator,
  settings: OrderMailSettings,
  order: OrderForMail,
  username: string,
  invoice: MailDocument,
) {
  return {
    ...buyerOrderView(t, settings, order, username),
    documentTitle: t.t(`mail.invoice.kind.${invoice.kind}`),
    number: invoice.number,
    issuedOn: t.date(invoice.issuedAt),
    documentTotal: t.rupees(invoice.totalPaise),
  };
}

/** The refund mail: how much went back, where to, and the reference a bank knows it by. */
export function refundView(
  t: Translator,
  settings: OrderMailSettings,
  order: OrderForMail,
  username: string,
  refund: RefundForMail,
) {
  const means = paymentMeansIn(t, refund.paymentMethod);
  return {
    ...buyerOrderView(t, settings, order, username),
    amount: t.rupees(refund.amountPaise),
    destination: means ? t.t('mail.refund.destinationNamed', { means }) : t.t('mail.refund.destination'),
    reference: refund.providerRefundId ?? t.t('mail.refund.ownReference', { id: String(refund.id) }),
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
export function sellerOrderView(t: Translator, settings: OrderMailSettings, order: OrderForMail, seller: OrderSeller) {
  const packs = seller.lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    username: seller.username,
    orderNumber: `#${order.id}`,
    placedAt: t.time(order.createdAt),
    lines: seller.lines.map((line): PackView => ({
      name: line.productName,
      quantity: line.quantity,
      packWeight: packWeightIn(t, line.weightGrams),
      amount: t.rupees(line.unitPricePaise * line.quantity),
    })),
    packs: t.t('mail.seller.packCount', { count: packs }),
    value: t.rupees(seller.lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0)),
    district: order.address.district,
    pincode: order.address.pincode,
    paymentMethod: t.t(`mail.order.method.${order.paymentMethod}`),
    paymentNote: t.t(order.paymentMethod === 'cod' ? 'mail.seller.note.cod' : 'mail.seller.note.online'),
    dashboardLink: `${settings.publicUrl}/seller-dashboard`,
  };
}

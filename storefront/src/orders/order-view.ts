import type { OrderDetail, OrderItem, OrderSummary } from '@mandi/contracts';
import {
  INDIA_TIME_ZONE,
  ORDER_TRANSITIONS,
  formatRupees,
  isPaid,
  parseInstant,
  rupeesToPaise,
  type OrderStatus,
  type PaymentMethod,
  type LanguageLocale,
} from '@mandi/domain';
import { imagesOf } from '../products/product';

/*
 * How the order pages read the orders API (libs/contracts orders): dates in India time, pictures, money and the
 * payment words. The rules themselves (states, the 8-hour window, what counts as paid) come from @mandi/domain.
 */

/**
 * The fulfilment path a progress indicator shows: pending, then where the admin's confirm, ship and deliver moves
 * lead in the domain's transition table.
 */
export const FULFILMENT_STEPS: readonly OrderStatus[] = [
  'pending',
  ORDER_TRANSITIONS.confirm.to,
  ORDER_TRANSITIONS.mark_shipped.to,
  ORDER_TRANSITIONS.mark_delivered.to,
];

/** en-IN or hi-IN: the locale the order pages write dates and amounts in (useT's `locale`). */
export type OrderLocale = LanguageLocale;

const dateFormats = (options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    (['en-IN', 'hi-IN'] as const).map((locale) => [
      locale,
      new Intl.DateTimeFormat(locale, { timeZone: INDIA_TIME_ZONE, ...options }),
    ]),
  ) as Record<OrderLocale, Intl.DateTimeFormat>;

const DATE_FORMATS = dateFormats({ day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME_FORMATS = dateFormats({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The instant an order was placed: created_at, else placed_at (docs/orders.md names both). */
export function placedAt(order: { created_at?: string | null; placed_at?: string | null }): Date | null {
  const text = order.created_at ?? order.placed_at;
  return text ? parseInstant(text) : null;
}

/** A date as read in India, '5 Mar 2026' ('5 मार्च 2026' in hi-IN); '—' when unreadable. */
export function indiaDateText(instant: Date | null, locale: OrderLocale = 'en-IN'): string {
  return instant ? DATE_FORMATS[locale].format(instant) : '—';
}

/** A date and time as read in India, '5 Mar 2026, 6:30 pm'; '—' when unreadable. */
export function indiaDateTimeText(instant: Date | null, locale: OrderLocale = 'en-IN'): string {
  return instant ? DATE_TIME_FORMATS[locale].format(instant) : '—';
}

/** A line's picture: the first of its images (an array, or a JSON string of one), else null. */
export function itemPicture(item: Pick<OrderItem, 'images'> | null | undefined): string | null {
  if (!item) return null;
  return imagesOf({ images: item.images as string[] | string | null }).at(0) ?? null;
}

/** Rupees as the API speaks them, in paise; rounds an amount with stray float digits. */
export function paiseOf(rupees: number | string): number {
  try {
    return rupeesToPaise(rupees);
  } catch {
    const value = Number(rupees);
    return Number.isFinite(value) ? Math.round(value * 100) : 0;
  }
}

/** Rupees shown with the rupee sign, en-IN unless told. */
export function rupeesText(rupees: number | string, locale: OrderLocale = 'en-IN'): string {
  return formatRupees(paiseOf(rupees), locale);
}

/** A line's total: unit price x quantity, counted in paise. */
export function lineTotalText(item: Pick<OrderItem, 'price' | 'quantity'>, locale: OrderLocale = 'en-IN'): string {
  return formatRupees(paiseOf(item.price) * item.quantity, locale);
}

/**
 * The amount a card shows: the order's total when the answer carries one (the list contract has none), else the
 * value of its lines; `isTotal` says which, so the label does not overstate it.
 */
export function cardAmount(order: OrderSummary, locale: OrderLocale = 'en-IN'): { text: string; isTotal: boolean } {
  const total = (order as OrderSummary & { total_amount?: number | string | null }).total_amount;
  if (total !== undefined && total !== null && total !== '') return { text: rupeesText(total, locale), isTotal: true };
  const paise = order.items.reduce((sum, item) => sum + paiseOf(item.price) * item.quantity, 0);
  return { text: formatRupees(paise, locale), isTotal: false };
}

/**
 * Payment methods as the order page names them in English (docs/orders.md: Cash on Delivery or online); the page
 * shows the catalogue's words for them (paymentMethodNames in order-texts.ts).
 */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  online: 'Online',
  cod: 'Cash on Delivery',
};

/** The words for a payment method the API sent (English unless `names` are given); an unknown value is shown as sent. */
export function paymentMethodText(method: string, names: Record<PaymentMethod, string> = PAYMENT_METHOD_NAMES): string {
  return names[method as PaymentMethod] ?? method;
}

/** Whether an order is paid: its payment_status, or the payment's own status, counts as paid by the domain's rule. */
export function isOrderPaid(
  order: Pick<OrderDetail, 'payment_status'> & { payment?: { status?: string | null } | null },
): boolean {
  const paymentStatus = order.payment?.status?.toLowerCase();
  return isPaid(order.payment_status) || isPaid(paymentStatus);
}

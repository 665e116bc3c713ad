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

const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The instant an order was placed: created_at, else placed_at (001 section 3 names both). */
export function placedAt(order: { created_at?: string | null; placed_at?: string | null }): Date | null {
  const text = order.created_at ?? order.placed_at;
  return text ? parseInstant(text) : null;
}

/** A date as read in India, '5 Mar 2026'; '—' when unreadable. */
export function indiaDateText(instant: Date | null): string {
  return instant ? DATE_FORMAT.format(instant) : '—';
}

/** A date and time as read in India, '5 Mar 2026, 6:30 pm'; '—' when unreadable. */
export function indiaDateTimeText(instant: Date | null): string {
  return instant ? DATE_TIME_FORMAT.format(instant) : '—';
}

/** The order number as people read it: 'Order #1042'. */
export function orderNumberText(orderId: string | number): string {
  return `Order #${orderId}`;
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

/** Rupees shown en-IN with the rupee sign. */
export function rupeesText(rupees: number | string): string {
  return formatRupees(paiseOf(rupees));
}

/** A line's total: unit price x quantity, counted in paise. */
export function lineTotalText(item: Pick<OrderItem, 'price' | 'quantity'>): string {
  return formatRupees(paiseOf(item.price) * item.quantity);
}

/**
 * The amount a card shows: the order's total when the answer carries one (the list contract has none), else the
 * value of its lines; `isTotal` says which, so the label does not overstate it.
 */
export function cardAmount(order: OrderSummary): { text: string; isTotal: boolean } {
  const total = (order as OrderSummary & { total_amount?: number | string | null }).total_amount;
  if (total !== undefined && total !== null && total !== '') return { text: rupeesText(total), isTotal: true };
  const paise = order.items.reduce((sum, item) => sum + paiseOf(item.price) * item.quantity, 0);
  return { text: formatRupees(paise), isTotal: false };
}

/** Payment methods as the order page names them (001 section 2: Cash on Delivery or online). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  online: 'Online',
  cod: 'Cash on Delivery',
};

/** The order page's payment method words; an unknown value is shown as sent. */
export function paymentMethodText(method: string): string {
  return PAYMENT_METHOD_NAMES[method as PaymentMethod] ?? method;
}

/** Whether an order is paid: its payment_status, or the payment's own status, counts as paid by the domain's rule. */
export function isOrderPaid(order: Pick<OrderDetail, 'payment_status'> & { payment?: { status?: string | null } | null }): boolean {
  const paymentStatus = order.payment?.status?.toLowerCase();
  return isPaid(order.payment_status) || isPaid(paymentStatus);
}

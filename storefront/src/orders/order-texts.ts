import {
  ADMIN_CANCEL_REASON,
  DEADLINE_CANCEL_REASON,
  type OrderStatus,
  type PaymentMethod,
  type ShipmentStatus,
} from '@mandi/domain';
import type { Translator } from '../i18n/i18n';

/*
 * The order words the buyer reads, in the visitor's language. They are for display only: the API is always sent and
 * answers the spec's values ('cancel_requested', 'cod'), never these words.
 */

type T = Translator['t'];

/** Each order state's name ('Cancellation Requested'). */
export function orderStatusLabels(t: T): Record<OrderStatus, string> {
  return {
    pending: t('orders.status.pending'),
    confirmed: t('orders.status.confirmed'),
    shipped: t('orders.status.shipped'),
    delivered: t('orders.status.delivered'),
    cancel_requested: t('orders.status.cancelRequested'),
    cancelled: t('orders.status.cancelled'),
  };
}

/** Each state of a seller's part of an order (a shipment) in a word, as the buyer and the seller read it ('Packed'). */
export function shipmentStatusLabels(t: T): Record<ShipmentStatus, string> {
  return {
    to_pack: t('orders.shipment.status.to_pack'),
    packed: t('orders.shipment.status.packed'),
    handed_over: t('orders.shipment.status.handed_over'),
    cancelled: t('orders.shipment.status.cancelled'),
  };
}

/** Each payment method's name on the order page ('Cash on Delivery', 'Online'). */
export function paymentMethodNames(t: T): Record<PaymentMethod, string> {
  return { online: t('orders.paymentMethod.online'), cod: t('orders.paymentMethod.cod') };
}

/**
 * A cancellation reason as the buyer reads it: the reasons Mandi records itself (the deadline's, an admin's without
 * one) in the visitor's language; a reason the buyer typed stays as typed.
 */
export function cancelReasonText(t: T, reason: string): string {
  if (reason === DEADLINE_CANCEL_REASON) return t('orders.reason.deadline');
  if (reason === ADMIN_CANCEL_REASON) return t('orders.reason.byMandi');
  return reason;
}

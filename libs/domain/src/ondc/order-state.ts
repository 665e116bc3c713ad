import type { OrderStatus } from '../orders/order.status.js';
import type { ShipmentStatus } from '../shipments/shipment.js';
import type { OndcFulfillmentState, OndcOrderState, OndcSellerCancelReason } from './ondc-protocol.js';

/*
 * A network order's state as ONDC's retail flows show it (RET 1.2.0 "Fulfillment state", the validator's
 * Status/onStatus*.ts): a network order comes from one provider (a seller), so it has one shipment and one delivery
 * fulfilment. Pending once the order is accepted, Packed when the seller packs it, Order-picked-up when it is handed
 * over, Out-for-delivery when the order ships, Order-delivered when it is delivered.
 */

/** The fulfilment steps an order passes, in order (the states before Cancelled). */
export const ONDC_PROGRESS_STEPS = [
  'Pending',
  'Packed',
  'Order-picked-up',
  'Out-for-delivery',
  'Order-delivered',
] as const satisfies readonly OndcFulfillmentState[];
export type OndcProgressStep = (typeof ONDC_PROGRESS_STEPS)[number];

/** Where a network order is: its Mandi status and its one shipment's (null when it has none yet). */
export interface NetworkOrderProgress {
  status: OrderStatus;
  shipment: ShipmentStatus | null;
}

/** How many of ONDC_PROGRESS_STEPS the order has reached (0 before it is accepted, or when it was cancelled). */
function stepsReached({ status, shipment }: NetworkOrderProgress): number {
  switch (status) {
    case 'pending':
    case 'cancel_requested':
    case 'cancelled':
      return 0;
    case 'confirmed':
      return shipment === 'handed_over' ? 3 : shipment === 'packed' ? 2 : 1;
    case 'shipped':
      return 4;
    case 'delivered':
      return 5;
  }
}

/**
 * The unsolicited on_status steps an order has reached, in order: each is sent once, and an order seen after several
 * moves at once (an admin marking a confirmed order shipped before its seller packed it) still gets every step
 * before its latest, none skipped.
 */
export function progressStepsReached(progress: NetworkOrderProgress): OndcProgressStep[] {
  return ONDC_PROGRESS_STEPS.slice(0, stepsReached(progress));
}

/** The fulfilment's state now: the latest step reached, Pending before acceptance, Cancelled once cancelled. */
export function fulfillmentStateOf(progress: NetworkOrderProgress): OndcFulfillmentState {
  if (progress.status === 'cancelled') return 'Cancelled';
  return progressStepsReached(progress).at(-1) ?? 'Pending';
}

/** The order's state: Created until accepted, Accepted, In-progress once packed, Completed, Cancelled. */
export function ondcOrderStateOf(progress: NetworkOrderProgress): OndcOrderState {
  if (progress.status === 'cancelled') return 'Cancelled';
  const reached = stepsReached(progress);
  if (reached === 0) return 'Created';
  if (reached === 1) return 'Accepted';
  return reached === 5 ? 'Completed' : 'In-progress';
}

/** The key that makes an unsolicited on_status of a step happen once (ondc_calls.unsolicited_key). */
export function progressKey(orderId: number, step: OndcProgressStep): string {
  return `order:${orderId}:status:${step}`;
}

/** The key of Mandi's unsolicited on_cancel of an order. */
export function sellerCancelKey(orderId: number): string {
  return `order:${orderId}:cancel`;
}

/** Who cancelled a network order, as ondc_orders.cancelled_by keeps it. */
export const ONDC_CANCELLED_BY = { buyerApp: 'buyer_app', sellerNode: 'seller_node' } as const;

/**
 * The reason code of Mandi's own cancellation: the order was not accepted (an admin cancelled it, or nobody confirmed
 * it within the 8-hour window): '005', Merchant rejected the order.
 */
export const MANDI_CANCEL_REASON: OndcSellerCancelReason = '005';

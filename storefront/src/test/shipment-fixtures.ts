import type { OrderShipment, Shipment } from '@mandi/contracts';

/** A seller's part of an order as the API answers it: to pack, unless `change` moves it on. */
export const shipment = (
  shipmentId: number | string,
  orderId: number | string,
  change: Partial<Shipment> = {},
): Shipment => ({
  shipment_id: String(shipmentId),
  order_id: String(orderId),
  status: 'to_pack',
  carrier: null,
  tracking_number: null,
  self_delivery: false,
  packed_at: null,
  handed_over_at: null,
  ...change,
});

/** The change of a part packed at `at`. */
export const packedAt = (at = '2026-03-05T04:30:00.000Z'): Partial<Shipment> => ({ status: 'packed', packed_at: at });

/** The change of a part handed over to `carrier` with `tracking`, or delivered by its seller when `carrier` is null. */
export const handedOverTo = (
  carrier: string | null,
  tracking: string | null = null,
  at = '2026-03-05T09:00:00.000Z',
): Partial<Shipment> => ({
  status: 'handed_over',
  carrier,
  tracking_number: tracking,
  self_delivery: carrier === null,
  packed_at: '2026-03-05T04:30:00.000Z',
  handed_over_at: at,
});

/** A part as the orderShipments route answers it: whose, and which of the order's lines (order_item ids). */
export const orderShipment = (
  shipmentId: number | string,
  orderId: number | string,
  seller: string,
  itemIds: (number | string)[],
  change: Partial<Shipment> = {},
): OrderShipment => ({
  ...shipment(shipmentId, orderId, change),
  seller: { uid: `uid-${seller}`, username: seller },
  order_item_ids: itemIds.map(String),
});

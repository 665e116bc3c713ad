// A seller's part of an order (issue 31, docs/shipments.md): the shipment's answer and the seller's moves.
import { SHIPMENT_LIMITS, SHIPMENT_STATUSES } from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, uidSchema } from '../common/fields.js';

/** A shipment as every answer shows it: its state and, once handed over, how it travels. */
export const shipmentSchema = z.object({
  shipment_id: idSchema,
  order_id: idSchema,
  status: z.enum(SHIPMENT_STATUSES),
  /** The courier it was handed to; null before, or when the seller delivers it themself. */
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  self_delivery: z.boolean(),
  packed_at: isoDateTimeSchema.nullable(),
  handed_over_at: isoDateTimeSchema.nullable(),
});
/** Type of {@link shipmentSchema}. */
export type Shipment = z.infer<typeof shipmentSchema>;

/** A shipment on the buyer's or the admin's order page: whose part it is and which lines it carries. */
export const orderShipmentSchema = shipmentSchema.extend({
  seller: z.object({ uid: uidSchema, username: z.string() }),
  /** The order lines (order_item ids) in this part. */
  order_item_ids: z.array(idSchema),
});
/** Type of {@link orderShipmentSchema}. */
export type OrderShipment = z.infer<typeof orderShipmentSchema>;
/** Answer of GET /api/orders/{orderId}/shipments: the parts, Mandi's own first, then by seller. */
export const orderShipmentListSchema = z.array(orderShipmentSchema);

/** Path of the seller's shipment moves. */
export const shipmentParamsSchema = z.object({ uid: uidSchema, shipmentId: idSchema });
/** Type of {@link shipmentParamsSchema}. */
export type ShipmentParams = z.infer<typeof shipmentParamsSchema>;

const text = (max: number) => z.string({ error: 'must be text' }).max(max * 2, `must be at most ${max} characters`);

/**
 * Body of POST .../shipments/{shipmentId}/hand-over: the courier and its tracking number, or self_delivery for a
 * seller who delivers it themself. The rules are libs/domain's handOverProblems.
 */
export const handOverBodySchema = z.object({
  carrier: text(SHIPMENT_LIMITS.carrierMax).default(''),
  tracking_number: text(SHIPMENT_LIMITS.trackingMax).default(''),
  self_delivery: z.boolean({ error: 'self_delivery must be true or false' }).default(false),
});
/** Type of {@link handOverBodySchema}. */
export type HandOverBody = z.infer<typeof handOverBodySchema>;

import { orderIdParamsSchema } from '../../orders/order.schema.js';
import {
  handOverBodySchema,
  orderShipmentListSchema,
  shipmentParamsSchema,
  shipmentSchema,
} from '../../shipments/shipment.schema.js';
import type { ApiRoute } from '../api-route.js';

/*
 * A seller's part of an order (issue 31, docs/shipments.md): the seller packs it and hands it over from their
 * dashboard (only the shipment's own seller, on a confirmed order), and the order's pages show every part.
 */

export const orderShipments = {
  method: 'GET',
  path: '/api/orders/{orderId}/shipments',
  tag: 'Orders',
  summary: "The order's parts, one per seller, with their state and tracking (the buyer's own order, or an admin)",
  access: 'user',
  params: orderIdParamsSchema,
  answers: { 200: { description: 'The parts', schema: orderShipmentListSchema } },
  errors: [403, 404],
} satisfies ApiRoute;

export const packShipment = {
  method: 'POST',
  path: '/api/seller-dashboard/{uid}/shipments/{shipmentId}/pack',
  tag: 'Seller dashboard',
  summary: "Marks the seller's part of a confirmed order packed (the buyer and the seller are mailed)",
  access: 'user',
  params: shipmentParamsSchema,
  answers: { 200: { description: 'Packed', schema: shipmentSchema } },
  errors: [403, 404, 409],
} satisfies ApiRoute;

export const handOverShipment = {
  method: 'POST',
  path: '/api/seller-dashboard/{uid}/shipments/{shipmentId}/hand-over',
  tag: 'Seller dashboard',
  summary:
    'Hands the packed part over to a courier with its tracking number, or as delivered by the seller; the last part of an order ships the order',
  access: 'user',
  params: shipmentParamsSchema,
  body: handOverBodySchema,
  answers: { 200: { description: 'Handed over', schema: shipmentSchema } },
  errors: [403, 404, 409],
} satisfies ApiRoute;

import {
  BUYER_ORDERS_PAGE,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  CANCEL_REASON_MAX,
} from '@mandi/domain';
import { z } from 'zod';
import { addressTextsSchema } from '../addresses/address.schema.js';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { pageQuerySchema, pageSizeQuerySchema } from '../common/paging.js';
import { documentRefSchema, orderDocumentSchema } from '../invoices/invoice.schema.js';
import { productImagesSchema } from '../products/product.schema.js';

/** Path of GET /api/orders/{userId}. */
export const ordersOfUserParamsSchema = z.object({ userId: idSchema });
/** Path of the calls on one order (details, cancel-request). */
export const orderIdParamsSchema = z.object({ orderId: idSchema });

/**
 * Query of GET /api/orders/{userId}: which page of the buyer's orders, newest first (the newest 100 by default). The
 * answer's X-Total-Count header says how many orders the buyer has.
 */
export const ordersOfUserQuerySchema = z.object({
  page: pageQuerySchema,
  perPage: pageSizeQuerySchema('perPage', BUYER_ORDERS_PAGE.max, BUYER_ORDERS_PAGE.default),
});
/** Type of {@link ordersOfUserQuerySchema}. */
export type OrdersOfUserQuery = z.infer<typeof ordersOfUserQuerySchema>;

/** One line of an order as the buyer sees it: the name and unit price at purchase time. */
export const orderItemSchema = z.object({
  order_item_id: idSchema,
  name: z.string(),
  images: productImagesSchema,
  quantity: z.number().int(),
  /** Unit price in rupees. */
  price: z.number(),
});
/** Type of {@link orderItemSchema}. */
export type OrderItem = z.infer<typeof orderItemSchema>;

/** An order card of My Orders (docs/orders.md). */
export const orderSummarySchema = z.object({
  order_id: idSchema,
  created_at: isoDateTimeSchema,
  status: z.enum(ORDER_STATUSES),
  firstItem: orderItemSchema.nullable(),
  items: z.array(orderItemSchema),
});
/** Type of {@link orderSummarySchema}. */
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** Answer of GET /api/orders/{userId}, newest first. */
export const orderListSchema = z.array(orderSummarySchema);
/** Type of {@link orderListSchema}. */
export type OrderList = z.infer<typeof orderListSchema>;

const address = addressTextsSchema.shape;

/** The delivery address copied onto the order when it was placed; the spec names its area_or_street_or_village 'area'. */
export const orderAddressSchema = z.object({
  name: address.name,
  /** Ours, beside the spec's fields: the rest of the delivery address, so the buyer sees all of it. */
  flat_house_building: address.flat_house_building.optional(),
  area: address.area_or_street_or_village,
  landmark: address.landmark.optional(),
  taluk: address.taluk,
  district: address.district,
  state: address.state,
  pincode: address.pincode,
  mobile: address.mobile,
});

/** Answer of GET /api/orders/details/{orderId} (docs/orders.md). Money in rupees. */
export const orderDetailSchema = z.object({
  order_id: idSchema,
  created_at: isoDateTimeSchema,
  placed_at: isoDateTimeSchema.optional(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment: z.object({ payment_method: z.enum(PAYMENT_METHODS), status: z.string() }),
  address: orderAddressSchema,
  subtotal: z.number(),
  shippingCost: z.number(),
  total_amount: z.number(),
  items: z.array(orderItemSchema),
  /** The spec's one invoice: Mandi's own when the order has one, else the first issued. */
  invoice: documentRefSchema.nullable(),
  /** The credit note reversing that invoice. */
  creditNote: documentRefSchema.nullable(),
  /** Ours: every document of the order that can be downloaded, invoices first (docs/invoices.md, "Suppliers"). */
  documents: z.array(orderDocumentSchema).optional(),
  cancel_reason: z.string().nullable().optional(),
  /** When the 8-hour window closes, so the page can enable 'Cancel Order' without guessing the rule. */
  window_closes_at: isoDateTimeSchema.optional(),
});
/** Type of {@link orderDetailSchema}. */
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** Body of PUT /api/orders/cancel-request/{orderId}: a reason, trimmed and non-empty (docs/orders.md). */
export const cancelRequestBodySchema = z.object({
  reason: z
    .string({ error: ORDER_MESSAGES.missingReason.text })
    .trim()
    .min(1, ORDER_MESSAGES.missingReason.text)
    .max(CANCEL_REASON_MAX, `Reason must be at most ${CANCEL_REASON_MAX} characters.`),
});
/** Type of {@link cancelRequestBodySchema}. */
export type CancelRequestBody = z.infer<typeof cancelRequestBodySchema>;

/** Answer of an accepted cancellation request: a message and the order's new state. */
export const cancelRequestAnswerSchema = z.object({
  message: z.string(),
  order_id: idSchema,
  status: z.enum(ORDER_STATUSES),
  cancel_reason: z.string(),
});
/** Type of {@link cancelRequestAnswerSchema}. */
export type CancelRequestAnswer = z.infer<typeof cancelRequestAnswerSchema>;

/**
 * `details` of a 409 answer to an order move that lost (a race, a closed window, a state that does not allow it): the
 * order as it is now, so the screen can show it without reloading.
 */
export const orderConflictDetailsSchema = z.object({
  order_id: idSchema,
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  window_closes_at: isoDateTimeSchema,
});
/** Type of {@link orderConflictDetailsSchema}. */
export type OrderConflictDetails = z.infer<typeof orderConflictDetailsSchema>;

/** Type of {@link ordersOfUserParamsSchema}. */
export type OrdersOfUserParams = z.infer<typeof ordersOfUserParamsSchema>;

/** Type of {@link orderIdParamsSchema}. */
export type OrderIdParams = z.infer<typeof orderIdParamsSchema>;

/** Type of {@link orderAddressSchema}. */
export type OrderAddress = z.infer<typeof orderAddressSchema>;

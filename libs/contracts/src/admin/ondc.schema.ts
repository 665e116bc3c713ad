import { ONDC_ACTIONS, ORDER_STATUSES, callbackOf } from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { pageQuerySchema, queryText } from '../common/paging.js';

/*
 * The network in the console (issue 33, docs/ondc.md "The console"): the orders that came from ONDC buyer apps and
 * every call and callback with its acknowledgement. Money in rupees, times ISO instants.
 */

/** An optional query parameter: blank is the same as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const count = z.number().int().min(0);

/**
 * The console's limits on the network's lists: calls and orders a page, the calls a network order's page lists, how
 * far the calls list counts (the table takes every search the network broadcasts; a filter narrows it), and the
 * largest body a call's page carries (a full catalogue's on_search is megabytes: it is downloaded instead).
 */
export const ADMIN_ONDC_LIMITS = { page: 20, orderCalls: 200, callsCounted: 10_000, bodyShownBytes: 256_000 } as const;

/** The console's refusals on the network's routes (their 404s). */
export const ADMIN_ONDC_MESSAGES = {
  orderNotFound: 'No network order has that id.',
  callNotFound: 'No ONDC call has that id.',
} as const;

/** Every action an `ondc_calls` row may carry: the network's calls and Mandi's callbacks answering them. */
export const ADMIN_ONDC_ACTIONS = [...ONDC_ACTIONS, ...ONDC_ACTIONS.map(callbackOf)] as const;

/** Which way a call went: `inbound` from a buyer app to Mandi, `outbound` Mandi's callback to the buyer app. */
export const ADMIN_ONDC_DIRECTIONS = ['inbound', 'outbound'] as const;
/** One of {@link ADMIN_ONDC_DIRECTIONS}. */
export type AdminOndcDirection = (typeof ADMIN_ONDC_DIRECTIONS)[number];

/** How a call was acknowledged: ACK, NACK, or `pending` for a callback the buyer app has not answered yet. */
export const ADMIN_ONDC_ACK_FILTERS = ['ACK', 'NACK', 'pending'] as const;

/** How the buyer pays a network order (ONDC's payment type): prepaid to the buyer app, or cash on delivery. */
export const ADMIN_ONDC_PAYMENT_TYPES = ['ON-ORDER', 'ON-FULFILLMENT'] as const;
/** One of {@link ADMIN_ONDC_PAYMENT_TYPES}. */
export type AdminOndcPaymentType = (typeof ADMIN_ONDC_PAYMENT_TYPES)[number];

/** Who cancelled a network order: the buyer app, or Mandi (the seller node). */
export const ADMIN_ONDC_CANCELLED_BY = ['buyer_app', 'seller_node'] as const;

const bapIdQuery = optional(queryText('bap_id', 255));
const transactionIdQuery = optional(queryText('transaction_id', 100));

/** Query of GET /api/admin/ondc/orders: optionally one buyer app (its subscriber id) and one transaction; the page. */
export const adminOndcOrdersQuerySchema = z.object({
  bap_id: bapIdQuery,
  transaction_id: transactionIdQuery,
  page: pageQuerySchema,
});
/** Type of {@link adminOndcOrdersQuerySchema}. */
export type AdminOndcOrdersQuery = z.infer<typeof adminOndcOrdersQuerySchema>;

/** A network order as the console lists it: the Mandi order and the ids and terms the buyer app knows it by. */
export const adminOndcOrderSchema = z.object({
  /** The Mandi order (the console's order page is /orders/{order_id}/show). */
  order_id: idSchema,
  transaction_id: z.string(),
  /** The order's id on the network, given by Mandi. */
  ondc_order_id: z.string(),
  bap_id: z.string(),
  bap_uri: z.string(),
  /** The Mandi order's status. */
  status: z.enum(ORDER_STATUSES),
  payment_type: z.enum(ADMIN_ONDC_PAYMENT_TYPES),
  /** BAP (the buyer app holds the buyer's money) or BPP (Mandi collects it, cash on delivery). */
  collected_by: z.enum(['BAP', 'BPP']),
  total: z.number(),
  /** The buyer app's finder fee on this order, and how it asked for it (`percent` or `amount`, and the value). */
  finder_fee: z.number(),
  finder_fee_type: z.string(),
  finder_fee_value: z.string(),
  /** ONDC's cancellation reason code and who cancelled; null while the order stands. */
  cancel_reason_code: z.string().nullable(),
  cancelled_by: z.enum(ADMIN_ONDC_CANCELLED_BY).nullable(),
  created_at: isoDateTimeSchema,
});
/** Type of {@link adminOndcOrderSchema}. */
export type AdminOndcOrder = z.infer<typeof adminOndcOrderSchema>;

/** Answer of GET /api/admin/ondc/orders: a page of network orders, newest first, and how many match. */
export const adminOndcOrderListSchema = z.object({
  orders: z.array(adminOndcOrderSchema),
  total: count,
  page: z.number().int().min(1),
});
/** Type of {@link adminOndcOrderListSchema}. */
export type AdminOndcOrderList = z.infer<typeof adminOndcOrderListSchema>;

/** Path of GET /api/admin/ondc/orders/{orderId}: the Mandi order's id. */
export const adminOndcOrderParamsSchema = z.object({ orderId: idSchema });

/** One call or callback as the console lists it, without its body. */
export const adminOndcCallSchema = z.object({
  id: idSchema,
  direction: z.enum(ADMIN_ONDC_DIRECTIONS),
  action: z.string(),
  transaction_id: z.string(),
  message_id: z.string(),
  bap_id: z.string(),
  /** ACK or NACK; null for a callback the buyer app has not acknowledged yet. */
  ack_status: z.enum(['ACK', 'NACK']).nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  /** How many times a callback was posted. */
  attempts: count,
  /** A callback acknowledged after its request's ttl ran out (answered_at > due_by). */
  late: z.boolean(),
  due_by: isoDateTimeSchema.nullable(),
  answered_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  /** The Mandi order the call is about, once there is one. */
  order_id: idSchema.nullable(),
  /** A callback's request; null for an inbound call and an unsolicited callback. */
  reply_to_id: idSchema.nullable(),
});
/** Type of {@link adminOndcCallSchema}. */
export type AdminOndcCall = z.infer<typeof adminOndcCallSchema>;

/**
 * Query of GET /api/admin/ondc/calls: optionally one transaction, action, direction, acknowledgement (ACK, NACK or
 * pending), buyer app and late or not; the page, newest first.
 */
export const adminOndcCallsQuerySchema = z.object({
  transaction_id: transactionIdQuery,
  action: optional(z.enum(ADMIN_ONDC_ACTIONS, { error: `action must be one of ${ADMIN_ONDC_ACTIONS.join(', ')}` })),
  direction: optional(
    z.enum(ADMIN_ONDC_DIRECTIONS, { error: `direction must be one of ${ADMIN_ONDC_DIRECTIONS.join(', ')}` }),
  ),
  ack: optional(z.enum(ADMIN_ONDC_ACK_FILTERS, { error: `ack must be one of ${ADMIN_ONDC_ACK_FILTERS.join(', ')}` })),
  bap_id: bapIdQuery,
  late: optional(
    z.enum(['true', 'false'], { error: 'late must be true or false' }).transform((value) => value === 'true'),
  ),
  page: pageQuerySchema,
});
/** Type of {@link adminOndcCallsQuerySchema}. */
export type AdminOndcCallsQuery = z.infer<typeof adminOndcCallsQuerySchema>;

/** Answer of GET /api/admin/ondc/calls: a page of calls, newest first, and how many match (up to callsCounted). */
export const adminOndcCallListSchema = z.object({
  calls: z.array(adminOndcCallSchema),
  total: count,
  /** True when more calls match than `total` says (it stopped counting there). */
  total_capped: z.boolean(),
  page: z.number().int().min(1),
});
/** Type of {@link adminOndcCallListSchema}. */
export type AdminOndcCallList = z.infer<typeof adminOndcCallListSchema>;

/** Path of GET /api/admin/ondc/calls/{callId}. */
export const adminOndcCallParamsSchema = z.object({ callId: idSchema });

/**
 * One call with what it carried: its body as recorded (null when it is larger than ADMIN_ONDC_LIMITS.bodyShownBytes:
 * GET /api/admin/ondc/calls/{callId}/body downloads it), its context either way, and the calls it is linked with.
 */
export const adminOndcCallDetailSchema = adminOndcCallSchema.extend({
  bap_uri: z.string(),
  /** An unsolicited callback's reason (`order:12:status:Packed:shipment:5`). */
  unsolicited_key: z.string().nullable(),
  /** The callback answering this call, once there is one. */
  callback_id: idSchema.nullable(),
  /** The size of the body as JSON text, in bytes. */
  body_bytes: count,
  body: z.unknown().nullable(),
  /** The body's `context` (ids, action, times), shown even when the body is too large to be. */
  context: z.unknown().nullable(),
});
/** Type of {@link adminOndcCallDetailSchema}. */
export type AdminOndcCallDetail = z.infer<typeof adminOndcCallDetailSchema>;

/** Answer of GET /api/admin/ondc/orders/{orderId}: the network order and its transaction's calls, oldest first. */
export const adminOndcOrderDetailSchema = z.object({
  order: adminOndcOrderSchema,
  calls: z.array(adminOndcCallSchema),
  /** Every call of the transaction; `calls` lists the first ADMIN_ONDC_LIMITS.orderCalls. */
  call_count: count,
});
/** Type of {@link adminOndcOrderDetailSchema}. */
export type AdminOndcOrderDetail = z.infer<typeof adminOndcOrderDetailSchema>;

/**
 * Answer of GET /api/admin/ondc/summary: what the network did since `since` (24 hours before `at`): calls and
 * callbacks, NACKs (either way), callbacks acknowledged late, and callbacks still waiting for an acknowledgement.
 */
export const adminOndcSummarySchema = z.object({
  at: isoDateTimeSchema,
  since: isoDateTimeSchema,
  calls: count,
  nacks: count,
  late: count,
  awaiting: count,
});
/** Type of {@link adminOndcSummarySchema}. */
export type AdminOndcSummary = z.infer<typeof adminOndcSummarySchema>;

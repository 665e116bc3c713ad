import {
  ADMIN_MESSAGES,
  ADMIN_ORDER_FILTERS,
  ADMIN_ORDER_SEARCH_MAX,
  ADMIN_ORDERS_PAGE,
  CANCEL_REASON_MAX,
  PAYMENT_METHODS,
  DEFAULT_ADMIN_ORDER_FILTER,
  INTERESTED_SELLER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  USER_ROLES,
  USER_STATUSES,
} from '@mandi/domain';
import { z } from 'zod';
import { addressTextsSchema } from '../addresses/address.schema.js';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { pageQuerySchema, pageSizeQuerySchema, queryText } from '../common/paging.js';

/**
 * Query of GET /api/admin/orders: the time filter (24h by default), an optional search (an order number, '#' allowed,
 * or a 6-digit delivery pincode; any other text is looked for in the buyer's username and e-mail and the delivery
 * name), and the page, newest first (the newest 100 by default, at most 500 a page). The answer's X-Total-Count header
 * says how many orders match.
 */
export const adminOrdersQuerySchema = z.object({
  filter: z
    .enum(ADMIN_ORDER_FILTERS, { error: `filter must be one of ${ADMIN_ORDER_FILTERS.join(', ')}` })
    .default(DEFAULT_ADMIN_ORDER_FILTER),
  search: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    queryText('search', ADMIN_ORDER_SEARCH_MAX).optional(),
  ),
  page: pageQuerySchema,
  perPage: pageSizeQuerySchema('perPage', ADMIN_ORDERS_PAGE.max, ADMIN_ORDERS_PAGE.default),
});
/** Type of {@link adminOrdersQuerySchema}. */
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** An order row of the admin panel (docs/console.md). Prices in rupees. */
export const adminOrderSchema = z.object({
  order_id: idSchema,
  username: z.string(),
  email: z.string(),
  /** The delivery address's name; its other fields below keep their own names. */
  address_name: addressTextsSchema.shape.name,
  ...addressTextsSchema.pick({ area_or_street_or_village: true, district: true, pincode: true }).shape,
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  created_at: isoDateTimeSchema,
  cancel_reason: z.string().nullable(),
  items: z.array(
    z.object({ order_item_id: idSchema, product_name: z.string(), quantity: z.number().int(), price: z.number() }),
  ),
  /** Ours: how the buyer pays. */
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  /** Ours: the grand total in rupees. */
  total_amount: z.number().optional(),
  /** Ours: when the window for confirming and cancelling closes, by the database clock and the configured window. */
  window_closes_at: isoDateTimeSchema.optional(),
});
/** Type of {@link adminOrderSchema}. */
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** Answer of every admin order action (confirm, payment, shipped, delivered, cancel): a message and the order now. */
export const adminOrderActionAnswerSchema = z.object({ message: z.string(), order: adminOrderSchema });
/** Type of {@link adminOrderActionAnswerSchema}. */
export type AdminOrderActionAnswer = z.infer<typeof adminOrderActionAnswerSchema>;

/** Body of PUT /api/admin/orders/cancel/{id}: optionally the reason recorded; a buyer's own reason is kept. */
export const adminCancelBodySchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(CANCEL_REASON_MAX, `Reason must be at most ${CANCEL_REASON_MAX} characters.`).optional(),
  ),
});
/** Type of {@link adminCancelBodySchema}. */
export type AdminCancelBody = z.infer<typeof adminCancelBodySchema>;

/** Answer of GET /api/admin/orders. */
export const adminOrderListSchema = z.array(adminOrderSchema);

/** Path of the admin order actions (confirm, payment, shipped, delivered, cancel). */
export const adminOrderIdParamsSchema = z.object({ id: idSchema });

/** Body of PUT /api/admin/orders/payment/{id}: the only change is to paid. */
export const markPaidBodySchema = z.object({ status: z.literal('paid', { error: "Status must be 'paid'" }) });
/** Body of PUT /api/admin/orders/shipped/{id}; the status is implied by the path, so it may be left out. */
export const markShippedBodySchema = z.object({
  status: z.literal('shipped', { error: "Status must be 'shipped'" }).optional(),
});
/** Body of PUT /api/admin/orders/delivered/{id}; the status is implied by the path, so it may be left out. */
export const markDeliveredBodySchema = z.object({
  status: z.literal('delivered', { error: "Status must be 'delivered'" }).optional(),
});

/** A user row of the admin panel. */
export const adminUserSchema = z.object({
  id: idSchema,
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  created_at: isoDateTimeSchema,
  status: z.enum(USER_STATUSES),
  role: z.enum(USER_ROLES),
});
/** Type of {@link adminUserSchema}. */
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Answer of GET /api/admin/users. */
export const adminUserListSchema = z.array(adminUserSchema);

/** Body of PUT /api/admin/toggle-user. */
export const toggleUserBodySchema = z.object({ userId: idSchema });
/** Answer of the toggle: the account's new status and a message. */
export const toggleUserAnswerSchema = z.object({ newStatus: z.enum(USER_STATUSES), message: z.string() });
/** Type of {@link toggleUserAnswerSchema}. */
export type ToggleUserAnswer = z.infer<typeof toggleUserAnswerSchema>;

/** A row of the interested-sellers tab. */
export const interestedSellerSchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string(),
  status: z.enum(INTERESTED_SELLER_STATUSES),
  interest_date: isoDateTimeSchema,
  invite_sent: z.boolean(),
});
/** Type of {@link interestedSellerSchema}. */
export type InterestedSeller = z.infer<typeof interestedSellerSchema>;

/** Answer of GET /api/admin/interested-sellers. */
export const interestedSellerListSchema = z.array(interestedSellerSchema);

/** Most sellers invited in one request (ours). */
export const BULK_INVITES_MAX = 200;

/** Body of POST /api/admin/send-bulk-invites: at least one seller (docs/console.md). */
export const bulkInvitesBodySchema = z.object({
  sellerIds: z
    .array(idSchema, { error: ADMIN_MESSAGES.selectSellers })
    .min(1, ADMIN_MESSAGES.selectSellers)
    .max(BULK_INVITES_MAX, `At most ${BULK_INVITES_MAX} sellers can be invited at once.`),
});
/** Type of {@link bulkInvitesBodySchema}. */
export type BulkInvitesBody = z.infer<typeof bulkInvitesBodySchema>;

/** Type of {@link adminOrderListSchema}. */
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** Type of {@link adminOrderIdParamsSchema}. */
export type AdminOrderIdParams = z.infer<typeof adminOrderIdParamsSchema>;

/** Type of {@link markPaidBodySchema}. */
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;

/** Type of {@link markShippedBodySchema}. */
export type MarkShippedBody = z.infer<typeof markShippedBodySchema>;

/** Type of {@link markDeliveredBodySchema}. */
export type MarkDeliveredBody = z.infer<typeof markDeliveredBodySchema>;

/** Type of {@link adminUserListSchema}. */
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** Type of {@link toggleUserBodySchema}. */
export type ToggleUserBody = z.infer<typeof toggleUserBodySchema>;

/** Type of {@link interestedSellerListSchema}. */
export type InterestedSellerList = z.infer<typeof interestedSellerListSchema>;

import {
  ADMIN_MESSAGES,
  ADMIN_ORDER_FILTERS,
  DEFAULT_ADMIN_ORDER_FILTER,
  INTERESTED_SELLER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  USER_ROLES,
  USER_STATUSES,
} from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';

/** Query of GET /api/admin/orders: the time filter, 24h by default. */
export const adminOrdersQuerySchema = z.object({
  filter: z.enum(ADMIN_ORDER_FILTERS).default(DEFAULT_ADMIN_ORDER_FILTER),
});
/** Type of {@link adminOrdersQuerySchema}. */
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** An order row of the admin panel (spec 001 section 3). Prices in rupees. */
export const adminOrderSchema = z.object({
  order_id: idSchema,
  username: z.string(),
  email: z.string(),
  address_name: z.string(),
  area_or_street_or_village: z.string(),
  district: z.string(),
  pincode: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  created_at: isoDateTimeSchema,
  cancel_reason: z.string().nullable(),
  items: z.array(
    z.object({ order_item_id: idSchema, product_name: z.string(), quantity: z.number().int(), price: z.number() }),
  ),
});
/** Type of {@link adminOrderSchema}. */
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** Answer of GET /api/admin/orders. */
export const adminOrderListSchema = z.array(adminOrderSchema);

/** Path of the admin order actions (confirm, payment, shipped, delivered, cancel). */
export const adminOrderIdParamsSchema = z.object({ id: idSchema });

/** Body of PUT /api/admin/orders/payment/{id}: the only change is to paid. */
export const markPaidBodySchema = z.object({ status: z.literal('paid', { error: "Status must be 'paid'" }) });
/** Body of PUT /api/admin/orders/shipped/{id}; the status is implied by the path, so it may be left out. */
export const markShippedBodySchema = z.object({ status: z.literal('shipped', { error: "Status must be 'shipped'" }).optional() });
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

/** Body of POST /api/admin/send-bulk-invites: at least one seller (spec 001 section 5). */
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

// The seller's dashboard (issue 16): requests and answers of /api/seller-dashboard.
import {
  DEFAULT_SELLER_ORDER_PERIOD,
  ORDER_STATUSES,
  SELLER_DASHBOARD_LIMITS,
  SELLER_DASHBOARD_MESSAGES,
  SELLER_ORDER_PERIODS,
  SELLER_ORDER_STATUS_FILTERS,
  SELLER_ORDERS_PAGE,
} from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, uidSchema } from '../common/fields.js';
import { pageQuerySchema, pageSizeQuerySchema } from '../common/paging.js';
import { orderAddressSchema } from '../orders/order.schema.js';
import { shipmentSchema } from '../shipments/shipment.schema.js';

/** Path of the dashboard's reads: whose dashboard (a seller's own uid, or any seller's for an admin). */
export const sellerDashboardParamsSchema = z.object({ uid: uidSchema });
/** Type of {@link sellerDashboardParamsSchema}. */
export type SellerDashboardParams = z.infer<typeof sellerDashboardParamsSchema>;

/** Path of the dashboard's product actions: the seller and one of their products. */
export const sellerProductParamsSchema = z.object({ uid: uidSchema, productId: idSchema });
/** Type of {@link sellerProductParamsSchema}. */
export type SellerProductParams = z.infer<typeof sellerProductParamsSchema>;

/**
 * Query of GET /api/seller-dashboard/{uid}/orders: one order state or all, a period (today in India, the last 7 or 30
 * days, or all), and the page, newest first.
 */
export const sellerOrdersQuerySchema = z.object({
  status: z
    .enum(SELLER_ORDER_STATUS_FILTERS, { error: `status must be one of ${SELLER_ORDER_STATUS_FILTERS.join(', ')}` })
    .default('all'),
  period: z
    .enum(SELLER_ORDER_PERIODS, { error: `period must be one of ${SELLER_ORDER_PERIODS.join(', ')}` })
    .default(DEFAULT_SELLER_ORDER_PERIOD),
  page: pageQuerySchema,
  perPage: pageSizeQuerySchema('perPage', SELLER_ORDERS_PAGE.max, SELLER_ORDERS_PAGE.default),
});
/** Type of {@link sellerOrdersQuerySchema}. */
export type SellerOrdersQuery = z.infer<typeof sellerOrdersQuerySchema>;

/** One of the seller's own lines of an order: what to pack. Money in rupees. */
export const sellerOrderLineSchema = z.object({
  order_item_id: idSchema,
  /** Null once the product was deleted; the line keeps its copy. */
  product_id: idSchema.nullable(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price at purchase. */
  price: z.number(),
  /** price x quantity. */
  amount: z.number(),
});
/** Type of {@link sellerOrderLineSchema}. */
export type SellerOrderLine = z.infer<typeof sellerOrderLineSchema>;

/**
 * An order with the seller's products, as the seller sees it: only their own lines and their amount, the delivery
 * district and pincode always, the buyer's name, phone and full address only once the order is confirmed
 * (SELLER_SEES_BUYER_STATUSES), and the 8-hour window by the database clock.
 */
export const sellerOrderSchema = z.object({
  order_id: idSchema,
  created_at: isoDateTimeSchema,
  status: z.enum(ORDER_STATUSES),
  district: z.string(),
  pincode: z.string(),
  /** Null until the order is confirmed, and again once it is cancelled. */
  buyer: orderAddressSchema.nullable(),
  lines: z.array(sellerOrderLineSchema),
  /** The seller's lines' total in rupees (shipping is the marketplace's). */
  amount: z.number(),
  packs: z.number().int(),
  window_closes_at: isoDateTimeSchema,
  /** Milliseconds until the window closes, 0 once it has. */
  window_left_ms: z.number().int().nonnegative(),
  /** The seller's own part of the order, which they pack and hand over (docs/shipments.md). */
  shipment: shipmentSchema,
});
/** Type of {@link sellerOrderSchema}. */
export type SellerOrder = z.infer<typeof sellerOrderSchema>;

/** Answer of GET /api/seller-dashboard/{uid}/orders: a page of orders, newest first, and how many match in all. */
export const sellerOrderPageSchema = z.object({
  orders: z.array(sellerOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
/** Type of {@link sellerOrderPageSchema}. */
export type SellerOrderPage = z.infer<typeof sellerOrderPageSchema>;

/** The seller's sales over one period: their lines' total in rupees, how many orders and packs. */
export const salesFigureSchema = z.object({
  amount: z.number(),
  orders: z.number().int(),
  packs: z.number().int(),
});
/** Type of {@link salesFigureSchema}. */
export type SalesFigure = z.infer<typeof salesFigureSchema>;

/** A product of the seller's that needs attention: sold out (stock 0), or expiring within 48 hours or lately expired. */
export const attentionProductSchema = z.object({
  product_id: idSchema,
  name: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  /** Packs left; null for unlimited. */
  stock: z.number().int().nullable(),
  valid_until: isoDateTimeSchema,
  sold_out: z.boolean(),
  /** Valid now, but not for 48 hours more. */
  expiring: z.boolean(),
  expired: z.boolean(),
});
/** Type of {@link attentionProductSchema}. */
export type AttentionProduct = z.infer<typeof attentionProductSchema>;

/**
 * Answer of GET /api/seller-dashboard/{uid}: whose dashboard it is, the sales of today (India), the last 7 and 30 days
 * (lines of orders in `counted_statuses` only), and the products that need attention, expiring soonest first.
 */
export const sellerDashboardSchema = z.object({
  seller: z.object({ uid: z.string(), username: z.string() }),
  sales: z.object({ today: salesFigureSchema, last_7_days: salesFigureSchema, last_30_days: salesFigureSchema }),
  counted_statuses: z.array(z.enum(ORDER_STATUSES)),
  products: z.array(attentionProductSchema),
});
/** Type of {@link sellerDashboardSchema}. */
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;

/** Body of PUT /api/seller-dashboard/{uid}/products/{productId}/stock: the packs the seller now has. */
export const restockBodySchema = z.object({
  stock: z
    .number({ error: SELLER_DASHBOARD_MESSAGES.invalidStock })
    .int(SELLER_DASHBOARD_MESSAGES.invalidStock)
    .min(SELLER_DASHBOARD_LIMITS.restockMin, SELLER_DASHBOARD_MESSAGES.invalidStock)
    .max(SELLER_DASHBOARD_LIMITS.restockMax, SELLER_DASHBOARD_MESSAGES.invalidStock),
});
/** Type of {@link restockBodySchema}. */
export type RestockBody = z.infer<typeof restockBodySchema>;

/** Answer of both product actions: what was done, and the product as it is now. */
export const attentionProductAnswerSchema = z.object({ message: z.string(), product: attentionProductSchema });
/** Type of {@link attentionProductAnswerSchema}. */
export type AttentionProductAnswer = z.infer<typeof attentionProductAnswerSchema>;

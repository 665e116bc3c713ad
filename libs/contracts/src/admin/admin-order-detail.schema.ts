import { ORDER_STATUSES, ORDER_TIMELINE_KIND_NAMES, PAYMENT_METHODS, PAYMENT_STATUSES } from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { adminOrdersQuerySchema } from './admin.schema.js';

/** Path of GET /api/admin/orders/{id}. */
export const adminOrderDetailParamsSchema = z.object({ id: idSchema });
/** Type of {@link adminOrderDetailParamsSchema}. */
export type AdminOrderDetailParams = z.infer<typeof adminOrderDetailParamsSchema>;

/** One line of the order as it was bought: name, quantity, prices in rupees, tax data and the seller. */
export const adminOrderDetailLineSchema = z.object({
  order_item_id: idSchema,
  product_id: idSchema.nullable(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  line_total: z.number(),
  hsn_code: z.string(),
  gst_rate_percent: z.number().int(),
  /** The seller's username; null once the account is gone. */
  seller: z.object({ id: idSchema, username: z.string() }).nullable(),
});

/** A payment attempt of the order (payments table). */
export const adminOrderPaymentSchema = z.object({
  id: idSchema,
  provider: z.enum(['razorpay', 'cod']),
  status: z.enum(['created', 'captured', 'failed', 'refunded']),
  amount: z.number(),
  method: z.string().nullable(),
  provider_order_id: z.string().nullable(),
  provider_payment_id: z.string().nullable(),
  /** The provider's error code and description of a failed attempt. */
  error: z.string().nullable(),
  created_at: isoDateTimeSchema,
  captured_at: isoDateTimeSchema.nullable(),
});

/** The refund of a captured payment (refunds table), retried by the worker until the provider accepts it. */
export const adminOrderRefundSchema = z.object({
  id: idSchema,
  payment_id: idSchema,
  status: z.enum(['pending', 'processed', 'failed']),
  amount: z.number(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  created_at: isoDateTimeSchema,
  processed_at: isoDateTimeSchema.nullable(),
});

/** An invoice (tax invoice or bill of supply) or credit note of the order, with where to download it. */
export const adminOrderDocumentSchema = z.object({
  /** The download id ('123', 'cn-7': documentDownloadId of the invoices contract). */
  id: idSchema,
  kind: z.enum(['tax_invoice', 'bill_of_supply', 'credit_note']),
  number: z.string(),
  total: z.number(),
  issued_at: isoDateTimeSchema,
  /** GET with the bearer token: the PDF, once `pdf_ready`. */
  download_url: z.string(),
  pdf_ready: z.boolean(),
  /** The seller it is issued by; null for Mandi's own (docs/invoices.md, "Suppliers"). */
  supplier: z.string().nullable(),
});

/** One thing that happened to the order. */
export const adminOrderTimelineEntrySchema = z.object({
  at: isoDateTimeSchema,
  kind: z.enum(ORDER_TIMELINE_KIND_NAMES as [string, ...string[]]),
  label: z.string(),
  /** 'buyer', 'admin <username>' ('admin' for a move made before the audit trail), or 'system'. */
  actor: z.string(),
  /** What else is known: a reason, an amount, a document number, an audit row's before and after, a mail's job. */
  details: z.record(z.string(), z.unknown()),
});
/** Type of {@link adminOrderTimelineEntrySchema}. */
export type AdminOrderTimelineEntry = z.infer<typeof adminOrderTimelineEntrySchema>;

/** Answer of GET /api/admin/orders/{id}: the whole order for the console's order page. */
export const adminOrderDetailSchema = z.object({
  order_id: idSchema,
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  created_at: isoDateTimeSchema,
  window_closes_at: isoDateTimeSchema,
  cancel_reason: z.string().nullable(),
  buyer: z.object({ id: idSchema, username: z.string(), email: z.string() }),
  /** The order's own copy of the delivery address. */
  address: z.object({
    name: z.string(),
    mobile: z.string(),
    flat_house_building: z.string(),
    area_or_street_or_village: z.string(),
    landmark: z.string(),
    taluk: z.string(),
    district: z.string(),
    state: z.string(),
    pincode: z.string(),
  }),
  lines: z.array(adminOrderDetailLineSchema),
  amounts: z.object({ subtotal: z.number(), shipping: z.number(), total: z.number(), weight_grams: z.number().int() }),
  payments: z.array(adminOrderPaymentSchema),
  refunds: z.array(adminOrderRefundSchema),
  documents: z.array(adminOrderDocumentSchema),
  timeline: z.array(adminOrderTimelineEntrySchema),
});
/** Type of {@link adminOrderDetailSchema}. */
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** Query of GET /api/admin/orders/export.csv: the list's own filter and search (no paging: every matching order). */
export const adminOrdersExportQuerySchema = adminOrdersQuerySchema.pick({ filter: true, search: true });
/** Type of {@link adminOrdersExportQuerySchema}. */
export type AdminOrdersExportQuery = z.infer<typeof adminOrdersExportQuerySchema>;

/** The CSV's columns, in order (one row per order). */
export const ADMIN_ORDERS_CSV_COLUMNS = [
  'Order',
  'Placed (IST)',
  'Buyer',
  'E-mail',
  'Delivery name',
  'District',
  'Pincode',
  'State',
  'Status',
  'Payment method',
  'Payment status',
  'Items',
  'Total (INR)',
] as const;

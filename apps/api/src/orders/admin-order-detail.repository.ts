import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@mandi/domain';
import { windowClosesAtSql } from '@mandi/orders';

/** A time as a column gives it, or as JSON text when the row came back inside json_build_object. */
type Instant = Date | string;

/** What the order page reads as JSON: the order's lines, payments, refunds, documents, events, mails and audit rows. */
interface AdminOrderDetailJson {
  lines: {
    id: number;
    product_id: number | null;
    product_name: string;
    quantity: number;
    unit_price_paise: number;
    hsn_code: string;
    gst_rate_percent: number;
    seller_id: number | null;
    seller_username: string | null;
  }[];
  payments: {
    id: number;
    provider: 'razorpay' | 'cod';
    status: 'created' | 'captured' | 'failed' | 'refunded';
    amount_paise: number;
    method: string | null;
    provider_order_id: string | null;
    provider_payment_id: string | null;
    error_code: string | null;
    error_description: string | null;
    created_at: Instant;
    updated_at: Instant;
    captured_at: Instant | null;
  }[];
  refunds: {
    id: number;
    payment_id: number;
    status: 'pending' | 'processed' | 'failed';
    amount_paise: number;
    attempts: number;
    last_error: string | null;
    provider_refund_id: string | null;
    created_at: Instant;
    updated_at: Instant;
    processed_at: Instant | null;
  }[];
  documents: {
    kind: 'tax_invoice' | 'bill_of_supply' | 'credit_note';
    id: number;
    number: string;
    total_paise: number;
    issued_at: Instant;
    pdf_ready: boolean;
    reason: string | null;
    supplier: string | null;
  }[];
  /** The order's outbox events that the retention sweep has not removed yet (payload names the order). */
  events: { id: string; type: string; at: Instant; payload: Record<string, number> }[];
  /** The mail jobs recorded as handled (processed_events) for those events. */
  mails: { event_id: string; event_type: string; job: string; at: Instant }[];
  /** The audit trail's rows about the order, with the admin's username. */
  audit: {
    id: string;
    action: string;
    at: Instant;
    admin_id: number;
    admin_username: string;
    before: unknown;
    after: unknown;
  }[];
}

/** The order page's order as the database gives it, with everything that hangs off it. */
const ADMIN_ORDER_DETAIL_ROW = sqlRow('admin order detail', {
  id: 'int',
  status: narrowed<OrderStatus>('text'),
  payment_status: narrowed<PaymentStatus>('text'),
  payment_method: narrowed<PaymentMethod>('text'),
  subtotal_paise: 'int',
  shipping_paise: 'int',
  total_paise: 'int',
  total_weight_grams: 'int',
  address_name: 'text',
  address_mobile: 'text',
  address_flat_house_building: 'text',
  address_area_or_street_or_village: 'text',
  address_landmark: 'text',
  address_taluk: 'text',
  address_district: 'text',
  address_state: 'text',
  address_pincode: 'text',
  cancel_reason: 'text | null',
  created_at: 'timestamptz',
  window_closes_at: 'timestamptz',
  cancel_requested_at: 'timestamptz | null',
  confirmed_at: 'timestamptz | null',
  paid_at: 'timestamptz | null',
  shipped_at: 'timestamptz | null',
  delivered_at: 'timestamptz | null',
  cancelled_at: 'timestamptz | null',
  buyer_id: 'int',
  buyer_username: 'text',
  buyer_email: 'text',
  lines: narrowed<AdminOrderDetailJson['lines']>('json'),
  payments: narrowed<AdminOrderDetailJson['payments']>('json'),
  refunds: narrowed<AdminOrderDetailJson['refunds']>('json'),
  documents: narrowed<AdminOrderDetailJson['documents']>('json'),
  events: narrowed<AdminOrderDetailJson['events']>('json'),
  mails: narrowed<AdminOrderDetailJson['mails']>('json'),
  audit: narrowed<AdminOrderDetailJson['audit']>('json'),
});
/** A row of {@link ADMIN_ORDER_DETAIL_ROW}. */
export type AdminOrderDetailRow = RowOf<typeof ADMIN_ORDER_DETAIL_ROW>;

/** The outbox event types that concern an order (their payload carries its orderId). */
const ORDER_EVENT_PREFIXES = ['order', 'payment', 'refund', 'invoice', 'credit_note'];

/**
 * The console's order page in ONE statement: the order, its buyer and lines, payments, refunds, documents, the
 * surviving outbox events that name it, the mail jobs handled for those events, and the audit trail's rows about it.
 */
@Injectable()
export class AdminOrderDetailRepository {
  constructor(private readonly prisma: PrismaService) {}

  async detail(id: number, windowMs: number): Promise<AdminOrderDetailRow | null> {
    // The order's events are found by outbox_events_order_id_idx (an index on payload->>'orderId', which every order,
    // payment, refund and document event carries); the mails are found from them by processed_events' key.
    const rows = await queryRows(
      this.prisma,
      ADMIN_ORDER_DETAIL_ROW,
      Prisma.sql`
      WITH events AS MATERIALIZED (
        SELECT e.id, e.type, e.created_at, e.payload FROM outbox_events e
         WHERE e.payload->>'orderId' = ${String(id)} AND split_part(e.type, '.', 1) = ANY(${ORDER_EVENT_PREFIXES})
      )
      SELECT o.id, o.status::text AS status, o.payment_status::text AS payment_status,
             o.payment_method::text AS payment_method, o.subtotal_paise, o.shipping_paise, o.total_paise,
             o.total_weight_grams, o.address_name, o.address_mobile, o.address_flat_house_building,
             o.address_area_or_street_or_village, o.address_landmark, o.address_taluk, o.address_district,
             o.address_state, o.address_pincode, o.cancel_reason, o.created_at,
             ${windowClosesAtSql('o', windowMs)} AS window_closes_at, o.cancel_requested_at, o.confirmed_at,
             o.paid_at, o.shipped_at, o.delivered_at, o.cancelled_at,
             u.id AS buyer_id, u.username::text AS buyer_username, u.email::text AS buyer_email,
             (SELECT coalesce(json_agg(json_build_object(
                       'id', i.id, 'product_id', i.product_id, 'product_name', i.product_name, 'quantity', i.quantity,
                       'unit_price_paise', i.unit_price_paise, 'hsn_code', i.hsn_code,
                       'gst_rate_percent', i.gst_rate_percent, 'seller_id', s.id, 'seller_username', s.username::text)
                     ORDER BY i.id), '[]'::json)
                FROM order_items i LEFT JOIN users s ON s.id = i.seller_id WHERE i.order_id = o.id) AS lines,
             (SELECT coalesce(json_agg(json_build_object(
                       'id', p.id, 'provider', p.provider::text, 'status', p.status::text, 'amount_paise', p.amount_paise,
                       'method', p.method, 'provider_order_id', p.provider_order_id,
                       'provider_payment_id', p.provider_payment_id, 'error_code', p.error_code,
                       'error_description', p.error_description, 'created_at', p.created_at,
                       'updated_at', p.updated_at, 'captured_at', p.captured_at)
                     ORDER BY p.id), '[]'::json)
                FROM payments p WHERE p.order_id = o.id) AS payments,
             (SELECT coalesce(json_agg(json_build_object(
                       'id', r.id, 'payment_id', r.payment_id, 'status', r.status::text, 'amount_paise', r.amount_paise,
                       'attempts', r.attempts, 'last_error', r.last_error, 'provider_refund_id', r.provider_refund_id,
                       'created_at', r.created_at, 'updated_at', r.updated_at, 'processed_at', r.processed_at)
                     ORDER BY r.id), '[]'::json)
                FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = o.id) AS refunds,
             (SELECT coalesce(json_agg(d ORDER BY d.issued_at, d.kind), '[]'::json) FROM (
                SELECT v.kind::text AS kind, v.id, v.number, v.total_paise, v.issued_at,
                       v.pdf_file_key IS NOT NULL AS pdf_ready, NULL::text AS reason, v.supplier_name AS supplier
                  FROM invoices v WHERE v.order_id = o.id
                UNION ALL
                SELECT 'credit_note', c.id, c.number, c.total_paise, c.issued_at, c.pdf_file_key IS NOT NULL, c.reason,
                       v.supplier_name
                  FROM credit_notes c JOIN invoices v ON v.id = c.invoice_id WHERE c.order_id = o.id) d) AS documents,
             (SELECT coalesce(json_agg(json_build_object('id', e.id::text, 'type', e.type, 'at', e.created_at,
                                                         'payload', e.payload) ORDER BY e.id), '[]'::json)
                FROM events e) AS events,
             (SELECT coalesce(json_agg(json_build_object('event_id', e.id::text, 'event_type', e.type, 'job', m.handler,
                                                         'at', m.processed_at) ORDER BY m.processed_at, e.id), '[]'::json)
                FROM events e JOIN processed_events m ON m.event_id = e.id WHERE m.handler LIKE 'mail.%') AS mails,
             (SELECT coalesce(json_agg(json_build_object('id', a.id::text, 'action', a.action, 'at', a.created_at,
                                                         'admin_id', a.admin_id, 'admin_username', au.username::text,
                                                         'before', a.before, 'after', a.after) ORDER BY a.id), '[]'::json)
                FROM audit_entries a JOIN users au ON au.id = a.admin_id
               WHERE a.object_type = 'order' AND a.object_id = ${String(id)}) AS audit
        FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.id = ${id}`,
    );
    return rows[0] ?? null;
  }
}

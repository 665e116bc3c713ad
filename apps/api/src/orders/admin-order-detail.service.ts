import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { documentDownloadId, rowIdOf, type AdminOrderDetail } from '@mandi/contracts';
import { DomainError, ORDER_MESSAGES, paiseToRupees } from '@mandi/domain';
import { AdminOrderDetailRepository, type AdminOrderDetailRow } from './admin-order-detail.repository.js';
import { orderTimeline } from './admin-order-detail.timeline.js';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The console's order page: one order with everything known about it and its timeline. */
@Injectable()
export class AdminOrderDetailService {
  constructor(
    private readonly orders: AdminOrderDetailRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Order `idText`; 404 'Order not found.' for an unknown order and for text that names no order ('abc', '0'). */
  async detail(idText: string): Promise<AdminOrderDetail> {
    const id = rowIdOf(idText);
    const row = id === null ? null : await this.orders.detail(id, this.config.ORDER_DECISION_WINDOW_MS);
    if (!row) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    return toAdminOrderDetail(row);
  }
}

/** The row in the API's shape: ids as text, rupees, ISO times, download links. */
export function toAdminOrderDetail(row: AdminOrderDetailRow): AdminOrderDetail {
  return {
    order_id: String(row.id),
    status: row.status,
    payment_status: row.payment_status,
    payment_method: row.payment_method,
    created_at: iso(row.created_at),
    window_closes_at: iso(row.window_closes_at),
    cancel_reason: row.cancel_reason,
    buyer: { id: String(row.buyer_id), username: row.buyer_username, email: row.buyer_email },
    address: {
      name: row.address_name,
      mobile: row.address_mobile,
      flat_house_building: row.address_flat_house_building,
      area_or_street_or_village: row.address_area_or_street_or_village,
      landmark: row.address_landmark,
      taluk: row.address_taluk,
      district: row.address_district,
      state: row.address_state,
      pincode: row.address_pincode,
    },
    lines: row.lines.map((line) => ({
      order_item_id: String(line.id),
      product_id: line.product_id === null ? null : String(line.product_id),
      product_name: line.product_name,
      quantity: line.quantity,
      unit_price: paiseToRupees(line.unit_price_paise),
      line_total: paiseToRupees(line.unit_price_paise * line.quantity),
      hsn_code: line.hsn_code,
      gst_rate_percent: line.gst_rate_percent,
      seller: line.seller_id === null ? null : { id: String(line.seller_id), username: line.seller_username ?? '' },
    })),
    amounts: {
      subtotal: paiseToRupees(row.subtotal_paise),
      shipping: paiseToRupees(row.shipping_paise),
      total: paiseToRupees(row.total_paise),
      weight_grams: row.total_weight_grams,
    },
    payments: row.payments.map((payment) => ({
      id: String(payment.id),
      provider: payment.provider,
      status: payment.status,
      amount: paiseToRupees(payment.amount_paise),
      method: payment.method,
      provider_order_id: payment.provider_order_id,
      provider_payment_id: payment.provider_payment_id,
      error: [payment.error_code, payment.error_description].filter(Boolean).join(': ') || null,
      created_at: iso(payment.created_at),
      captured_at: isoOrNull(payment.captured_at),
    })),
    refunds: row.refunds.map((refund) => ({
      id: String(refund.id),
      payment_id: String(refund.payment_id),
      status: refund.status,
      amount: paiseToRupees(refund.amount_paise),
      attempts: refund.attempts,
      last_error: refund.last_error,
      provider_refund_id: refund.provider_refund_id,
      created_at: iso(refund.created_at),
      processed_at: isoOrNull(refund.processed_at),
    })),
    documents: row.documents.map((document) => {
      const id = documentDownloadId({
        kind: document.kind === 'credit_note' ? 'credit_note' : 'invoice',
        id: document.id,
      });
      return {
        id,
        kind: document.kind,
        number: document.number,
        total: paiseToRupees(document.total_paise),
        issued_at: iso(document.issued_at),
        download_url: `/api/invoices/${id}/download`,
        pdf_ready: document.pdf_ready,
        supplier: document.supplier,
      };
    }),
    timeline: orderTimeline(row),
  };
}

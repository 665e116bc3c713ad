import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  documentDownloadId,
  rowIdOf,
  type CancelRequestAnswer,
  type OrderDetail,
  type OrderItem,
  type OrderSummary,
  type OrdersOfUserQuery,
} from '@mandi/contracts';
import { DomainError, ORDER_MESSAGES, paiseToRupees, type AddressInput } from '@mandi/domain';
import { FILE_STORE, urlOfKeyOrUrl, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { moveRefusal, orderRefusal } from './order-refusal.js';
import { OrdersRepository, type OrderDocumentRow, type OrderLineRow } from './orders.repository.js';

/** A page of a buyer's orders and how many there are in all. */
export interface BuyerOrderPage {
  orders: OrderSummary[];
  total: number;
}

/**
 * The buyer's orders (docs/orders.md): My Orders, the details page, and the cancellation request, which
 * only the buyer may make, only for a pending order, and only while its window is open by the database clock.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A page of the orders of `userId` (our id; the access guard has checked it is the caller's own or the caller is an
   * admin), newest first, each with its lines.
   */
  async ofBuyer(userId: string, query: OrdersOfUserQuery): Promise<BuyerOrderPage> {
    const buyerId = rowIdOf(userId);
    // A userId that names no user has no orders.
    if (buyerId === null) return { total: 0, orders: [] };
    const { total, orders } = await this.orders.ofBuyer(buyerId, query.page, query.perPage);
    return {
      total,
      orders: orders.map((order) => {
        const items = order.items.map((line) => this.item(line));
        return {
          order_id: String(order.id),
          created_at: new Date(order.created_at).toISOString(),
          status: order.status,
          firstItem: items[0] ?? null,
          items,
        };
      }),
    };
  }

  /** The details of order `orderId` for its buyer or an admin: 404 'Order not found.' for an unknown one, 403 for another's. */
  async detail(caller: Caller, orderId: string): Promise<OrderDetail> {
    const id = rowIdOf(orderId);
    const order = id === null ? null : await this.orders.detail(id, this.config.ORDER_DECISION_WINDOW_MS);
    if (!order) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    if (order.user_id !== caller.id && caller.role !== 'admin')
      throw new DomainError('not_allowed', ORDER_MESSAGES.notYours);
    return {
      order_id: String(order.id),
      created_at: order.created_at.toISOString(),
      placed_at: order.created_at.toISOString(),
      status: order.status,
      payment_status: order.payment_status,
      payment: { payment_method: order.payment_method, status: order.payment_status },
      address: orderAddress(order.address),
      subtotal: paiseToRupees(order.subtotal_paise),
      shippingCost: paiseToRupees(order.shipping_paise),
      total_amount: paiseToRupees(order.total_paise),
      items: order.items.map((line) => this.item(line)),
      ...this.documents(order.documents),
      cancel_reason: order.cancel_reason,
      window_closes_at: order.window_closes_at.toISOString(),
    };
  }

  /**
   * The spec's `invoice` and `creditNote` (one invoice: Mandi's own when there is one, else the first issued; and the
   * credit note reversing it) and our `documents`, every downloadable one.
   */
  private documents(rows: OrderDocumentRow[]): Pick<OrderDetail, 'invoice' | 'creditNote' | 'documents'> {
    const ref = (row: OrderDocumentRow) => ({
      invoice_id: documentDownloadId({ kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice', id: row.id }),
      number: row.number,
    });
    const invoice = rows.find((row) => row.kind !== 'credit_note');
    const creditNote = invoice && rows.find((row) => row.kind === 'credit_note' && row.invoice_id === invoice.id);
    return {
      invoice: invoice ? ref(invoice) : null,
      creditNote: creditNote ? ref(creditNote) : null,
      documents: rows.map((row) => ({
        ...ref(row),
        kind: row.kind,
        supplier: row.supplier ?? this.config.SELLER_LEGAL_NAME,
        issued_at: new Date(row.issued_at).toISOString(),
      })),
    };
  }

  /**
   * PUT /api/orders/cancel-request/{orderId}: the buyer asks to cancel a pending order inside its window. One
   * conditional update decides; when it matches nothing, the order as it is now says why: 404, 403 for anyone but
   * the buyer, 409 with the current state otherwise (not pending any more, or the window has closed).
   */
  async requestCancel(caller: Caller, orderId: string, reason: string): Promise<CancelRequestAnswer> {
    const id = rowIdOf(orderId);
    if (id === null) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    const windowMs = this.config.ORDER_DECISION_WINDOW_MS;
    const requested = await this.orders.requestCancel(id, caller.id, reason, windowMs);
    if (requested) {
      return {
        message: ORDER_MESSAGES.cancelRequestReceived,
        order_id: String(requested.id),
        status: requested.status,
        cancel_reason: requested.cancel_reason,
      };
    }
    const state = await this.orders.state(id, windowMs);
    if (!state) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    if (state.user_id !== caller.id) throw new DomainError('not_allowed', ORDER_MESSAGES.cancelRequestNotYours);
    throw orderRefusal(state, moveRefusal(state, 'request_cancel'));
  }

  private item(line: OrderLineRow): OrderItem {
    return {
      order_item_id: String(line.id),
      name: line.name,
      images: line.image_key ? [urlOfKeyOrUrl(this.files, line.image_key)] : [],
      quantity: line.quantity,
      price: paiseToRupees(line.unit_price_paise),
    };
  }
}

/** The order's address as the details answer it: the spec names the area field `area`. */
function orderAddress({ area_or_street_or_village: area, ...address }: AddressInput): OrderDetail['address'] {
  return { ...address, area };
}

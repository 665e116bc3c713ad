import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { rowIdOf, type AdminOrder, type AdminOrderActionAnswer, type AdminOrdersQuery } from '@mandi/contracts';
import {
  ADMIN_CANCEL_REASON,
  DomainError,
  ORDER_ACTION_MESSAGES,
  ORDER_MESSAGES,
  checkMarkPaid,
  paiseToRupees,
  type AdminOrderAction,
} from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { ListingCache } from '../products/listing.cache.js';
import { moveRefusal, orderRefusal } from './order-refusal.js';
import { AdminOrdersRepository, type AdminOrderRow } from './admin-orders.repository.js';

/** A page of the admin order list and how many orders match in all. */
export interface AdminOrderPage {
  orders: AdminOrder[];
  total: number;
}

/**
 * The admin panel's orders (docs/orders.md): the list by time filter and search, and the moves of the
 * order process in libs/domain. Each move is one conditional update; when it matches nothing, the order as it is now
 * and the domain's rule say why (404, or 409 with the current state).
 */
@Injectable()
export class AdminOrdersService {
  constructor(
    private readonly orders: AdminOrdersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly listing: ListingCache,
  ) {}

  /** Orders created within the filter, newest first, one page of them, with the number that match. */
  async list(query: AdminOrdersQuery): Promise<AdminOrderPage> {
    const { total, orders } = await this.orders.list(query, this.config.ORDER_DECISION_WINDOW_MS);
    return { total, orders: orders.map(toAdminOrder) };
  }

  /**
   * Makes the console move `action` (libs/domain's AdminOrderAction) on order `idText` as `admin`, who is named in the
   * audit trail: confirm a pending order inside its window; mark paid an unpaid order that is not cancelled (409 'This
   * order is already paid.' when it is); mark shipped a confirmed one, delivered a shipped one; cancel a pending order,
   * or one whose buyer asked to cancel, inside its window. A cancellation keeps the buyer's reason, else
   * `cancelReason`, else ours, and a paid online order is then refunded by the worker (payment.refund).
   */
  async move(
    admin: Caller,
    action: AdminOrderAction,
    idText: string,
    cancelReason?: string,
  ): Promise<AdminOrderActionAnswer> {
    const id = rowIdOf(idText);
    if (id === null) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    const windowMs = this.config.ORDER_DECISION_WINDOW_MS;
    const reason = action === 'cancel' ? (cancelReason ?? ADMIN_CANCEL_REASON) : undefined;
    const moved = await this.orders.move(action, id, windowMs, admin.id, reason);
    if (moved) {
      // A cancellation gave the packs back in its statement: the product pages and the listing show them at once.
      if (moved.status === 'cancelled')
        await this.listing.invalidate(moved.items.flatMap((item) => item.product_id ?? []));
      return { message: ORDER_ACTION_MESSAGES[action], order: toAdminOrder(moved) };
    }
    const state = await this.orders.state(id, windowMs);
    if (!state) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    const refusal =
      action === 'mark_paid' ? checkMarkPaid(state.status, state.payment_status) : moveRefusal(state, action);
    throw orderRefusal(state, refusal);
  }
}

/** An admin row in the API's shape: ids as text, rupees, ISO times. */
export function toAdminOrder(row: AdminOrderRow): AdminOrder {
  return {
    order_id: String(row.id),
    username: row.username,
    email: row.email,
    address_name: row.address_name,
    area_or_street_or_village: row.area_or_street_or_village,
    district: row.district,
    pincode: row.pincode,
    status: row.status,
    payment_status: row.payment_status,
    created_at: new Date(row.created_at).toISOString(),
    cancel_reason: row.cancel_reason,
    items: row.items.map((item) => ({
      order_item_id: String(item.id),
      product_name: item.product_name,
      quantity: item.quantity,
      price: paiseToRupees(item.unit_price_paise),
    })),
    payment_method: row.payment_method,
    total_amount: paiseToRupees(row.total_paise),
    window_closes_at: new Date(row.window_closes_at).toISOString(),
  };
}

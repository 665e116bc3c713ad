import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  rowIdOf,
  type AttentionProduct,
  type AttentionProductAnswer,
  type OrderAddress,
  type SalesFigure,
  type SellerDashboard,
  type SellerOrder,
  type SellerOrderPage,
  type SellerOrdersQuery,
} from '@mandi/contracts';
import {
  DomainError,
  PRODUCT_MESSAGES,
  SELLER_DASHBOARD_LIMITS,
  SELLER_DASHBOARD_MESSAGES,
  SELLER_SALES_STATUSES,
  paiseToRupees,
  type AddressInput,
} from '@mandi/domain';
import { FILE_STORE, urlOfKeyOrUrl, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { SellerProductActionsService } from '../products/seller-product-actions.service.js';
import {
  SellerDashboardRepository,
  type AttentionRow,
  type SalesRow,
  type SellerOrderRow,
  type SellerRow,
} from './seller-dashboard.repository.js';
import { toShipment } from '../shipments/shipment-row.js';

/**
 * The seller's dashboard (issue 16): their orders (only their own lines, the buyer's details once confirmed), their
 * sales, the products that need attention, and two one-click product changes, which are product edits
 * (SellerProductActionsService: only the seller or an admin, product.updated in the transaction, the listing cache
 * after it).
 * Only the seller or an admin reaches any of it: the access guard refuses another user's uid in the path (403), and
 * each method checks again before reading.
 */
@Injectable()
export class SellerDashboardService {
  constructor(
    private readonly dashboard: SellerDashboardRepository,
    private readonly products: SellerProductActionsService,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The sales of today, 7 and 30 days, and the products sold out or expiring, of seller `uid`. */
  async overview(caller: Caller, uid: string): Promise<SellerDashboard> {
    const seller = await this.sellerFor(caller, uid);
    const [sales, attention] = await Promise.all([
      this.dashboard.sales(seller.id),
      this.dashboard.attention(seller.id),
    ]);
    return {
      seller: { uid: seller.uid, username: seller.username },
      sales: {
        today: figure(sales.today),
        last_7_days: figure(sales.last_7_days),
        last_30_days: figure(sales.last_30_days),
      },
      counted_statuses: [...SELLER_SALES_STATUSES],
      products: attention.map((row) => this.attentionProduct(row)),
    };
  }

  /** A page of the orders with seller `uid`'s products, newest first, in the state and period asked for. */
  async orders(caller: Caller, uid: string, query: SellerOrdersQuery): Promise<SellerOrderPage> {
    const seller = await this.sellerFor(caller, uid);
    const { total, orders } = await this.dashboard.orders(seller.id, query, this.config.ORDER_DECISION_WINDOW_MS);
    return { orders: orders.map((order) => this.order(order)), total, page: query.page, per_page: query.perPage };
  }

  /** 'Extend validity': product `productId` of seller `uid` is valid for 7 days more from now or its validity. */
  async extendValidity(caller: Caller, uid: string, productId: string): Promise<AttentionProductAnswer> {
    const seller = await this.sellerFor(caller, uid);
    await this.products.extendValidity(caller, seller.uid, productId, SELLER_DASHBOARD_LIMITS.extendByMs);
    return { message: SELLER_DASHBOARD_MESSAGES.extended, product: await this.productNow(seller, productId) };
  }

  /** 'Restock': product `productId` of seller `uid` has `stock` packs left. */
  async restock(caller: Caller, uid: string, productId: string, stock: number): Promise<AttentionProductAnswer> {
    const seller = await this.sellerFor(caller, uid);
    await this.products.restock(caller, seller.uid, productId, stock);
    return { message: SELLER_DASHBOARD_MESSAGES.restocked, product: await this.productNow(seller, productId) };
  }

  /** Seller `uid`, for the seller themselves or an admin: 403 for anyone else, 404 for a uid of no active user. */
  private async sellerFor(caller: Caller, uid: string): Promise<SellerRow> {
    // The access guard has already refused another user's uid; checked here too, before anything is read.
    if (caller.role !== 'admin' && caller.uid !== uid)
      throw new DomainError('not_allowed', SELLER_DASHBOARD_MESSAGES.notYours);
    const seller = await this.dashboard.findSeller(uid);
    if (!seller) throw new DomainError('not_found', SELLER_DASHBOARD_MESSAGES.sellerNotFound);
    return seller;
  }

  /** The product after an action; it was the seller's a moment ago, so only a concurrent deletion makes it 404. */
  private async productNow(seller: SellerRow, productId: string): Promise<AttentionProduct> {
    const id = rowIdOf(productId);
    const row = id === null ? null : await this.dashboard.attentionProduct(seller.id, id);
    if (!row) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    return this.attentionProduct(row);
  }

  private order(row: SellerOrderRow): SellerOrder {
    const lines = row.lines.map((line) => ({
      order_item_id: String(line.id),
      product_id: line.product_id === null ? null : String(line.product_id),
      name: line.name,
      image: line.image_key ? urlOfKeyOrUrl(this.files, line.image_key) : null,
      quantity: line.quantity,
      price: paiseToRupees(line.unit_price_paise),
      amount: paiseToRupees(line.unit_price_paise * line.quantity),
    }));
    return {
      order_id: String(row.id),
      created_at: new Date(row.created_at).toISOString(),
      status: row.status,
      district: row.district,
      pincode: row.pincode,
      buyer: row.buyer ? buyerAddress(row.buyer) : null,
      lines,
      amount: paiseToRupees(row.lines.reduce((sum, line) => sum + line.unit_price_paise * line.quantity, 0)),
      packs: row.lines.reduce((sum, line) => sum + line.quantity, 0),
      window_closes_at: new Date(row.window_closes_at).toISOString(),
      window_left_ms: Math.max(0, Number(row.window_left_ms)),
      shipment: toShipment(row.shipment),
    };
  }

  private attentionProduct(row: AttentionRow): AttentionProduct {
    return {
      product_id: String(row.id),
      name: row.name,
      image: row.image_key ? this.files.publicUrl(row.image_key) : null,
      price: paiseToRupees(row.price_paise),
      stock: row.stock,
      valid_until: row.valid_until.toISOString(),
      sold_out: row.sold_out,
      expiring: row.expiring,
      expired: row.expired,
    };
  }
}

/** A period's sales in rupees. */
function figure(row: SalesRow): SalesFigure {
  return { amount: paiseToRupees(Number(row.amount_paise)), orders: Number(row.orders), packs: Number(row.packs) };
}

/** The order's address copy as the orders contract names it: the spec calls the area field `area`. */
function buyerAddress({ area_or_street_or_village: area, ...address }: AddressInput): OrderAddress {
  return { ...address, area };
}

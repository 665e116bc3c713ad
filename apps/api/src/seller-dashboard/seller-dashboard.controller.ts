import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  extendProductValidity,
  restockProduct,
  sellerDashboard,
  sellerOrders,
  type AttentionProductAnswer,
  type RestockBody,
  type SellerDashboard,
  type SellerDashboardParams,
  type SellerOrderPage,
  type SellerOrdersQuery,
  type SellerProductParams,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { SellerDashboardService } from './seller-dashboard.service.js';

/**
 * The seller's dashboard under /api/seller-dashboard/{uid} (issue 16): signed-in callers only, and the access guard
 * refuses a uid that is not the caller's own unless the caller is an admin. The two product actions are product
 * edits and share the edits' per-user rate limit (their entries name 'productEdits').
 */
@Controller()
export class SellerDashboardController {
  constructor(private readonly dashboard: SellerDashboardService) {}

  /** Sales of today, 7 and 30 days, and the products sold out or expiring within 48 hours. */
  @Endpoint(sellerDashboard)
  overview(@Param() params: SellerDashboardParams, @CurrentCaller() caller: Caller): Promise<SellerDashboard> {
    return this.dashboard.overview(caller, params.uid);
  }

  /** The orders with the seller's products, only their lines, by status and period, a page at a time. */
  @Endpoint(sellerOrders)
  orders(
    @Param() params: SellerDashboardParams,
    @Query() query: SellerOrdersQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<SellerOrderPage> {
    return this.dashboard.orders(caller, params.uid, query);
  }

  /** 'Extend validity': 7 days more from now or the product's validity, whichever is later. */
  @Endpoint(extendProductValidity)
  extendValidity(
    @Param() params: SellerProductParams,
    @CurrentCaller() caller: Caller,
  ): Promise<AttentionProductAnswer> {
    return this.dashboard.extendValidity(caller, params.uid, params.productId);
  }

  /** 'Restock': sets the packs left. */
  @Endpoint(restockProduct)
  restock(
    @Param() params: SellerProductParams,
    @Body() body: RestockBody,
    @CurrentCaller() caller: Caller,
  ): Promise<AttentionProductAnswer> {
    return this.dashboard.restock(caller, params.uid, params.productId, body.stock);
  }
}

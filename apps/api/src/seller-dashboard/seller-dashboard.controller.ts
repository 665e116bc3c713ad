import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  restockBodySchema,
  sellerDashboardParamsSchema,
  sellerOrdersQuerySchema,
  sellerProductParamsSchema,
  type AttentionProductAnswer,
  type RestockBody,
  type SellerDashboard,
  type SellerDashboardParams,
  type SellerOrderPage,
  type SellerOrdersQuery,
  type SellerProductParams,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { WRITE_LIMITS } from '../rate-limit/write-rate-limits.js';
import { SellerDashboardService } from './seller-dashboard.service.js';

/**
 * The seller's dashboard under /api/seller-dashboard/{uid} (issue 16): signed-in callers only, and the access guard
 * refuses a uid that is not the caller's own unless the caller is an admin. The two product actions are product
 * edits and share the edits' per-user rate limit.
 */
@Controller('seller-dashboard')
export class SellerDashboardController {
  constructor(private readonly dashboard: SellerDashboardService) {}

  /** Sales of today, 7 and 30 days, and the products sold out or expiring within 48 hours. */
  @Get(':uid')
  overview(
    @Param(new ZodPipe(sellerDashboardParamsSchema)) params: SellerDashboardParams,
    @CurrentCaller() caller: Caller,
  ): Promise<SellerDashboard> {
    return this.dashboard.overview(caller, params.uid);
  }

  /** The orders with the seller's products, only their lines, by status and period, a page at a time. */
  @Get(':uid/orders')
  orders(
    @Param(new ZodPipe(sellerDashboardParamsSchema)) params: SellerDashboardParams,
    @Query(new ZodPipe(sellerOrdersQuerySchema)) query: SellerOrdersQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<SellerOrderPage> {
    return this.dashboard.orders(caller, params.uid, query);
  }

  /** 'Extend validity': 7 days more from now or the product's validity, whichever is later. */
  @Post(':uid/products/:productId/extend-validity')
  @HttpCode(200)
  @RateLimit(WRITE_LIMITS.productEdits)
  extendValidity(
    @Param(new ZodPipe(sellerProductParamsSchema)) params: SellerProductParams,
    @CurrentCaller() caller: Caller,
  ): Promise<AttentionProductAnswer> {
    return this.dashboard.extendValidity(caller, params.uid, params.productId);
  }

  /** 'Restock': sets the packs left. */
  @Put(':uid/products/:productId/stock')
  @RateLimit(WRITE_LIMITS.productEdits)
  restock(
    @Param(new ZodPipe(sellerProductParamsSchema)) params: SellerProductParams,
    @Body(new ZodPipe(restockBodySchema)) body: RestockBody,
    @CurrentCaller() caller: Caller,
  ): Promise<AttentionProductAnswer> {
    return this.dashboard.restock(caller, params.uid, params.productId, body.stock);
  }
}

import { Body, Controller, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  adminProductIdParamsSchema,
  adminProductsQuerySchema,
  unlistProductBodySchema,
  type AdminProductActionAnswer,
  type AdminProductIdParams,
  type AdminProduct,
  type AdminProductsQuery,
  type UnlistProductBody,
} from '@mandi/contracts';
import { AdminOnly, CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AdminProductsService } from './admin-products.service.js';

/** The console's Products tab under /api/admin/products (issue 17, docs/console.md "Products"). */
@Controller('admin/products')
@AdminOnly()
export class AdminProductsController {
  constructor(private readonly products: AdminProductsService) {}

  /**
   * ?search= &seller= &category= &minPrice= &maxPrice= &stock= &validity= &status= &sort= &order= &page= &perPage=;
   * X-Total-Count says how many match, up to ADMIN_PRODUCTS_COUNT_MAX (X-Total-Capped: 1 when more do).
   */
  @Get()
  async list(
    @Query(new ZodPipe(adminProductsQuerySchema)) query: AdminProductsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminProduct[]> {
    const { products, total, capped } = await this.products.list(query);
    void reply.header('X-Total-Count', String(total));
    if (capped) void reply.header('X-Total-Capped', '1');
    return products;
  }

  /** Body {reason} (1 to 500 characters, trimmed): takes the product off the shop and mails its seller the reason. */
  @Put(':id/unlist')
  @HttpCode(200)
  unlist(
    @CurrentCaller() admin: Caller,
    @Param(new ZodPipe(adminProductIdParamsSchema)) params: AdminProductIdParams,
    @Body(new ZodPipe(unlistProductBodySchema)) body: UnlistProductBody,
  ): Promise<AdminProductActionAnswer> {
    return this.products.unlist(admin, params.id, body.reason);
  }

  /** Lists an unlisted product again. */
  @Put(':id/relist')
  @HttpCode(200)
  relist(
    @CurrentCaller() admin: Caller,
    @Param(new ZodPipe(adminProductIdParamsSchema)) params: AdminProductIdParams,
  ): Promise<AdminProductActionAnswer> {
    return this.products.relist(admin, params.id);
  }
}

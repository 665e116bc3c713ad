import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  adminProducts,
  relistProduct,
  unlistProduct,
  type AdminProductActionAnswer,
  type AdminProductIdParams,
  type AdminProduct,
  type AdminProductsQuery,
  type UnlistProductBody,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminProductsService } from './admin-products.service.js';

/** The console's Products tab under /api/admin/products (issue 17, docs/console.md "Products"). */
@Controller()
export class AdminProductsController {
  constructor(private readonly products: AdminProductsService) {}

  /**
   * ?search= &seller= &category= &minPrice= &maxPrice= &stock= &validity= &status= &sort= &order= &page= &perPage=;
   * X-Total-Count says how many match, up to ADMIN_PRODUCTS_COUNT_MAX (X-Total-Capped: 1 when more do).
   */
  @Endpoint(adminProducts)
  async list(
    @Query() query: AdminProductsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminProduct[]> {
    const { products, total, capped } = await this.products.list(query);
    void reply.header('X-Total-Count', String(total));
    if (capped) void reply.header('X-Total-Capped', '1');
    return products;
  }

  /** Body {reason} (1 to 500 characters, trimmed): takes the product off the shop and mails its seller the reason. */
  @Endpoint(unlistProduct)
  unlist(
    @CurrentCaller() admin: Caller,
    @Param() params: AdminProductIdParams,
    @Body() body: UnlistProductBody,
  ): Promise<AdminProductActionAnswer> {
    return this.products.unlist(admin, params.id, body.reason);
  }

  /** Lists an unlisted product again. */
  @Endpoint(relistProduct)
  relist(@CurrentCaller() admin: Caller, @Param() params: AdminProductIdParams): Promise<AdminProductActionAnswer> {
    return this.products.relist(admin, params.id);
  }
}

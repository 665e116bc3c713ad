import { Controller, Get, Query } from '@nestjs/common';
import { productListQuerySchema, type Product, type ProductListQuery } from '@mandi/contracts';
import { Public } from '../auth/access.decorators.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { ProductsService } from './products.service.js';

/** The public catalog under /api/products. */
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  /** The home listing: newest first, a page at a time, each product with its seller's card. */
  @Get()
  @Public()
  list(@Query(new ZodPipe(productListQuerySchema)) query: ProductListQuery): Promise<Product[]> {
    return this.products.list(query);
  }
}

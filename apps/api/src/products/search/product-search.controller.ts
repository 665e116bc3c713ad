import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  productByNameParamsSchema,
  productByNameQuerySchema,
  suggestionsQuerySchema,
  type Product,
  type ProductByNameParams,
  type ProductByNameQuery,
  type SuggestionsAnswer,
  type SuggestionsQuery,
} from '@mandi/contracts';
import { Public } from '../../auth/access.decorators.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import { ProductSearchService } from './product-search.service.js';

/** Search by product name under /api/products: suggestions for the search bar and the by-name results. */
@Controller('products')
export class ProductSearchController {
  constructor(private readonly search: ProductSearchService) {}

  /** GET /api/products/suggestions?q: at most 10 names, prefix, typo and Hinglish tolerant. */
  @Get('suggestions')
  @Public()
  suggestions(@Query(new ZodPipe(suggestionsQuerySchema)) query: SuggestionsQuery): Promise<SuggestionsAnswer> {
    return this.search.suggestions(query.q);
  }

  /** GET /api/products/by-name/{name}?page&limit: the matching products, best first, a page at a time. */
  @Get('by-name/:name')
  @Public()
  byName(
    @Param(new ZodPipe(productByNameParamsSchema)) params: ProductByNameParams,
    @Query(new ZodPipe(productByNameQuerySchema)) query: ProductByNameQuery,
  ): Promise<Product[]> {
    return this.search.byName(params.name, query);
  }
}

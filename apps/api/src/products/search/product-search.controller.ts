import { Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  productSuggestions,
  productsByName,
  type ProductByNameParams,
  type ProductByNameQuery,
  type SuggestionsAnswer,
  type SuggestionsQuery,
} from '@mandi/contracts';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { ProductSearchService } from './product-search.service.js';

/** Search by product name under /api/products: suggestions for the search bar and the by-name results. */
@Controller()
export class ProductSearchController {
  constructor(private readonly search: ProductSearchService) {}

  /** GET /api/products/suggestions?q: at most 10 names, prefix, typo and Hinglish tolerant. */
  @Endpoint(productSuggestions)
  suggestions(@Query() query: SuggestionsQuery): Promise<SuggestionsAnswer> {
    return this.search.suggestions(query.q);
  }

  /**
   * GET /api/products/by-name/{name}?page&limit: the matching products, best first, a page at a time, as the UTF-8
   * JSON of a Product[] page, which the listing's cache keeps ready.
   */
  @Endpoint(productsByName)
  byName(
    @Param() params: ProductByNameParams,
    @Query() query: ProductByNameQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    void reply.type('application/json; charset=utf-8');
    return this.search.byNameJson(params.name, query);
  }
}

import { Module } from '@nestjs/common';
import { ProfileViewer } from '../profiles/profile-viewer.js';
import { ListingCache } from './listing.cache.js';
import { ProductReadsService } from './product-reads.service.js';
import { ProductWritesService } from './product-writes.service.js';
import { ProductsController } from './products.controller.js';
import { ProductsRepository } from './products.repository.js';
import { ProductSearchController } from './search/product-search.controller.js';
import { ProductSearchRepository } from './search/product-search.repository.js';
import { ProductSearchService } from './search/product-search.service.js';
import { SuggestionsCache } from './search/suggestions.cache.js';
import { TermMeanings } from './search/term-meanings.js';
import { SellerProductActionsService } from './seller-product-actions.service.js';

/** The storefront's catalog. */
@Module({
  controllers: [ProductsController, ProductSearchController],
  providers: [
    ProductReadsService,
    ProductWritesService,
    SellerProductActionsService,
    ProductsRepository,
    ListingCache,
    ProductSearchService,
    ProductSearchRepository,
    SuggestionsCache,
    TermMeanings,
    // Who asks for a product the shop does not show (its seller and admins still see it).
    ProfileViewer,
  ],
  // Checkout drops the cached pages of an order's products (their stock shows there), and the listing's when one is left
  // low or sold out; the seller's dashboard changes products under an edit's rules (issue 16).
  exports: [ListingCache, SellerProductActionsService],
})
export class ProductsModule {}

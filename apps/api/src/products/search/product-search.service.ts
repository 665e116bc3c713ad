import { Inject, Injectable } from '@nestjs/common';
import type { Product, ProductByNameQuery } from '@mandi/contracts';
import { SEARCH_LIMITS, searchTerms } from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import { toProduct } from '../products.service.js';
import { ProductSearchRepository } from './product-search.repository.js';
import { SuggestionsCache } from './suggestions.cache.js';

/** Search of the catalog by name: the search bar's suggestions and the by-name results. */
@Injectable()
export class ProductSearchService {
  constructor(
    private readonly search: ProductSearchRepository,
    private readonly cache: SuggestionsCache,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /**
   * Lists being looked up now, by terms: buyers typing the same prefix at the same moment share one cache read and
   * at most one query, instead of all missing the cache together and each asking PostgreSQL.
   */
  private readonly inFlight = new Map<string, Promise<string[]>>();

  /** Up to 10 product names for the search bar; none for blank text (spec 000 section 5). */
  suggestions(text: string): Promise<string[]> {
    const terms = searchTerms(text);
    if (terms.length === 0) return Promise.resolve([]);
    const key = terms.join('\t');
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const lookup = this.lookUpSuggestions(terms).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, lookup);
    return lookup;
  }

  private async lookUpSuggestions(terms: string[]): Promise<string[]> {
    const cached = await this.cache.get(terms);
    if (cached) return cached;
    const names = await this.search.suggestions({ terms, text: terms.join(' ') }, SEARCH_LIMITS.suggestionsMax);
    await this.cache.set(terms, names);
    return names;
  }

  /** A page of the products matching `name`, best first, in the listing's answer shape. */
  async byName(name: string, query: ProductByNameQuery): Promise<Product[]> {
    const terms = searchTerms(name);
    if (terms.length === 0) return [];
    const rows = await this.search.page(
      { terms, text: terms.join(' ') },
      { officialOnly: false, skip: (query.page - 1) * query.limit, take: query.limit },
    );
    return rows.map((row) => toProduct(row, this.files));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { ProductByNameQuery } from '@mandi/contracts';
import { SEARCH_LIMITS, rankSuggestions, searchTerms } from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import { ListingCache } from '../listing.cache.js';
import { toProduct } from '../product-answer.js';
import { ProductSearchRepository } from './product-search.repository.js';
import { SuggestionsCache } from './suggestions.cache.js';
import { TermMeanings } from './term-meanings.js';

/** Search of the catalog by name: the search bar's suggestions and the by-name results. */
@Injectable()
export class ProductSearchService {
  constructor(
    private readonly search: ProductSearchRepository,
    private readonly cache: SuggestionsCache,
    private readonly meanings: TermMeanings,
    private readonly pages: ListingCache,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /**
   * Lists being looked up now, by terms: buyers typing the same prefix at the same moment share one cache read and
   * at most one query, instead of all missing the cache together and each asking PostgreSQL.
   */
  private readonly inFlight = new Map<string, Promise<string[]>>();

  /** Up to 10 product names for the search bar; none for blank text (docs/search.md). */
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

  /**
   * The list cached for these terms; else the candidates cached for what they mean, ranked for this text; else the
   * candidates from PostgreSQL. A term that means nothing is left out of the meanings; if none means anything, no name
   * matches.
   */
  private async lookUpSuggestions(terms: string[]): Promise<string[]> {
    let meanings = await this.meaningsOf(terms);
    let cached = await this.cache.read(terms, meanings);
    if (cached.names) return cached.names;
    // The version the cache was read under tells whether the vocabulary is current: a word posted since is looked
    // up again, and the cache asked for the candidates of what the terms mean now.
    if (await this.meanings.refreshFor(cached.version)) {
      const now = await this.meaningsOf(terms);
      if (JSON.stringify(now) !== JSON.stringify(meanings)) {
        meanings = now;
        cached = await this.cache.read(terms, meanings);
        if (cached.names) return cached.names;
      }
    }
    if (meanings.length === 0) return [];
    const text = terms.join(' ');
    const candidates = cached.candidates ?? (await this.search.suggestionCandidates(meanings));
    const names = rankSuggestions(candidates, text, SEARCH_LIMITS.suggestionsMax);
    if (cached.version !== null) {
      await this.cache.set(cached.version, terms, names, cached.candidates ? undefined : { meanings, candidates });
    }
    return names;
  }

  /** The meanings of the terms that mean something. */
  private async meaningsOf(terms: string[]) {
    return (await this.meanings.of(terms)).filter((ofTerm) => ofTerm.length > 0);
  }

  /**
   * A page of the products matching `name`, best first, in the listing's answer shape, as the UTF-8 JSON the API
   * answers: kept in the listing's cache under the normalised terms, so it is current with every product change.
   */
  byNameJson(name: string, query: ProductByNameQuery): Promise<Buffer> {
    const terms = searchTerms(name);
    if (terms.length === 0) return Promise.resolve(Buffer.from('[]'));
    return this.pages.pageJson(['by-name', terms.join('\t'), query.page, query.limit], async () => {
      const rows = await this.search.page(
        { terms, text: terms.join(' ') },
        { officialOnly: false, skip: (query.page - 1) * query.limit, take: query.limit },
      );
      return rows.map((row) => toProduct(row, this.files));
    });
  }
}

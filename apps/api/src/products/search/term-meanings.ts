import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SUGGESTIONS_TTL_SECONDS } from './suggestions.cache.js';
import { ProductSearchRepository } from './product-search.repository.js';
import type { TermMeaning } from './product-search.sql.js';

/** Terms whose meanings this process keeps (a few hundred bytes each). */
export const TERM_MEANINGS_MAX = 20_000;

/**
 * What each search term means (its words, prefix completions, typo corrections and synonyms; product-search.sql.ts),
 * kept in this process for as long as a suggestions list: a term's meanings come from search_words and the synonyms
 * alone, which change only when a new word is posted, so buyers typing 'tom', 'toma', 'tomat' ask PostgreSQL once per
 * new prefix, not once per keystroke of every buyer.
 */
@Injectable()
export class TermMeanings {
  private readonly known = new LRUCache<string, TermMeaning[]>({
    max: TERM_MEANINGS_MAX,
    ttl: SUGGESTIONS_TTL_SECONDS * 1000,
  });

  constructor(private readonly search: ProductSearchRepository) {}

  /** The meanings of each term, in order (empty for a term that means nothing); unknown terms in one statement. */
  async of(terms: string[]): Promise<TermMeaning[][]> {
    const unknown = terms.filter((term) => !this.known.has(term));
    if (unknown.length > 0) {
      const found = await this.search.termMeanings(unknown);
      for (const term of unknown) this.known.set(term, found.get(term) ?? []);
    }
    return terms.map((term) => this.known.get(term) ?? []);
  }
}

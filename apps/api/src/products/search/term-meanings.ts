import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { SearchVocabulary, type TermMeaning } from '@mandi/domain';
import { SUGGESTIONS_TTL_SECONDS } from './suggestions.cache.js';
import { ProductSearchRepository } from './product-search.repository.js';

/** Terms whose meanings this process keeps (a few hundred bytes each). */
export const TERM_MEANINGS_MAX = 20_000;

/**
 * Most words and synonyms terms the vocabulary holds in this process: about 100 bytes each with their trigrams, so
 * at most some 20 MB. A catalog with more words looks new terms up in SQL instead, one statement per new term.
 */
export const VOCABULARY_WORDS_MAX = 200_000;

/** What the vocabulary is built from: the catalog's words and the synonyms list. */
type VocabularyRows = NonNullable<Awaited<ReturnType<ProductSearchRepository['vocabulary']>>>;

/** The vocabulary as loaded, what from, and under which catalog version (null: Redis did not say). */
interface Loaded {
  vocabulary: SearchVocabulary | null;
  rows: VocabularyRows | null;
  version: string | null;
  at: number;
}

/** The same words with the same product counts, and the same synonyms (both read in the same order). */
function sameRows(a: VocabularyRows | null, b: VocabularyRows | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.words.length === b.words.length &&
    a.synonyms.length === b.synonyms.length &&
    a.words.every((row, i) => row.word === b.words[i]!.word && row.productCount === b.words[i]!.productCount) &&
    a.synonyms.every((row, i) => row.term === b.synonyms[i]!.term && row.canonical === b.synonyms[i]!.canonical)
  );
}

/**
 * What each search term means (its words, prefix completions, typo corrections and synonyms; SearchVocabulary),
 * worked out in this process from the catalog's words and the synonyms list, so a text never typed before costs no
 * statement. The vocabulary is read again when the catalog version moves (every product change moves it after its
 * commit, so a word just posted is known to the next suggestion), or, while Redis cannot say the version, once it is
 * older than a suggestions list. Terms already worked out are kept until the vocabulary changes.
 */
@Injectable()
export class TermMeanings {
  private loaded: Loaded | null = null;
  private loading: Promise<Loaded> | null = null;
  private readonly known = new LRUCache<string, TermMeaning[]>({
    max: TERM_MEANINGS_MAX,
    ttl: SUGGESTIONS_TTL_SECONDS * 1000,
  });

  constructor(private readonly search: ProductSearchRepository) {}

  /** The meanings of each term, in order (empty for a term that means nothing), by the vocabulary loaded now. */
  async of(terms: string[]): Promise<TermMeaning[][]> {
    const { vocabulary } = this.loaded ?? (await this.load(null));
    const unknown = terms.filter((term) => !this.known.has(term));
    if (unknown.length > 0) {
      // A catalog too large for the vocabulary: the terms' statement, as before the vocabulary.
      const found = vocabulary
        ? new Map(unknown.map((term) => [term, vocabulary.meaningsOf(term)]))
        : await this.search.termMeanings(unknown);
      for (const term of unknown) this.known.set(term, found.get(term) ?? []);
    }
    return terms.map((term) => this.known.get(term) ?? []);
  }

  /**
   * Reads the vocabulary again when it is older than catalog version `version` (null: Redis is unavailable, then by
   * age); true when it did, so meanings worked out before may have changed.
   */
  async refreshFor(version: string | null): Promise<boolean> {
    const loaded = this.loaded;
    // Without a vocabulary (too many words) or a version, only age tells: reading 200,000 words is not for every change.
    const byAge = version === null || loaded?.vocabulary === null;
    if (loaded && (byAge ? Date.now() - loaded.at < SUGGESTIONS_TTL_SECONDS * 1000 : loaded.version === version))
      return false;
    try {
      await this.load(version);
    } catch (error) {
      // PostgreSQL unavailable: the vocabulary held still answers (what the cache holds needs no statement).
      if (loaded) return false;
      throw error;
    }
    return true;
  }

  /** Loads the vocabulary once for everyone asking at the same moment. */
  private load(version: string | null): Promise<Loaded> {
    this.loading ??= this.search
      .vocabulary(VOCABULARY_WORDS_MAX)
      .then((rows) => {
        // Most versions move for a product whose words did not change (its stock, its price): then the vocabulary
        // and the terms worked out with it stay, and only the version it is current with moves.
        const same = this.loaded !== null && sameRows(this.loaded.rows, rows);
        if (!same) this.known.clear();
        this.loaded = {
          vocabulary: same ? this.loaded!.vocabulary : rows && new SearchVocabulary(rows.words, rows.synonyms),
          rows,
          version,
          at: Date.now(),
        };
        return this.loaded;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}

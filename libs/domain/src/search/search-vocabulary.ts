import { byCodePoint, trigrams } from './suggestion-ranking.js';

/**
 * What a search term means, worked out in the API from the catalog's words (search_words) and the synonyms list,
 * exactly as the SQL of the by-name search works it out (`termMeanings` of apps/api's product-search.sql.ts, which
 * stays the rule the page of results applies; docs/search.md):
 * - the words and synonyms names the term is or begins: the five most used words ('tom' is 'tomatoes', 'tomato', ...)
 *   and every synonyms name it begins from three letters, or is exactly (`best`);
 * - a term of three letters or more that is none of these is a typo: the three words or synonyms names most similar
 *   to it by pg_trgm's similarity, at least its threshold 0.3 (not `best`);
 * - each of those brings its synonyms group, also through its English singular ('potatoes' brings 'aloo'), and the
 *   plurals of the group's words that the catalog uses ('aloo' brings 'potatoes').
 * A vocabulary is built once per catalog version and asked for many terms: a new suggestion costs no statement.
 */

/** One meaning of one term: a word (or a synonyms name of several words) and whether it is an exact or prefix word. */
export interface TermMeaning {
  word: string;
  best: boolean;
}

/** A word of the catalog's product names, with how many products use it (search_words). */
export interface VocabularyWord {
  word: string;
  productCount: number;
}

/** A term of the synonyms list and its group's canonical name (the synonyms table). */
export interface VocabularySynonym {
  term: string;
  canonical: string;
}

/** Words a term's prefix brings, at most. */
const PREFIX_WORDS_MAX = 5;
/** Typo corrections of a term, at most. */
const CORRECTIONS_MAX = 3;
/** Shortest term (in characters) that begins a synonyms name or is read as a typo. */
const FUZZY_TERM_MIN = 3;
/** pg_trgm.similarity_threshold's default, which the `%` operator of the SQL applies. */
export const TRIGRAM_SIMILARITY_THRESHOLD = 0.3;

const characters = (text: string): number => Array.from(text).length;

/** The first index of `sorted` (by code point) whose value is not before `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byCodePoint(sorted[middle]!, value) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The values of `sorted` that begin with `prefix`. */
function* withPrefix(sorted: readonly string[], prefix: string): Generator<string> {
  for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i += 1) yield sorted[i]!;
}

export class SearchVocabulary {
  /** The catalog's words, by code point (PostgreSQL's C collation), and how many products use each. */
  private readonly words: string[];
  private readonly productCounts: Map<string, number>;
  /** The synonyms list's terms by code point, each one's group, and each group's terms. */
  private readonly synonymTerms: string[];
  private readonly groupOf: Map<string, string>;
  private readonly groups: Map<string, string[]>;
  /** Every word and synonyms term once (what a typo may be corrected to), its trigram count, and who has each trigram. */
  private readonly spellings: string[];
  private readonly trigramCounts: Uint16Array;
  private readonly postings = new Map<string, number[]>();

  constructor(words: readonly VocabularyWord[], synonyms: readonly VocabularySynonym[]) {
    this.productCounts = new Map(words.map(({ word, productCount }) => [word, productCount]));
    this.words = [...this.productCounts.keys()].sort(byCodePoint);
    this.groupOf = new Map(synonyms.map(({ term, canonical }) => [term, canonical]));
    this.synonymTerms = [...this.groupOf.keys()].sort(byCodePoint);
    this.groups = new Map();
    for (const [term, canonical] of this.groupOf)
      this.groups.set(canonical, [...(this.groups.get(canonical) ?? []), term]);

    this.spellings = [...new Set([...this.words, ...this.synonymTerms])];
    this.trigramCounts = new Uint16Array(this.spellings.length);
    this.spellings.forEach((spelling, id) => {
      const own = trigrams(spelling);
      this.trigramCounts[id] = own.size;
      for (const trigram of own) {
        const list = this.postings.get(trigram);
        if (list) list.push(id);
        else this.postings.set(trigram, [id]);
      }
    });
  }

  /** How many words and synonyms terms it holds. */
  get size(): number {
    return this.spellings.length;
  }

  /** What `term` (one of searchTerms' terms) means, by word in code point order; empty when it means nothing. */
  meaningsOf(term: string): TermMeaning[] {
    const known = this.known(term);
    const corrected: TermMeaning[] =
      known.length > 0
        ? known.map((word) => ({ word, best: true }))
        : characters(term) >= FUZZY_TERM_MIN
          ? this.corrections(term).map((word) => ({ word, best: false }))
          : [];

    const meanings = new Map<string, boolean>();
    const add = (word: string, best: boolean) => meanings.set(word, (meanings.get(word) ?? false) || best);
    for (const { word, best } of corrected) {
      add(word, best);
      for (const groupTerm of this.groupTermsOf(word)) {
        add(groupTerm, best);
        for (const plural of [`${groupTerm}s`, `${groupTerm}es`]) if (this.productCounts.has(plural)) add(plural, best);
      }
    }
    return [...meanings].sort(([a], [b]) => byCodePoint(a, b)).map(([word, best]) => ({ word, best }));
  }

  /** The words `term` is or begins (the five most used, itself first) and the synonyms names it begins or is. */
  private known(term: string): string[] {
    const prefixed = [...withPrefix(this.words, term)];
    prefixed.sort(
      (a, b) =>
        Number(b === term) - Number(a === term) ||
        this.productCounts.get(b)! - this.productCounts.get(a)! ||
        byCodePoint(a, b),
    );
    const found = new Set(prefixed.slice(0, PREFIX_WORDS_MAX));
    const longEnough = characters(term) >= FUZZY_TERM_MIN;
    for (const synonym of withPrefix(this.synonymTerms, term)) if (longEnough || synonym === term) found.add(synonym);
    return [...found];
  }

  /**
   * The words and synonyms terms most similar to `term` by trigrams, as pg_trgm's `%` and similarity() find them:
   * shared trigrams over all trigrams of both, as a float4, at least the threshold; ties by code point.
   */
  private corrections(term: string): string[] {
    const own = trigrams(term);
    const shared = new Map<number, number>();
    for (const trigram of own)
      for (const id of this.postings.get(trigram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const similar: { spelling: string; similarity: number }[] = [];
    for (const [id, count] of shared) {
      const similarity = Math.fround(count / (own.size + this.trigramCounts[id]! - count));
      if (similarity >= TRIGRAM_SIMILARITY_THRESHOLD) similar.push({ spelling: this.spellings[id]!, similarity });
    }
    similar.sort((a, b) => b.similarity - a.similarity || byCodePoint(a.spelling, b.spelling));
    return similar.slice(0, CORRECTIONS_MAX).map(({ spelling }) => spelling);
  }

  /** The terms of the synonyms groups of `word`, of its English singular too ('potatoes': potato's group). */
  private groupTermsOf(word: string): string[] {
    const spellings = [word];
    if (word.endsWith('s')) spellings.push(word.slice(0, -1));
    if (word.endsWith('es')) spellings.push(word.slice(0, -2));
    const canonicals = new Set(spellings.flatMap((spelling) => this.groupOf.get(spelling) ?? []));
    return [...canonicals].flatMap((canonical) => this.groups.get(canonical) ?? []);
  }
}

/**
 * The order of the search bar's suggestions, worked out in the API over the candidate names the database found
 * (docs/search.md): candidates are cached per meaning of the typed words, so a text never typed before that means
 * the same as one typed a moment ago ('tomato 17', 'tomat') is ranked without asking PostgreSQL again.
 */

/** A name the search bar may suggest, with what ranks it. */
export interface RankableName {
  name: string;
  /** Products shown under this name. */
  productCount: number;
  /** One of its products is still valid. */
  live: boolean;
  /** It matches every term through an exact or prefix word (synonyms included), not only through a typo correction. */
  best: boolean;
}

/** Characters of a word, as pg_trgm takes them (letters and digits; the marks of Devanagari vowels with them). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The trigrams of `text` as pg_trgm's show_trgm makes them: each word lower-cased and padded with two spaces before
 * and one after ('  tom', ' to', 'tom', 'om '), each trigram once.
 */
export function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const padded = Array.from(`  ${word} `);
    for (let i = 0; i + 3 <= padded.length; i += 1) found.add(padded[i]! + padded[i + 1]! + padded[i + 2]!);
  }
  return found;
}

/** Trigram similarity as a fraction `shared / (all of both)`, pg_trgm's similarity() without its float rounding. */
interface Similarity {
  shared: number;
  all: number;
}

function similarityOf(a: Set<string>, b: Set<string>): Similarity {
  // The shared count is the same either way round; looking up the smaller set's trigrams in the larger is fewer steps.
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const trigram of small) if (large.has(trigram)) shared += 1;
  return { shared, all: a.size + b.size - shared };
}

/** pg_trgm's similarity(a, b): shared trigrams over all trigrams of both, 0 when either has none. */
export function trigramSimilarity(a: string, b: string): number {
  const { shared, all } = similarityOf(trigrams(a), trigrams(b));
  return all === 0 || shared === 0 ? 0 : shared / all;
}

/** Compares by Unicode code point, as PostgreSQL's C collation (and byte order of UTF-8) does. */
export const byCodePoint = (a: string, b: string): number => {
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
};

/**
 * Names whose trigrams this process keeps, about a kilobyte each. The candidates of a meaning are the same names
 * request after request ('tomato 17', 'tomato 18' ... rank the same 200 names), and working out their trigrams was
 * the largest part of a new suggestion's CPU (docs/performance.md, "The write path").
 */
export const NAME_TRIGRAMS_MAX = 10_000;
const nameTrigrams = new Map<string, Set<string>>();

/** {@link trigrams} of a candidate name, kept; past NAME_TRIGRAMS_MAX the oldest kept name is forgotten. */
function trigramsOfName(name: string): Set<string> {
  let found = nameTrigrams.get(name);
  if (found) return found;
  found = trigrams(name);
  // Maps iterate in insertion order: the first key is the oldest.
  if (nameTrigrams.size >= NAME_TRIGRAMS_MAX) nameTrigrams.delete(nameTrigrams.keys().next().value!);
  nameTrigrams.set(name, found);
  return found;
}

/**
 * The first `limit` of `items` in `compare`'s order, as a stable sort and a slice would give them, without sorting
 * the rest: each item is compared with the last kept one, and only one that comes before it is placed.
 */
function firstInOrder<T>(items: Iterable<T>, limit: number, compare: (x: T, y: T) => number): T[] {
  const kept: T[] = [];
  if (limit <= 0) return kept;
  for (const item of items) {
    if (kept.length === limit && compare(item, kept[limit - 1]!) >= 0) continue;
    // After every kept item it does not come before, so equal items keep their order.
    let at = kept.length;
    while (at > 0 && compare(item, kept[at - 1]!) < 0) at -= 1;
    kept.splice(at, 0, item);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}

/**
 * At most `limit` names for the search bar, best first: names with a live product, then names matching every
 * term by an exact or prefix word before those found through a typo correction, then the names closest to the typed
 * `text` (trigram similarity), then the names most products use, then by code point.
 */
export function rankSuggestions(candidates: readonly RankableName[], text: string, limit: number): string[] {
  const typed = trigrams(text);
  const ranked = candidates.map((candidate) => ({
    candidate,
    similarity: similarityOf(trigramsOfName(candidate.name), typed),
  }));
  // The first 10 of 200 candidates: most are set aside after one comparison instead of being sorted.
  return firstInOrder(
    ranked,
    limit,
    (x, y) =>
      Number(y.candidate.live) - Number(x.candidate.live) ||
      Number(y.candidate.best) - Number(x.candidate.best) ||
      // x.shared / x.all against y.shared / y.all without division (an empty name has neither: similarity 0).
      y.similarity.shared * Math.max(x.similarity.all, 1) - x.similarity.shared * Math.max(y.similarity.all, 1) ||
      y.candidate.productCount - x.candidate.productCount ||
      byCodePoint(x.candidate.name, y.candidate.name),
  ).map(({ candidate }) => candidate.name);
}

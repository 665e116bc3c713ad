import { MULTI_WORD_TERMS } from './synonyms.js';

/** Limits of product search (issue 5). */
export const SEARCH_LIMITS = {
  /** Words of a query that take part in matching; the rest are ignored. */
  termsMax: 5,
  /** Longer words are cut: no product name word is longer, and trigram work grows with length. */
  termMaxChars: 32,
  /** The search bar's dropdown shows at most this many names. */
  suggestionsMax: 10,
  /** Shorter words are matched as prefixes only: trigram similarity of one or two letters matches nearly anything. */
  typoMinChars: 3,
} as const;

/**
 * The words of a buyer's search text as the search matches them: lower case, letters and digits only (any other
 * character separates words, as PostgreSQL's text search parser does for product names), each word once, in order;
 * names of several words from the synonyms list ('lady finger', 'patta gobhi') kept together as one term. A lone
 * letter is dropped when longer words are present ("farmer's" is "farmer" and "s"). Blank text has no terms.
 */
export function searchTerms(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '')
    .map((word) => Array.from(word).slice(0, SEARCH_LIMITS.termMaxChars).join(''));

  const terms: string[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = MULTI_WORD_TERMS.find((term) => {
      const parts = term.split(' ');
      return parts.every((part, offset) => words[i + offset] === part);
    });
    const term = phrase ?? words[i]!;
    if (!terms.includes(term)) terms.push(term);
    i += phrase ? phrase.split(' ').length : 1;
  }
  const meaningful = terms.some((term) => Array.from(term).length > 1)
    ? terms.filter((term) => Array.from(term).length > 1)
    : terms;
  return meaningful.slice(0, SEARCH_LIMITS.termsMax);
}

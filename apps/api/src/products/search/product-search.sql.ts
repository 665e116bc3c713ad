import { Prisma, sqlRow, type RowOf } from '@mandi/database';
import type { ProductSort, TermMeaning } from '@mandi/domain';
import { browseConditions, sortOrder, type ProductBrowseFilter } from '../product-browse.sql.js';
import { PRODUCT_CARD_COLUMNS, PRODUCT_CARD_JOINS } from '../product-card.sql.js';
import { productVisibleSql } from '../product-visibility.sql.js';

/** Rows of the products table ranked for one search: more are never read, so a page past them is empty. */
export const SEARCH_CANDIDATES_MAX = 1000;
/** Rows read for the suggestions dropdown, of which the distinct names are ranked. */
export const SUGGESTION_CANDIDATES_MAX = 200;

/** A search as the queries take it: the terms of {@link searchTerms} and the text they came from (for ranking). */
export interface SearchInput {
  terms: string[];
  text: string;
}

/**
 * What each term means, as the common-table expression `meanings (pos, word, best)`, without reading the products
 * table:
 * - each term means the words of the listings (search_words) and of the synonyms list that it is or begins, the
 *   five most used of them ('tom' is 'tomatoes', 'tomato', ...), so the index is asked for a few words instead of
 *   a prefix range that a one-letter term would make a third of the catalog (`best`);
 * - a term that is none of these is a typo: the three words most similar to it (pg_trgm's % over the small
 *   search_words table and the synonyms, never over a million names; not `best`);
 * - every one of those words brings its synonyms group ('tamatar' brings 'tomato' and back), also through its English
 *   singular ('potatoes' brings 'aloo'), with the plurals of the group's words that listings use ('aloo' brings
 *   'potatoes').
 * A term's meanings depend on that term alone, which is what lets {@link TermMeanings} keep them per term.
 * libs/domain's SearchVocabulary works out the same meanings in the API for the search bar's suggestions;
 * term-meanings.int.spec.ts holds the two to each other.
 * Terms hold letters, digits and single spaces only (searchTerms), so they are safe inside LIKE and tsquery text.
 */
function termMeanings(terms: string[]): Prisma.Sql {
  return Prisma.sql`
    terms AS (
      SELECT t.term, t.pos FROM unnest(${terms}::text[]) WITH ORDINALITY AS t(term, pos)
    ),
    known AS (
      SELECT t.pos, k.word
        FROM terms t
        CROSS JOIN LATERAL (
          SELECT w.word FROM search_words w
           WHERE w.word LIKE t.term || '%'
           ORDER BY w.word = t.term DESC, w.product_count DESC, w.word
           LIMIT 5
        ) k
      UNION
      -- A synonyms name the term begins (from three letters: 'pot' is potato, so aloo), or is exactly.
      SELECT t.pos, s.term FROM terms t JOIN synonyms s
          ON s.term LIKE t.term || '%' AND (char_length(t.term) >= 3 OR s.term = t.term)
    ),
    typos AS (
      SELECT t.pos, c.word
        FROM terms t
        CROSS JOIN LATERAL (
          SELECT v.word FROM (
            SELECT w.word FROM search_words w WHERE w.word % t.term
            UNION
            SELECT s.term FROM synonyms s WHERE s.term % t.term
          ) v
          ORDER BY similarity(v.word, t.term) DESC, v.word
          LIMIT 3
        ) c
       WHERE char_length(t.term) >= 3 AND NOT EXISTS (SELECT 1 FROM known k WHERE k.pos = t.pos)
    ),
    corrected AS (
      SELECT pos, word, true AS best FROM known UNION ALL SELECT pos, word, false FROM typos
    ),
    grouped AS (
      -- A word's synonyms group, also through the word's English singular: the list holds 'potato', listings say
      -- 'Potatoes'.
      SELECT f.pos, g.term, f.best
        FROM corrected f
        JOIN synonyms s ON s.term = f.word
          OR (f.word LIKE '%s' AND s.term = left(f.word, -1))
          OR (f.word LIKE '%es' AND s.term = left(f.word, -2))
        JOIN synonyms g ON g.canonical = s.canonical
    ),
    meanings AS (
      SELECT pos, word, bool_or(best) AS best FROM (
        SELECT pos, word, best FROM corrected
        UNION ALL
        SELECT pos, term, best FROM grouped
        UNION ALL
        -- And the plurals of the group's words that listings use: 'aloo' finds 'Potatoes' too. (As varchar[], so the
        -- primary key finds them: IN over text took the trigram index, 0.7 ms a word.)
        SELECT g.pos, w.word, g.best FROM grouped g
          JOIN search_words w ON w.word = ANY (ARRAY[g.term || 's', g.term || 'es']::varchar[])
      ) a
      GROUP BY pos, word
    )`;
}

export type { TermMeaning } from '@mandi/domain';

/** `meanings (pos, word, best)` from meanings already known, per term in the terms' order (see {@link termMeanings}). */
function givenMeanings(meanings: readonly (readonly TermMeaning[])[]): Prisma.Sql {
  const rows = meanings.flatMap((ofTerm, i) => ofTerm.map((meaning) => ({ pos: i + 1, ...meaning })));
  return Prisma.sql`
    meanings AS (
      SELECT * FROM unnest(${rows.map((row) => row.pos)}::int[], ${rows.map((row) => row.word)}::text[], ${rows.map((row) => row.best)}::boolean[])
        AS m(pos, word, best)
    )`;
}

/**
 * From `meanings`, the two text-search queries over product names, `q.best` and `q.anything`: `best` asks for every
 * term through its exact or prefix words, `anything` through its typo corrections too; a term that means nothing at
 * all is left out, unless no term means anything (then both are null: no results).
 */
const searchQueries = Prisma.sql`
    alternatives AS (
      -- One tsquery alternative per meaning: a word, or the words of a name like 'lady finger' side by side.
      SELECT pos, best, array_to_string(array(SELECT '''' || part || '''' FROM unnest(string_to_array(word, ' ')) part), ' <-> ') AS expr
        FROM meanings
    ),
    q AS (
      SELECT CASE WHEN (SELECT count(DISTINCT pos) FROM alternatives WHERE best) = (SELECT count(DISTINCT pos) FROM alternatives)
                  THEN to_tsquery('simple', (SELECT string_agg(e, ' & ') FROM (SELECT '(' || string_agg(expr, ' | ') || ')' AS e FROM alternatives WHERE best GROUP BY pos) b))
             END AS best,
             to_tsquery('simple', (SELECT string_agg(e, ' & ') FROM (SELECT '(' || string_agg(expr, ' | ') || ')' AS e FROM alternatives GROUP BY pos) b)) AS anything
    )`;

/** The catalog's words and the synonyms list, as SearchVocabulary takes them. */
export const VOCABULARY_WORD_ROW = sqlRow('vocabulary word', { word: 'text', productCount: 'int' });
export const VOCABULARY_SYNONYM_ROW = sqlRow('vocabulary synonym', { term: 'text', canonical: 'text' });

/**
 * Every search word, or `limit` of them (the caller asks for one more than it keeps to know there are more), in their
 * primary key's order, so two reads of the same words compare equal row by row.
 */
export function vocabularyWordsSql(limit: number): Prisma.Sql {
  return Prisma.sql`SELECT word, product_count AS "productCount" FROM search_words ORDER BY word LIMIT ${limit}`;
}

export const vocabularySynonymsSql = Prisma.sql`SELECT term, canonical FROM synonyms ORDER BY term`;

/** A term with one of its meanings, a row of {@link termMeaningsSql}. */
export const TERM_MEANING_ROW = sqlRow('term meaning', { term: 'text', word: 'text', best: 'bool' });

/** What each of `terms` means (see {@link termMeanings}): one row per term and meaning ({@link TERM_MEANING_ROW}). */
export function termMeaningsSql(terms: string[]): Prisma.Sql {
  return Prisma.sql`
    WITH ${termMeanings(terms)}
    SELECT t.term, m.word, m.best FROM meanings m JOIN terms t ON t.pos = m.pos`;
}

/**
 * Rows whose `name` column matches `match` (an expression over q), read through the full-text index on names: the
 * products' (`p.name`) or search_names' (`n.name`), which index the same expression.
 */
const nameMatches = (match: Prisma.Sql, column: Prisma.Sql) =>
  Prisma.sql`to_tsvector('simple'::regconfig, ${column}) @@ (SELECT ${match} FROM q)`;

/** Where rank tiers read from: the rows, their name and validity columns, and any further condition. */
interface TierSource {
  select: Prisma.Sql;
  from: Prisma.Sql;
  name: Prisma.Sql;
  validUntil: Prisma.Sql;
  filter: Prisma.Sql;
  /** Only rows still valid: the two expired tiers are left out. */
  liveOnly?: boolean;
  /** The order in which a tier's rows are taken when it has more than `limit` (a sort's: the cheapest, the newest). */
  order?: Prisma.Sql;
}

/**
 * At most `limit` rows of `source` in rank tiers: live and best-matching first, then live matching through a typo
 * correction, then the same two for expired rows. The tiers are read in that order and reading stops at `limit`
 * (an Append under a Limit runs a tier only when the earlier ones fell short), so a common word costs one index
 * scan and `limit` rows, never a sort of every match.
 */
function rankTiers(source: TierSource, limit: number): Prisma.Sql {
  const flag = (value: boolean) => (value ? Prisma.sql`TRUE` : Prisma.sql`FALSE`);
  // The validity IS TRUE keeps it a filter: an index of valid_until ANDed with the name's matches read 150,000
  // expired entries to find the few expired matches of a rare word.
  const tier = (live: boolean, best: boolean) => Prisma.sql`
    (SELECT ${source.select}, ${flag(live)} AS live, ${flag(best)} AS best
       FROM ${source.from}
      WHERE ${best ? nameMatches(Prisma.sql`best`, source.name) : nameMatches(Prisma.sql`anything`, source.name)}
        ${best ? Prisma.empty : Prisma.sql`AND NOT COALESCE(${nameMatches(Prisma.sql`best`, source.name)}, false)`}
        AND (${source.validUntil} ${live ? Prisma.sql`>` : Prisma.sql`<=`} now()) IS TRUE
        ${source.filter}
      ${source.order ? Prisma.sql`ORDER BY ${source.order}` : Prisma.empty}
      LIMIT ${limit})`;
  const tiers = [
    tier(true, true),
    tier(true, false),
    ...(source.liveOnly ? [] : [tier(false, true), tier(false, false)]),
  ];
  return Prisma.sql`
    SELECT * FROM (
      ${Prisma.join(tiers, ' UNION ALL ')}
    ) tiers
    LIMIT ${limit}`;
}

/**
 * The candidate products of a search (see {@link rankTiers}), optionally official ones only, narrowed by the browsing
 * filters inside each tier, so the candidates are the best matches among the products the buyer asked for.
 */
function candidates(
  columns: Prisma.Sql,
  limit: number,
  officialOnly: boolean,
  browse?: ProductBrowseFilter,
  sort?: ProductSort,
): Prisma.Sql {
  return rankTiers(
    {
      select: columns,
      from: Prisma.sql`products p`,
      name: Prisma.sql`p.name`,
      validUntil: Prisma.sql`p.valid_until`,
      // Only products the shop shows; search_names (the suggestions) counts only those too.
      filter: Prisma.sql`AND ${productVisibleSql()} ${officialOnly ? Prisma.sql`AND p.official_brand` : Prisma.empty} ${browseConditions(
        browse && { ...browse, fresh: false },
      )}`,
      // 'Fresh only' is the live tiers alone.
      liveOnly: browse?.fresh === true,
      // Sorted, a tier with more matches than candidates gives its first ones in that order (its cheapest, ...).
      order: sort && sortOrder(sort, 'p'),
    },
    limit,
  );
}

/**
 * The candidate names of the search bar, over search_names: each distinct name once, live while its latest product
 * is, so a common word scans one entry per name rather than one per product.
 */
function nameCandidates(limit: number): Prisma.Sql {
  return rankTiers(
    {
      select: Prisma.sql`n.name, n.product_count`,
      from: Prisma.sql`search_names n`,
      name: Prisma.sql`n.name`,
      validUntil: Prisma.sql`n.live_until`,
      filter: Prisma.empty,
    },
    limit,
  );
}

/** A name the search bar may suggest, with what ranks it (see rankSuggestions in @mandi/domain). */
export const SUGGESTION_CANDIDATE_ROW = sqlRow('suggestion candidate', {
  name: 'text',
  productCount: 'int',
  live: 'bool',
  best: 'bool',
});
/** A row of {@link SUGGESTION_CANDIDATE_ROW}. */
export type SuggestionCandidate = RowOf<typeof SUGGESTION_CANDIDATE_ROW>;

const suggestionColumns = Prisma.sql`SELECT name, product_count::int AS "productCount", live, best FROM found`;

/**
 * The names the search bar ranks for a search, at most {@link SUGGESTION_CANDIDATES_MAX}, in one statement: what its
 * terms mean, then the names matching.
 */
export function suggestionCandidatesSql(terms: string[]): Prisma.Sql {
  return Prisma.sql`
    WITH ${termMeanings(terms)}, ${searchQueries},
    found AS (${nameCandidates(SUGGESTION_CANDIDATES_MAX)})
    ${suggestionColumns}`;
}

/** The same names for terms whose meanings are already known (per term, in the terms' order). */
export function suggestionCandidatesOfMeaningsSql(meanings: readonly (readonly TermMeaning[])[]): Prisma.Sql {
  return Prisma.sql`
    WITH ${givenMeanings(meanings)}, ${searchQueries},
    found AS (${nameCandidates(SUGGESTION_CANDIDATES_MAX)})
    ${suggestionColumns}`;
}

/**
 * One page of products matching the search, as cards (the listing's columns, seller and images joined in): live
 * before expired, best-matching before typo matches, closest name, then newest; or, with a `sort`, the candidates
 * in that order instead of by relevance (the candidates are still the best-matching tiers first, each tier's rows taken in
 * that order). The browsing filters narrow the candidates. One statement.
 */
export function searchPageSql(
  search: SearchInput,
  page: { officialOnly: boolean; browse?: ProductBrowseFilter; sort?: ProductSort; skip: number; take: number },
): Prisma.Sql {
  const relevance = Prisma.sql`live DESC, best DESC, similarity(name, ${search.text}) DESC, created_at DESC, id DESC`;
  return Prisma.sql`
    WITH ${termMeanings(search.terms)}, ${searchQueries},
    found AS (${candidates(Prisma.sql`p.id, p.name, p.created_at, p.price_paise`, SEARCH_CANDIDATES_MAX, page.officialOnly, page.browse, page.sort)}),
    ranked AS (
      SELECT id, row_number() OVER (ORDER BY ${page.sort ? sortOrder(page.sort, 'f') : relevance}) AS ord
        FROM found f
       ORDER BY ord
       LIMIT ${page.take} OFFSET ${page.skip}
    )
    SELECT ${PRODUCT_CARD_COLUMNS}
      FROM ranked f
      JOIN products p ON p.id = f.id
      ${PRODUCT_CARD_JOINS}
     ORDER BY f.ord`;
}

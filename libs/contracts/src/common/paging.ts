import { z } from 'zod';

/**
 * The deepest page any list serves. Past it a request is refused (400) rather than sent to the database as an OFFSET
 * it would have to walk; a person never pages this far, and a number this size cannot overflow the OFFSET.
 */
export const PAGE_MAX = 10_000;

/**
 * The product lists (home listing, search, a seller's products) serve the pages that start within their first 10,000
 * results, so no public request makes PostgreSQL skip more rows than that (at a million products a deep OFFSET costs
 * a scan of the index up to it). Narrowing the search reaches the rest.
 */
export const PRODUCT_RESULTS_MAX = 10_000;

/** A paging number in a query string: a few digits only (so '1e3', '0x10', ' 2' and a repeated key are refused). */
const QUERY_DIGITS = /^\d{1,6}$/;

/** The message of a page number out of range. */
export const pageMessage = (max: number = PAGE_MAX) => `page must be a whole number from 1 to ${max}`;
/** The message of a page size out of range, naming the parameter (`limit` or `perPage`). */
export const pageSizeMessage = (name: string, max: number) => `${name} must be a whole number from 1 to ${max}`;
/** The message of a page that starts beyond the product results served. */
export const PAGE_BEYOND_RESULTS_MESSAGE = `page is beyond the first ${PRODUCT_RESULTS_MAX} results; narrow the search to see more`;

/** A whole number from 1 to `max` given as query text, `fallback` when absent. */
export function queryWholeNumber(max: number, fallback: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && QUERY_DIGITS.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback),
  );
}

/** The `page` parameter of a list: 1 to {@link PAGE_MAX}, 1 by default. */
export const pageQuerySchema = queryWholeNumber(PAGE_MAX, 1, pageMessage());

/** The `<name>` page size of a list: 1 to `max`, `fallback` by default. */
export function pageSizeQuerySchema(name: string, max: number, fallback: number) {
  return queryWholeNumber(max, fallback, pageSizeMessage(name, max));
}

/** True when page `page` of size `size` starts within the first {@link PRODUCT_RESULTS_MAX} results. */
export function startsWithinProductResults(paging: { page: number; limit: number }): boolean {
  return (paging.page - 1) * paging.limit < PRODUCT_RESULTS_MAX;
}

/** A text in a query string: one value (a repeated key is refused), trimmed, at most `max` characters. */
export function queryText(name: string, max: number) {
  return z
    .string({ error: `${name} must be one text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`);
}

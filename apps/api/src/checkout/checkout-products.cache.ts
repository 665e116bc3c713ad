import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { CheckoutProductRow } from './checkout.repository.js';

/** How many products' rows one API process remembers (a few hundred bytes each). */
export const REMEMBERED_PRODUCTS_MAX = 10_000;

/**
 * The product rows checkout last read, by id, so an order of products bought before is priced without reading them
 * first. A remembered row is never an answer: the order's statement places the order only if every row is still what
 * it was priced from (else it answers the rows now, which replace these), and a checkout the remembered rows would
 * refuse reads the rows again before it says so. Each API process has its own; nothing needs to be dropped on a change.
 */
@Injectable()
export class CheckoutProductsCache {
  private readonly rows = new LRUCache<number, CheckoutProductRow>({ max: REMEMBERED_PRODUCTS_MAX });

  /** The rows of all of `ids`, or null when any of them is not remembered. */
  rowsOf(ids: readonly number[]): CheckoutProductRow[] | null {
    const found: CheckoutProductRow[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (!row) return null;
      found.push(row);
    }
    return found;
  }

  /** Rows just read from the database. */
  remember(rows: readonly CheckoutProductRow[]): void {
    for (const row of rows) this.rows.set(row.id, row);
  }
}

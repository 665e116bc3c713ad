import type { Transaction } from '@mandi/database';
import { DomainError, PRODUCT_MESSAGES } from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import type { ProductOwner, ProductsRepository } from './products.repository.js';

// Who may change a product: its seller or an admin, for an edit, a deletion and the seller dashboard's actions.

/** Only the seller or an admin may change a product. */
export function assertMayChange(caller: Caller, owner: ProductOwner): void {
  if (caller.role !== 'admin' && caller.id !== owner.sellerId)
    throw new DomainError('not_allowed', PRODUCT_MESSAGES.notYours);
}

/**
 * Locks product `id` of the seller `sellerUid` for a change by `caller`: 404 when there is none, 403 unless the caller
 * is its seller or an admin, and 404 when it is another seller's (a path names the seller, and under this one the
 * product is not found).
 */
export async function lockProductOf(
  products: ProductsRepository,
  tx: Transaction,
  caller: Caller,
  sellerUid: string,
  id: number,
): Promise<void> {
  const owner = await products.lockOwner(tx, id);
  if (!owner) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
  assertMayChange(caller, owner);
  if (owner.sellerUid !== sellerUid) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
}

import { Injectable } from '@nestjs/common';
import { rowIdOf } from '@mandi/contracts';
import type { Transaction } from '@mandi/database';
import { DomainError, PRODUCT_MESSAGES } from '@mandi/domain';
import { publish } from '@mandi/events';
import type { Caller } from '../auth/caller.js';
import { ListingCache } from './listing.cache.js';
import { lockProductOf } from './product-owner.js';
import { ProductsRepository } from './products.repository.js';

/**
 * The seller dashboard's one-click product changes (issue 16), 'extend validity' and 'restock': product edits under
 * an edit's rules (see {@link changeOfSeller}).
 */
@Injectable()
export class SellerProductActionsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly listing: ListingCache,
  ) {}

  /**
   * 'Extend validity': product `productId` of seller `sellerUid` stays on sale for `byMs` more from now or its
   * validity, whichever is later.
   */
  async extendValidity(caller: Caller, sellerUid: string, productId: string, byMs: number): Promise<void> {
    await this.changeOfSeller(caller, sellerUid, productId, (tx, id) => this.products.extendValidity(tx, id, byMs));
  }

  /** 'Restock': product `productId` of seller `sellerUid` has `stock` packs left. */
  async restock(caller: Caller, sellerUid: string, productId: string, stock: number): Promise<void> {
    await this.changeOfSeller(caller, sellerUid, productId, (tx, id) => this.products.setStock(tx, id, stock));
  }

  /**
   * A change of one product under the rules of an edit: only its seller or an admin (403), a product of someone else
   * is not found under `sellerUid` (404, as for ProductWritesService.remove), the row locked so edits queue up, product.updated in
   * the same transaction, and the listing and its product page invalidated after the commit.
   */
  private async changeOfSeller(
    caller: Caller,
    sellerUid: string,
    productId: string,
    change: (tx: Transaction, id: number) => Promise<void>,
  ): Promise<void> {
    const id = rowIdOf(productId);
    if (id === null) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    await this.products.transaction(async (tx) => {
      await lockProductOf(this.products, tx, caller, sellerUid, id);
      await change(tx, id);
      await publish(tx, { type: 'product.updated', payload: { productId: id } });
    });
    await this.listing.invalidate([id]);
  }
}

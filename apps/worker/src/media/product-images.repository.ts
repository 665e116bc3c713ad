import { Injectable } from '@nestjs/common';
import type { Transaction } from '@mandi/database';

/** An image still waiting for its variants. */
export interface PendingImage {
  readonly fileKey: string;
}

/** The worker's access to product images: which lack variants, and recording the ones made. */
@Injectable()
export class ProductImagesRepository {
  /** The product's images without both variants, in position order (none when the product is gone). */
  pending(tx: Transaction, productId: number): Promise<PendingImage[]> {
    return tx.productImage.findMany({
      where: { productId, OR: [{ cardKey: null }, { thumbKey: null }] },
      orderBy: { position: 'asc' },
      select: { fileKey: true },
    });
  }

  /**
   * Records the variants of the image `fileKey` of the product. Matched by the file key, not the row id: an edit
   * writes the rows of kept images anew. False when the product no longer has that image (removed meanwhile).
   */
  async recordVariants(tx: Transaction, productId: number, fileKey: string, cardKey: string, thumbKey: string): Promise<boolean> {
    const { count } = await tx.productImage.updateMany({ where: { productId, fileKey }, data: { cardKey, thumbKey } });
    return count > 0;
  }

  /** Whether the product exists. */
  async productExists(tx: Transaction, productId: number): Promise<boolean> {
    return (await tx.product.count({ where: { id: productId } })) > 0;
  }
}

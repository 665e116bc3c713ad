import { Injectable } from '@nestjs/common';
import { PrismaService, type Transaction } from '@mandi/database';

/** An image still waiting for its variants. */
export interface PendingImage {
  readonly fileKey: string;
}

/** The worker's access to product images: which lack variants, and recording the ones made. */
@Injectable()
export class ProductImagesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The product's images without both variants, in position order (none when the product is gone). */
  pending(productId: number): Promise<PendingImage[]> {
    return this.prisma.productImage.findMany({
      where: { productId, OR: [{ cardKey: null }, { thumbKey: null }] },
      orderBy: { position: 'asc' },
      select: { fileKey: true },
    });
  }

  /**
   * Records the variants of the image `fileKey` of the product. Matched by the file key, not the row id: an edit
   * writes the rows of kept images anew. False when the product no longer has that image (removed meanwhile).
   */
  async recordVariants(
    tx: Transaction,
    productId: number,
    fileKey: string,
    cardKey: string,
    thumbKey: string,
  ): Promise<boolean> {
    const { count } = await tx.productImage.updateMany({ where: { productId, fileKey }, data: { cardKey, thumbKey } });
    return count > 0;
  }

  /** Whether the product exists. */
  async productExists(productId: number): Promise<boolean> {
    return (await this.prisma.product.count({ where: { id: productId } })) > 0;
  }
}

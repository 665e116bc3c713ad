import { Injectable } from '@nestjs/common';
import { PrismaService, type Prisma } from '@mandi/database';

/** What a product card needs, read in one query with the seller's minimal profile and the images. */
const cardSelect = {
  id: true,
  name: true,
  description: true,
  pricePaise: true,
  originalPricePaise: true,
  validUntil: true,
  createdAt: true,
  sellerPhone: true,
  sellerEmail: true,
  weightGrams: true,
  lengthMm: true,
  widthMm: true,
  heightMm: true,
  officialBrand: true,
  category: true,
  images: { select: { fileKey: true }, orderBy: { position: 'asc' } },
  seller: { select: { firebaseUid: true, username: true, profile: { select: { profileImage: true, city: true } } } },
} satisfies Prisma.ProductSelect;

/** A product row as the listing reads it. */
export type ProductCardRow = Prisma.ProductGetPayload<{ select: typeof cardSelect }>;

/** Product rows for the storefront. */
@Injectable()
export class ProductsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first (the index on created_at, id), optionally only official products or names containing `search`. */
  listNewest(options: { officialOnly: boolean; search?: string; skip: number; take: number }): Promise<ProductCardRow[]> {
    return this.prisma.product.findMany({
      where: {
        seller: { deletedAt: null },
        ...(options.officialOnly ? { officialBrand: true } : {}),
        // Served by the trigram index on name.
        ...(options.search ? { name: { contains: options.search, mode: 'insensitive' } } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: options.skip,
      take: options.take,
      select: cardSelect,
    });
  }
}

import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, type ProductCategory } from '@mandi/database';

/** A product as a card shows it, with its seller's minimal profile and its image keys in position order. */
export interface ProductCardRow {
  id: number;
  name: string;
  description: string;
  pricePaise: number;
  originalPricePaise: number | null;
  validUntil: Date;
  createdAt: Date;
  sellerPhone: string;
  sellerEmail: string | null;
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  officialBrand: boolean;
  category: ProductCategory;
  imageKeys: string[];
  sellerUid: string;
  sellerUsername: string;
  sellerProfileImage: string | null;
  sellerCity: string | null;
}

/** Escapes LIKE's wildcards so a search for '50%' looks for the text '50%'. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Product rows for the storefront. */
@Injectable()
export class ProductsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Newest first (the index on created_at, id), optionally only official products or names containing `search`
   * (served by the trigram index on name). One statement for the whole page: the seller and the images are
   * joined in, so a page costs one round trip whatever its size.
   */
  listNewest(options: { officialOnly: boolean; search?: string; skip: number; take: number }): Promise<ProductCardRow[]> {
    const official = options.officialOnly ? Prisma.sql`AND p.official_brand` : Prisma.empty;
    const named = options.search ? Prisma.sql`AND p.name ILIKE ${likePattern(options.search)}` : Prisma.empty;
    return this.prisma.$queryRaw<ProductCardRow[]>`
      SELECT p.id, p.name, p.description,
             p.price_paise AS "pricePaise", p.original_price_paise AS "originalPricePaise",
             p.valid_until AS "validUntil", p.created_at AS "createdAt",
             p.seller_phone AS "sellerPhone", p.seller_email AS "sellerEmail",
             p.weight_grams AS "weightGrams", p.length_mm AS "lengthMm", p.width_mm AS "widthMm",
             p.height_mm AS "heightMm", p.official_brand AS "officialBrand", p.category::text AS category,
             COALESCE(
               (SELECT array_agg(i.file_key ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id),
               '{}'::text[]
             ) AS "imageKeys",
             u.firebase_uid AS "sellerUid", u.username::text AS "sellerUsername",
             pr.profile_image AS "sellerProfileImage", pr.city AS "sellerCity"
        FROM products p
        JOIN users u ON u.id = p.seller_id AND u.deleted_at IS NULL
        LEFT JOIN profiles pr ON pr.user_id = u.id
       WHERE TRUE ${official} ${named}
       ORDER BY p.created_at DESC, p.id DESC
       LIMIT ${options.take} OFFSET ${options.skip}`;
  }
}

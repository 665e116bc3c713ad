import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { BusinessKind } from '@mandi/domain';

/** A provider of the catalogue: an approved seller, or the official seller (Mandi's own), with its profile if any. */
const CATALOG_SELLER_ROW = sqlRow('ondc catalogue seller', {
  seller_id: 'int',
  email: 'text',
  mandi: 'bool',
  legal_name: 'text | null',
  business_kind: narrowed<BusinessKind | null>('text'),
  fssai_number: 'text | null',
  street: 'text | null',
  locality: 'text | null',
  district: 'text | null',
  state: 'text | null',
  pincode: 'text | null',
  mobile: 'text | null',
  /** The district the India Post directory names for the pincode. */
  directory_district: 'text | null',
  /** The phone of the seller's latest product, for a provider without a profile (Mandi's). */
  product_phone: 'text | null',
});

/** A product of the catalogue, with its images in order. */
const CATALOG_PRODUCT_ROW = sqlRow('ondc catalogue product', {
  id: 'int',
  seller_id: 'int',
  name: 'text',
  description: 'text',
  price_paise: 'int',
  original_price_paise: 'int | null',
  weight_grams: 'int | null',
  category: 'product_category',
  pre_packaged: 'bool',
  stock: 'int | null',
  seller_phone: 'text',
  seller_email: 'text | null',
  updated_at: 'timestamptz',
  on_sale: 'bool',
  file_keys: 'text[]',
  card_key: 'text | null',
});

/** The first office of a pincode in the India Post directory. */
const DIRECTORY_PLACE_ROW = sqlRow('ondc directory place', { district: 'text', office_name: 'text' });

/** A provider's row. */
export type CatalogSellerRow = RowOf<typeof CATALOG_SELLER_ROW>;
/** A product's row. */
export type CatalogProductRow = RowOf<typeof CATALOG_PRODUCT_ROW>;

/** Which products a read takes. */
export type CatalogProductFilter =
  { kind: 'on_sale' } | { kind: 'changed'; from: Date; to: Date } | { kind: 'one'; productId: number };

/** A product the shop shows and that is still valid: what checkout would sell (checkout_products). */
const ON_SALE = Prisma.sql`(p.valid_until > now() AND product_is_shown(p.unlisted_at, p.seller_suspended))`;

/**
 * The rows of Mandi's ONDC catalogue (docs/ondc.md, "The catalogue"): its providers, approved sellers (docs/sellers.md)
 * and the official seller, and their products, on sale or not, as the catalogue's builders in libs/domain take them.
 */
@Injectable()
export class OndcCatalogRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The providers: sellers with an approved profile, and the official seller (`officialUid`) with or without one;
   * only `sellerIds` when given, else those with a product on sale.
   */
  sellers(officialUid: string | null, sellerIds?: readonly number[]): Promise<CatalogSellerRow[]> {
    const which = sellerIds
      ? Prisma.sql`u.id = ANY(${[...sellerIds]}::int[])`
      : Prisma.sql`EXISTS (SELECT 1 FROM products p WHERE p.seller_id = u.id AND ${ON_SALE})`;
    return queryRows(
      this.prisma,
      CATALOG_SELLER_ROW,
      Prisma.sql`
      SELECT u.id AS seller_id, u.email::text AS email, COALESCE(u.firebase_uid = ${officialUid}::text, false) AS mandi,
             sp.legal_name, sp.business_kind::text AS business_kind, sp.fssai_number::text AS fssai_number,
             sp.pickup_flat_house_building AS street, sp.pickup_area_or_street_or_village AS locality,
             sp.pickup_district AS district, sp.pickup_state AS state, sp.pickup_pincode::text AS pincode,
             sp.pickup_mobile AS mobile, dir.district AS directory_district,
             (SELECT p.seller_phone::text FROM products p WHERE p.seller_id = u.id ORDER BY p.updated_at DESC, p.id DESC
               LIMIT 1) AS product_phone
        FROM users u
        LEFT JOIN seller_profiles sp ON sp.user_id = u.id AND sp.status = 'approved'
        LEFT JOIN LATERAL (SELECT d.district FROM pincodes d WHERE d.pincode = sp.pickup_pincode ORDER BY d.id LIMIT 1)
          dir ON true
       WHERE (sp.user_id IS NOT NULL OR u.firebase_uid = ${officialUid}::text) AND ${which}
       ORDER BY u.id`,
    );
  }

  /** The products of `sellerIds` that `filter` takes, by seller, category and id. */
  products(sellerIds: readonly number[], filter: CatalogProductFilter): Promise<CatalogProductRow[]> {
    const which =
      filter.kind === 'on_sale'
        ? ON_SALE
        : filter.kind === 'changed'
          ? Prisma.sql`p.updated_at >= ${filter.from} AND p.updated_at <= ${filter.to}`
          : Prisma.sql`p.id = ${filter.productId}`;
    return queryRows(
      this.prisma,
      CATALOG_PRODUCT_ROW,
      Prisma.sql`
      SELECT p.id, p.seller_id, p.name::text AS name, p.description::text AS description, p.price_paise,
             p.original_price_paise, p.weight_grams, p.category, p.pre_packaged, p.stock, p.seller_phone::text AS seller_phone,
             p.seller_email::text AS seller_email, p.updated_at, ${ON_SALE} AS on_sale,
             COALESCE(img.file_keys, '{}'::text[]) AS file_keys, img.file_cards[1] AS card_key
        FROM products p
        LEFT JOIN LATERAL (SELECT array_agg(i.file_key::text ORDER BY i.position) AS file_keys,
                                  array_agg(i.card_key::text ORDER BY i.position) AS file_cards
                             FROM product_images i WHERE i.product_id = p.id) img ON true
       WHERE p.seller_id = ANY(${[...sellerIds]}::int[]) AND ${which}
       ORDER BY p.seller_id, p.category, p.id`,
    );
  }

  /** The seller of product `productId`, or null when it is gone. */
  async sellerOf(productId: number): Promise<number | null> {
    const product = await this.prisma.product.findUnique({ where: { id: productId }, select: { sellerId: true } });
    return product?.sellerId ?? null;
  }

  /** The district and first office of `pincode` in the India Post directory, or null when it has none. */
  async directoryPlace(pincode: string): Promise<{ district: string; officeName: string } | null> {
    const [row] = await queryRows(
      this.prisma,
      DIRECTORY_PLACE_ROW,
      Prisma.sql`SELECT d.district, d.office_name FROM pincodes d WHERE d.pincode = ${pincode} ORDER BY d.id LIMIT 1`,
    );
    return row ? { district: row.district, officeName: row.office_name } : null;
  }
}

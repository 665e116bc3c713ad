// What narrows and orders a list of products, written once for the listing and for search (issue 16).
import { Prisma } from '@mandi/database';
import type { ProductCategory, ProductSort } from '@mandi/domain';

/** The browsing filters as the queries take them: prices in paise, bounds included; absent members narrow nothing. */
export interface ProductBrowseFilter {
  category?: ProductCategory;
  minPaise?: number;
  maxPaise?: number;
  /** Only products with stock left, or unlimited (null) stock: whose stock covers one pack (`stock_covers`). */
  inStock?: boolean;
  /** Only products whose validity has not passed, by the database clock. */
  fresh?: boolean;
}

/** The conditions of `filter` on `products p`, each as `AND ...`; empty when it narrows nothing. */
export function browseConditions(filter: ProductBrowseFilter | undefined): Prisma.Sql {
  if (!filter) return Prisma.empty;
  const conditions: Prisma.Sql[] = [];
  if (filter.category) conditions.push(Prisma.sql`AND p.category = ${filter.category}::product_category`);
  if (filter.minPaise !== undefined) conditions.push(Prisma.sql`AND p.price_paise >= ${filter.minPaise}`);
  if (filter.maxPaise !== undefined) conditions.push(Prisma.sql`AND p.price_paise <= ${filter.maxPaise}`);
  if (filter.inStock) conditions.push(Prisma.sql`AND stock_covers(p.stock, 1)`);
  if (filter.fresh) conditions.push(Prisma.sql`AND p.valid_until > now()`);
  return conditions.length === 0 ? Prisma.empty : Prisma.join(conditions, ' ');
}

/**
 * The ORDER BY terms of a sort over rows of `alias` that carry price_paise, created_at and id. Each is the order of an
 * index (docs/catalog.md, "Browsing"): (created_at DESC, id DESC), and (price_paise, id) read forwards or backwards,
 * each also behind the category; id breaks ties, so pages never overlap.
 */
export function sortOrder(sort: ProductSort, alias: 'p' | 'f'): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${alias}.${name}`);
  switch (sort) {
    case 'newest':
      return Prisma.sql`${column('created_at')} DESC, ${column('id')} DESC`;
    case 'price_asc':
      return Prisma.sql`${column('price_paise')} ASC, ${column('id')} ASC`;
    case 'price_desc':
      return Prisma.sql`${column('price_paise')} DESC, ${column('id')} DESC`;
  }
}

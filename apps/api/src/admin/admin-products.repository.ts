import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type ProductCategory, type RowOf } from '@mandi/database';
import {
  ADMIN_PRODUCTS_COUNT_MAX,
  STOCK_LIMITS,
  STOCK_BAND_EXACT_MAX,
  type AdminProductSort,
  type AdminProductStatus,
  type AdminProductStockFilter,
  type AdminProductValidityFilter,
} from '@mandi/domain';
import { auditInsertSql, outboxInsertSql } from '@mandi/events';
import { browseConditions } from '../products/product-browse.sql.js';
import { productVisibleSql } from '../products/product-visibility.sql.js';

/** A product row as the console lists it. */
const ADMIN_PRODUCT_ROW = sqlRow('admin product', {
  id: 'int',
  name: 'text',
  category: narrowed<ProductCategory>('text'),
  pricePaise: 'int',
  stock: 'int | null',
  validUntil: 'timestamptz',
  createdAt: 'timestamptz',
  unlistedAt: 'timestamptz | null',
  unlistedReason: 'text | null',
  sellerSuspended: 'bool',
  sellerId: 'int',
  sellerUsername: 'text',
  sellerStatus: narrowed<'active' | 'suspended' | 'deleted'>('text'),
  /** The first image's thumbnail key (its original's until the worker made it), null without images. */
  thumbKey: 'text | null',
});
/** A row of {@link ADMIN_PRODUCT_ROW}. */
export type AdminProductRow = RowOf<typeof ADMIN_PRODUCT_ROW>;

/** How many products matched (up to a cap). */
const COUNT_ROW = sqlRow('admin product count', { n: 'int' });

/** Whether a moderation changed the product; no row when there is no such product. */
const MODERATION_ROW = sqlRow('product moderation', { changed: 'bool' });

/** What the console's list narrows by, as the statement takes it (prices in paise). */
export interface AdminProductFilter {
  search?: string;
  /** Our user id (digits) or a username. */
  seller?: string;
  category?: ProductCategory;
  minPaise?: number;
  maxPaise?: number;
  stock?: AdminProductStockFilter;
  validity?: AdminProductValidityFilter;
  status?: AdminProductStatus;
}

/** How an unlisting or relisting went: done, the product was already so, or there is no such product. */
export type ModerationOutcome = 'changed' | 'unchanged' | 'not_found';

/** The largest value of a PostgreSQL integer: longer digits name no user. */
const INT4_MAX = 2_147_483_647;

/** Each sort's column over `products p`, read off an index either way; id breaks ties so pages never overlap. */
const SORT_COLUMNS: Readonly<Record<AdminProductSort, string>> = {
  newest: 'p.created_at',
  name: 'p.name',
  price: 'p.price_paise',
  stock: 'p.stock',
  valid_until: 'p.valid_until',
};

/** The columns of {@link AdminProductRow} over `products p JOIN users u` (the seller). */
const ROW_COLUMNS = Prisma.sql`
  p.id, p.name, p.category::text AS category, p.price_paise AS "pricePaise", p.stock,
  p.valid_until AS "validUntil", p.created_at AS "createdAt",
  p.unlisted_at AS "unlistedAt", p.unlisted_reason AS "unlistedReason", p.seller_suspended AS "sellerSuspended",
  u.id AS "sellerId", u.username::text AS "sellerUsername",
  CASE WHEN u.deleted_at IS NOT NULL THEN 'deleted' ELSE u.status::text END AS "sellerStatus",
  (SELECT coalesce(i.thumb_key, i.file_key) FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS "thumbKey"`;

/** The jsonb of a product's moderation state in the audit trail: {status, reason}. */
const LISTED = Prisma.sql`jsonb_build_object('status', 'listed', 'reason', NULL)`;

/** Products as the console's Products tab lists, unlists and lists them again. */
@Injectable()
export class AdminProductsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * One page of products matching `filter` in `sort` order: the page's ids are picked from products alone (through the
   * sort's index, narrowed by the filter), then joined to their sellers and first image. Every product is listed,
   * hidden ones included.
   */
  page(
    filter: AdminProductFilter,
    sort: AdminProductSort,
    descending: boolean,
    skip: number,
    take: number,
  ): Promise<AdminProductRow[]> {
    const direction = Prisma.raw(descending ? 'DESC' : 'ASC');
    const order = Prisma.sql`${Prisma.raw(SORT_COLUMNS[sort])} ${direction}, p.id ${direction}`;
    const ids =
      sort === 'stock'
        ? stockPageIds(conditions(filter), direction, skip, take)
        : Prisma.sql`SELECT p.id FROM products p WHERE ${conditions(filter)} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}`;
    return queryRows(
      this.prisma,
      ADMIN_PRODUCT_ROW,
      Prisma.sql`
      SELECT ${ROW_COLUMNS}
        FROM (${ids}) page
        JOIN products p ON p.id = page.id
        JOIN users u ON u.id = p.seller_id
       ORDER BY ${order}`,
    );
  }

  /**
   * How many products match `filter`, counted up to ADMIN_PRODUCTS_COUNT_MAX + 1 only: an exact count of a broad filter
   * at a million products reads every match, this reads at most that many index entries.
   */
  async count(filter: AdminProductFilter): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      COUNT_ROW,
      Prisma.sql`
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM products p WHERE ${conditions(filter)} LIMIT ${ADMIN_PRODUCTS_COUNT_MAX + 1}
      ) matched`,
    );
    return row!.n;
  }

  /** One product's row, or null. */
  async find(id: number): Promise<AdminProductRow | null> {
    const [row] = await queryRows(
      this.prisma,
      ADMIN_PRODUCT_ROW,
      Prisma.sql`
      SELECT ${ROW_COLUMNS}
        FROM products p JOIN users u ON u.id = p.seller_id
       WHERE p.id = ${id}`,
    );
    return row ?? null;
  }

  /**
   * Takes product `id` off the shop with `reason`, writing product.unlisted and the audit row (before
   * {status: 'listed', reason: null}, after {status: 'unlisted', reason}), in ONE statement: the row is locked first, so
   * two admins at once serialise and the later one finds it unlisted ('unchanged'). search_names follows by its trigger.
   */
  async unlist(adminId: number, id: number, reason: string): Promise<ModerationOutcome> {
    const [row] = await queryRows(
      this.prisma,
      MODERATION_ROW,
      Prisma.sql`
      WITH current AS (
        SELECT p.id, p.unlisted_at FROM products p WHERE p.id = ${id} FOR NO KEY UPDATE
      ), changed AS (
        UPDATE products p SET unlisted_at = now(), unlisted_reason = ${reason}, updated_at = now()
          FROM current c
         WHERE p.id = c.id AND c.unlisted_at IS NULL
        RETURNING p.id, p.unlisted_reason
      ), events AS (${outboxInsertSql({ type: 'product.unlisted', from: 'changed', ids: { productId: 'id' } })}),
      audited AS (${auditInsertSql({
        adminId,
        action: 'product.unlist',
        from: 'changed',
        objectId: 'id',
        before: LISTED,
        after: Prisma.sql`jsonb_build_object('status', 'unlisted', 'reason', changed.unlisted_reason)`,
      })})
      SELECT EXISTS (SELECT 1 FROM changed) AS changed FROM current`,
    );
    return outcomeOf(row);
  }

  /**
   * Puts product `id` back in the shop (unless its seller is suspended, which keeps it hidden until the account is
   * active), writing product.relisted and the audit row (before {status: 'unlisted', reason}, after
   * {status: 'listed', reason: null}), in ONE statement, as {@link unlist}.
   */
  async relist(adminId: number, id: number): Promise<ModerationOutcome> {
    const [row] = await queryRows(
      this.prisma,
      MODERATION_ROW,
      Prisma.sql`
      WITH current AS (
        SELECT p.id, p.unlisted_at, p.unlisted_reason FROM products p WHERE p.id = ${id} FOR NO KEY UPDATE
      ), changed AS (
        UPDATE products p SET unlisted_at = NULL, unlisted_reason = NULL, updated_at = now()
          FROM current c
         WHERE p.id = c.id AND c.unlisted_at IS NOT NULL
        RETURNING p.id, c.unlisted_reason AS reason_before
      ), events AS (${outboxInsertSql({ type: 'product.relisted', from: 'changed', ids: { productId: 'id' } })}),
      audited AS (${auditInsertSql({
        adminId,
        action: 'product.relist',
        from: 'changed',
        objectId: 'id',
        before: Prisma.sql`jsonb_build_object('status', 'unlisted', 'reason', changed.reason_before)`,
        after: LISTED,
      })})
      SELECT EXISTS (SELECT 1 FROM changed) AS changed FROM current`,
    );
    return outcomeOf(row);
  }
}

function outcomeOf(row: { changed: boolean } | undefined): ModerationOutcome {
  if (!row) return 'not_found';
  return row.changed ? 'changed' : 'unchanged';
}

/**
 * The ids of a page sorted by stock (unlimited counts as the most), through the index of the stock's band: no index
 * holds the stock itself, so that an order's stock update stays HOT (migration 20261219090000_products_stock_hot). A
 * band up to STOCK_BAND_EXACT_MAX is the stock itself and unlimited stock is one null band, so those two parts read
 * off the index in order; only the wider bands above are sorted by their stock, a band at a time (an incremental
 * sort). Each part gives at most the page's last row, and the page is cut from the three.
 */
function stockPageIds(where: Prisma.Sql, direction: Prisma.Sql, skip: number, take: number): Prisma.Sql {
  const upTo = skip + take;
  const part = (band: Prisma.Sql, order: Prisma.Sql) =>
    Prisma.sql`(SELECT p.id, p.stock FROM products p WHERE ${where} AND ${band} ORDER BY ${order} LIMIT ${upTo})`;
  const exact = Prisma.sql`p.stock_band ${direction}, p.id ${direction}`;
  return Prisma.sql`
    SELECT parts.id FROM (
      ${part(Prisma.sql`p.stock_band <= ${STOCK_BAND_EXACT_MAX}`, exact)}
      UNION ALL
      ${part(Prisma.sql`p.stock_band > ${STOCK_BAND_EXACT_MAX}`, Prisma.sql`p.stock_band ${direction}, p.stock ${direction}, p.id ${direction}`)}
      UNION ALL
      ${part(Prisma.sql`p.stock_band IS NULL`, exact)}
    ) parts
    ORDER BY parts.stock ${direction}, parts.id ${direction}
    LIMIT ${take} OFFSET ${skip}`;
}

/** The filter as `AND`ed conditions over `products p` (TRUE when it narrows nothing). */
function conditions(filter: AdminProductFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (filter.search) {
    // A substring of the name, case-insensitive, through the trigram index; LIKE's own characters are taken literally.
    const literal = filter.search.replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(Prisma.sql`AND p.name ILIKE ${`%${literal}%`}`);
  }
  if (filter.seller) parts.push(sellerCondition(filter.seller));
  parts.push(browseConditions({ category: filter.category, minPaise: filter.minPaise, maxPaise: filter.maxPaise }));
  switch (filter.stock) {
    // By the stock's band, which is indexed (the stock itself is not; see stockPageIds): up to
    // STOCK_BAND_EXACT_MAX packs the band is the stock.
    case 'sold_out':
      parts.push(Prisma.sql`AND p.stock_band = 0`);
      break;
    case 'low':
      parts.push(Prisma.sql`AND p.stock_band BETWEEN 1 AND ${STOCK_LIMITS.lowThreshold}`);
      break;
    case 'unlimited':
      parts.push(Prisma.sql`AND p.stock_band IS NULL`);
      break;
  }
  if (filter.validity === 'live') parts.push(Prisma.sql`AND p.valid_until > now()`);
  if (filter.validity === 'expired') parts.push(Prisma.sql`AND p.valid_until <= now()`);
  switch (filter.status) {
    case 'listed':
      parts.push(Prisma.sql`AND ${productVisibleSql()}`);
      break;
    case 'unlisted':
      parts.push(Prisma.sql`AND p.unlisted_at IS NOT NULL`);
      break;
    case 'seller_suspended':
      parts.push(Prisma.sql`AND p.seller_suspended`);
      break;
  }
  return Prisma.join(parts, ' ');
}

/** The seller by our user id (digits) or username (case-insensitive, citext). */
function sellerCondition(seller: string): Prisma.Sql {
  const id = /^\d{1,10}$/.test(seller) && Number(seller) <= INT4_MAX ? Number(seller) : null;
  return id === null
    ? Prisma.sql`AND p.seller_id IN (SELECT u.id FROM users u WHERE u.username = ${seller}::citext)`
    : Prisma.sql`AND p.seller_id IN (SELECT u.id FROM users u WHERE u.id = ${id} OR u.username = ${seller}::citext)`;
}

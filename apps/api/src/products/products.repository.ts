import { Injectable } from '@nestjs/common';
import { ID_ROW, Prisma, PrismaService, queryRows, sqlRow, type RowOf, type Transaction } from '@mandi/database';
import { searchTerms, type ProductSort } from '@mandi/domain';
import { browseConditions, sortOrder, type ProductBrowseFilter } from './product-browse.sql.js';
import { PRODUCT_CARD_COLUMNS, PRODUCT_CARD_JOINS, PRODUCT_CARD_ROW, type ProductCardRow } from './product-card.sql.js';
import { productVisibleSql } from './product-visibility.sql.js';
import { searchPageSql } from './search/product-search.sql.js';

/** The columns a seller's form sets, as stored (paise, grams, millimetres); `stock` undefined leaves it as it is. */
export type ProductDraft = { stock: number | null | undefined } & Pick<
  ProductCardRow,
  | 'name'
  | 'description'
  | 'pricePaise'
  | 'validUntil'
  | 'sellerPhone'
  | 'sellerEmail'
  | 'weightGrams'
  | 'lengthMm'
  | 'widthMm'
  | 'heightMm'
  | 'officialBrand'
  | 'category'
>;

/** One image row as stored, with its variants once the worker made them. */
export interface ProductImageRow {
  fileKey: string;
  contentType: string;
  cardKey: string | null;
  thumbKey: string | null;
}

/** Who may change a product: its seller. */
const PRODUCT_OWNER_ROW = sqlRow('product owner', {
  id: 'int',
  sellerId: 'int',
  sellerUid: 'text',
  sellerEmail: 'text',
});
/** A row of {@link PRODUCT_OWNER_ROW}. */
export type ProductOwner = RowOf<typeof PRODUCT_OWNER_ROW>;

/** True when `error` is a unique-index violation (a second product with the same seller and requestId). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const cause = (error.meta as { driverAdapterError?: { cause?: { originalCode?: string } } })?.driverAdapterError
    ?.cause;
  return error.code === 'P2002' || cause?.originalCode === '23505';
}

/** The largest value of a PostgreSQL integer: a longer id names no product. */
const INT4_MAX = 2_147_483_647;

/** Product rows for the storefront. */
@Injectable()
export class ProductsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * A page of the listing: newest first (the index on created_at, id) or by price, optionally only official products,
   * narrowed by the browsing filters; with `search`, the products matching it ranked as the by-name search ranks them
   * (or in `sort` order when one is given). The page's ids are picked first from the products alone, then joined to
   * their sellers and images: a later page then skips ids instead of whole cards. One statement for the whole page.
   */
  listPage(options: {
    officialOnly: boolean;
    search?: string;
    browse?: ProductBrowseFilter;
    /** Absent: newest first, or by relevance with a search. */
    sort?: ProductSort;
    skip: number;
    take: number;
  }): Promise<ProductCardRow[]> {
    if (options.search !== undefined) {
      // A search is ranked by how well names match (synonyms and typos included), not by date: see search/.
      const terms = searchTerms(options.search);
      if (terms.length === 0) return Promise.resolve([]);
      return queryRows(this.prisma, PRODUCT_CARD_ROW, searchPageSql({ terms, text: terms.join(' ') }, options));
    }
    const official = options.officialOnly ? Prisma.sql`AND p.official_brand` : Prisma.empty;
    const order = sortOrder(options.sort ?? 'newest', 'p');
    return queryRows(
      this.prisma,
      PRODUCT_CARD_ROW,
      Prisma.sql`
      SELECT ${PRODUCT_CARD_COLUMNS}
        FROM (
          SELECT p.id
            FROM products p
            JOIN users u ON u.id = p.seller_id AND u.deleted_at IS NULL
           WHERE ${productVisibleSql()} ${official} ${browseConditions(options.browse)}
           ORDER BY ${order}
           LIMIT ${options.take} OFFSET ${options.skip}
        ) page
        JOIN products p ON p.id = page.id
        ${PRODUCT_CARD_JOINS}
       ORDER BY ${order}`,
    );
  }

  /**
   * One product as a card and product page show it, also when the shop does not show it (its state is in the row: the
   * service decides who may see it); null when there is none (or its id is not a number of ours).
   */
  async findCard(id: number): Promise<ProductCardRow | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) return null;
    const rows = await queryRows(
      this.prisma,
      PRODUCT_CARD_ROW,
      Prisma.sql`
      SELECT ${PRODUCT_CARD_COLUMNS}
        FROM products p
        ${PRODUCT_CARD_JOINS}
       WHERE p.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /**
   * A seller's products, newest first (the index on seller_id, created_at): those the shop shows, or with
   * `includeHidden` (the seller themselves, an admin) the unlisted ones and those hidden by a suspension too.
   */
  listOfSeller(
    sellerId: number,
    options: { skip: number; take: number; includeHidden?: boolean },
  ): Promise<ProductCardRow[]> {
    return queryRows(
      this.prisma,
      PRODUCT_CARD_ROW,
      Prisma.sql`
      SELECT ${PRODUCT_CARD_COLUMNS}
        FROM products p
        ${PRODUCT_CARD_JOINS}
       WHERE p.seller_id = ${sellerId} ${options.includeHidden ? Prisma.empty : Prisma.sql`AND ${productVisibleSql()}`}
       ORDER BY p.created_at DESC, p.id DESC
       LIMIT ${options.take} OFFSET ${options.skip}`,
    );
  }

  /** Official products: those still valid first (by the database clock), each group newest first. */
  listOfficial(take: number): Promise<ProductCardRow[]> {
    return queryRows(
      this.prisma,
      PRODUCT_CARD_ROW,
      Prisma.sql`
      SELECT ${PRODUCT_CARD_COLUMNS}
        FROM products p
        ${PRODUCT_CARD_JOINS}
       WHERE p.official_brand AND ${productVisibleSql()}
       ORDER BY (p.valid_until > now()) DESC, p.created_at DESC, p.id DESC
       LIMIT ${take}`,
    );
  }

  /** Our id of the (not deleted) user behind a Firebase uid. */
  async findSellerId(firebaseUid: string): Promise<number | null> {
    const user = await this.prisma.user.findFirst({ where: { firebaseUid, deletedAt: null }, select: { id: true } });
    return user?.id ?? null;
  }

  /** The product a seller already made with this requestId, if any. */
  async findIdByRequest(sellerId: number, requestId: string): Promise<number | null> {
    const product = await this.prisma.product.findUnique({
      where: { sellerId_requestId: { sellerId, requestId } },
      select: { id: true },
    });
    return product?.id ?? null;
  }

  /**
   * Takes the next product id before the product exists, so its files can be stored under products/<id>/ before
   * the row is written. A rolled-back insert leaves a gap in the ids, which is harmless.
   */
  async reserveId(): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      ID_ROW,
      Prisma.sql`
      SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id`,
    );
    return row!.id;
  }

  /** Runs `work` in one database transaction (rows and outbox events commit together). */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /** Inserts a product under its reserved id with its images in order; a repeated requestId violates the unique index. */
  async insert(
    tx: Transaction,
    id: number,
    sellerId: number,
    draft: ProductDraft,
    requestId: string | null,
    images: readonly Pick<ProductImageRow, 'fileKey' | 'contentType'>[],
  ): Promise<void> {
    await tx.product.create({
      data: {
        id,
        sellerId,
        requestId,
        ...draft,
        images: {
          create: images.map((image, position) => ({
            position,
            fileKey: image.fileKey,
            contentType: image.contentType,
          })),
        },
      },
    });
  }

  /** The product's seller, locking the row until the transaction ends (edits and deletions of one product queue up). */
  async lockOwner(tx: Transaction, id: number): Promise<ProductOwner | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) return null;
    const rows = await queryRows(
      tx,
      PRODUCT_OWNER_ROW,
      Prisma.sql`
      SELECT p.id, p.seller_id AS "sellerId", u.firebase_uid AS "sellerUid", u.email::text AS "sellerEmail"
        FROM products p
        JOIN users u ON u.id = p.seller_id
       WHERE p.id = ${id}
         FOR UPDATE OF p`,
    );
    return rows[0] ?? null;
  }

  /** The product's seller, without a lock: for checks before any file is written. */
  async findOwner(id: number): Promise<ProductOwner | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) return null;
    const rows = await queryRows(
      this.prisma,
      PRODUCT_OWNER_ROW,
      Prisma.sql`
      SELECT p.id, p.seller_id AS "sellerId", u.firebase_uid AS "sellerUid", u.email::text AS "sellerEmail"
        FROM products p
        JOIN users u ON u.id = p.seller_id
       WHERE p.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /** The product's images in position order (in `tx` when given). */
  imagesOf(productId: number, tx?: Transaction): Promise<ProductImageRow[]> {
    return (tx ?? this.prisma).productImage.findMany({
      where: { productId },
      orderBy: { position: 'asc' },
      select: { fileKey: true, contentType: true, cardKey: true, thumbKey: true },
    });
  }

  /**
   * Saves an edit: the columns and the new list of images (positions 0..n-1 in the given order). The image rows are
   * written anew, each kept image with the variants the worker already made for it.
   */
  async update(tx: Transaction, id: number, draft: ProductDraft, images: readonly ProductImageRow[]): Promise<void> {
    await tx.productImage.deleteMany({ where: { productId: id } });
    await tx.product.update({
      where: { id },
      data: { ...draft, images: { create: images.map((image, position) => ({ position, ...image })) } },
    });
  }

  /** Deletes a product; its images and cart lines cascade, order lines keep their copy (product_id set null). */
  async delete(tx: Transaction, id: number): Promise<void> {
    await tx.product.delete({ where: { id } });
  }

  /**
   * The seller dashboard's 'extend validity' (issue 16): valid_until moves on by `byMs` from whichever is later, now
   * (the database clock) or itself. search_names follows valid_until through its trigger, as for any edit.
   */
  async extendValidity(tx: Transaction, id: number, byMs: number): Promise<void> {
    await tx.$executeRaw`
      UPDATE products
         SET valid_until = greatest(valid_until, now()) + ${byMs}::double precision * interval '1 millisecond', updated_at = now()
       WHERE id = ${id}`;
  }

  /** The seller dashboard's 'restock' (issue 16): sets the packs left. */
  async setStock(tx: Transaction, id: number, stock: number): Promise<void> {
    await tx.product.update({ where: { id }, data: { stock } });
  }
}

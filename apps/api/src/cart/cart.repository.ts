import { Injectable } from '@nestjs/common';
import { narrowed, prepared, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { CART_LINES_MAX } from '@mandi/domain';
import { PRODUCT_CARD_COLUMNS, PRODUCT_CARD_JOINS, PRODUCT_CARD_ROW } from '../products/product-card.sql.js';
import { productVisibleSql } from '../products/product-visibility.sql.js';

/** A cart line as stored: the product as a card shows it, and how many. */
const CART_LINE_ROW = sqlRow('cart line', { ...PRODUCT_CARD_ROW.columns, quantity: 'int' });
/** A row of {@link CART_LINE_ROW}. */
export type CartLineRow = RowOf<typeof CART_LINE_ROW>;

/** How adding a product to a cart went. */
export type CartAddOutcome =
  'added' | 'already_in_cart' | 'cart_full' | 'not_found' | 'not_shown' | 'own_product' | 'sold_out';

/** What cart_add_line answers. */
const CART_ADD_ROW = sqlRow('cart add', { outcome: narrowed<CartAddOutcome>('text') });

/** A line a write changed. */
const CART_LINE_CHANGED_ROW = sqlRow('cart line changed', { id: 'int' });

/** Cart lines in cart_items, one per user and product. */
@Injectable()
export class CartRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Our id of the active user with this Firebase uid, or null. */
  async userIdOf(uid: string): Promise<number | null> {
    const user = await this.prisma.user.findFirst({
      where: { firebaseUid: uid, deletedAt: null },
      select: { id: true },
    });
    return user?.id ?? null;
  }

  /**
   * Puts the product in the cart with quantity 1 unless it cannot be bought (no such product, not shown by the shop,
   * the owner's own, sold out), is there already (the unique line decides) or the cart holds CART_LINES_MAX
   * products: one statement, cart_add_line (prisma/sql/functions), which locks the owner's user row before counting,
   * so racing adds to one cart queue up and cannot pass the cap.
   */
  async add(userId: number, productId: number): Promise<CartAddOutcome> {
    const [row] = await queryRows(
      this.prisma,
      CART_ADD_ROW,
      prepared(Prisma.sql`SELECT cart_add_line(${userId}::int, ${productId}::int, ${CART_LINES_MAX}::int) AS outcome`),
    );
    return row!.outcome;
  }

  /**
   * The lines of a cart, the most recently added first, each with its product's card columns: one statement. A product
   * the shop does not show is left out (its line stays, and shows again when the product is listed again).
   */
  lines(userId: number): Promise<CartLineRow[]> {
    return queryRows(
      this.prisma,
      CART_LINE_ROW,
      Prisma.sql`
      SELECT ${PRODUCT_CARD_COLUMNS}, c.quantity
        FROM cart_items c
        JOIN products p ON p.id = c.product_id
        ${PRODUCT_CARD_JOINS}
       WHERE c.user_id = ${userId} AND ${productVisibleSql()}
       ORDER BY c.created_at DESC, c.id DESC`,
    );
  }

  // Raw SQL for the writes a shopper repeats: a model query costs Prisma's query compiler more CPU than the write costs
  // PostgreSQL.

  /** Removes a line; false when there was none. */
  async remove(userId: number, productId: number): Promise<boolean> {
    const rows = await queryRows(
      this.prisma,
      CART_LINE_CHANGED_ROW,
      Prisma.sql`DELETE FROM cart_items WHERE user_id = ${userId} AND product_id = ${productId} RETURNING id`,
    );
    return rows.length === 1;
  }

  /** Sets a line's quantity; false when there is no such line. */
  async setQuantity(userId: number, productId: number, quantity: number): Promise<boolean> {
    const rows = await queryRows(
      this.prisma,
      CART_LINE_CHANGED_ROW,
      Prisma.sql`
      UPDATE cart_items SET quantity = ${quantity}, updated_at = now()
       WHERE user_id = ${userId} AND product_id = ${productId}
      RETURNING id`,
    );
    return rows.length === 1;
  }
}

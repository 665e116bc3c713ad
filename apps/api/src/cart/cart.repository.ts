import { Injectable } from '@nestjs/common';
import { ID_ROW, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { CART_LINES_MAX } from '@mandi/domain';
import { PRODUCT_CARD_COLUMNS, PRODUCT_CARD_JOINS, PRODUCT_CARD_ROW } from '../products/product-card.sql.js';
import { productVisibleSql } from '../products/product-visibility.sql.js';

/** A cart line as stored: the product as a card shows it, and how many. */
const CART_LINE_ROW = sqlRow('cart line', { ...PRODUCT_CARD_ROW.columns, quantity: 'int' });
/** A row of {@link CART_LINE_ROW}. */
export type CartLineRow = RowOf<typeof CART_LINE_ROW>;

/** A product's stock and place in the shop, as adding it to a cart checks them. */
const PRODUCT_STOCK_ROW = sqlRow('product stock', { stock: 'int | null', visible: 'bool', seller_id: 'int' });

/** Whether an add went in, and whether the product is in the cart now. */
const CART_ADD_ROW = sqlRow('cart add', { added: 'bool', present: 'bool' });

/** How adding a product to a cart went. */
export type CartAddOutcome = 'added' | 'already_in_cart' | 'cart_full';

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
   * Product `productId`'s packs left (null: unlimited) and whether the shop shows it, or undefined when there is no
   * such product.
   */
  async productStock(productId: number): Promise<RowOf<typeof PRODUCT_STOCK_ROW> | undefined> {
    const rows = await queryRows(
      this.prisma,
      PRODUCT_STOCK_ROW,
      Prisma.sql`
      SELECT p.stock, ${productVisibleSql()} AS visible, p.seller_id FROM products p WHERE p.id = ${productId}`,
    );
    return rows[0];
  }

  /**
   * Puts the product in the cart with quantity 1, unless it is there already (the unique line decides) or the cart holds
   * CART_LINES_MAX products. The owner's user row is locked first, as the address book does, so adds to one cart queue
   * up and each counts the lines the one before it committed: racing adds cannot pass the cap.
   */
  add(userId: number, productId: number): Promise<CartAddOutcome> {
    return this.prisma.$transaction(async (tx) => {
      await queryRows(tx, ID_ROW, Prisma.sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
      const [row] = await queryRows(
        tx,
        CART_ADD_ROW,
        Prisma.sql`
        WITH added AS (
          INSERT INTO cart_items (user_id, product_id)
          SELECT ${userId}, ${productId}
           WHERE (SELECT count(*) FROM cart_items WHERE user_id = ${userId}) < ${CART_LINES_MAX}
          ON CONFLICT (user_id, product_id) DO NOTHING
          RETURNING 1
        )
        SELECT EXISTS (SELECT 1 FROM added) AS added,
               EXISTS (SELECT 1 FROM cart_items WHERE user_id = ${userId} AND product_id = ${productId}) AS present`,
      );
      if (row!.added) return 'added';
      return row!.present ? 'already_in_cart' : 'cart_full';
    });
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

  /** Removes a line; false when there was none. */
  async remove(userId: number, productId: number): Promise<boolean> {
    return (await this.prisma.cartItem.deleteMany({ where: { userId, productId } })).count === 1;
  }

  /** Sets a line's quantity; false when there is no such line. */
  async setQuantity(userId: number, productId: number, quantity: number): Promise<boolean> {
    return (await this.prisma.cartItem.updateMany({ where: { userId, productId }, data: { quantity } })).count === 1;
  }
}

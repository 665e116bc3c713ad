import { Inject, Injectable } from '@nestjs/common';
import { PROFILE_IMAGE_PLACEHOLDER, rowIdOf, type Cart, type MessageAnswer } from '@mandi/contracts';
import {
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  DomainError,
  type DomainErrorCode,
  PRODUCT_MESSAGES,
  PRODUCT_MODERATION_MESSAGES,
  PROFILE_MESSAGES,
  STOCK_MESSAGES,
  WRITE_LIMIT_MESSAGES,
} from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { toProduct } from '../products/product-answer.js';
import { CartRepository, type CartAddOutcome } from './cart.repository.js';

/**
 * What each refused add answers, in the order cart_add_line checks them. A cart may ask for more than is left
 * (checkout is the truth), but never for what is gone.
 */
const ADD_REFUSALS = {
  not_found: ['not_found', PRODUCT_MESSAGES.notFound],
  not_shown: ['conflict', PRODUCT_MODERATION_MESSAGES.notAvailable],
  own_product: ['conflict', CHECKOUT_MESSAGES.ownProduct],
  sold_out: ['conflict', STOCK_MESSAGES.soldOutCannotAdd],
  already_in_cart: ['conflict', CART_MESSAGES.alreadyInCart.text],
  cart_full: ['conflict', WRITE_LIMIT_MESSAGES.cartFull],
} as const satisfies Record<Exclude<CartAddOutcome, 'added'>, readonly [DomainErrorCode, string]>;

/**
 * A user's cart (docs/cart.md): one line per product, quantity 1 to 15. The access guard has checked that
 * the uid is the caller's own (or that the caller is an admin); the cart is the uid's.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly cart: CartRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /**
   * Adds a product with quantity 1; 409 'Product already in cart.' when it is there, 409 when the cart already holds
   * CART_LINES_MAX products, the product is sold out or not shown by the shop (unlisted, seller suspended) or is the
   * cart owner's own, 404 for an unknown product.
   */
  async add(caller: Caller, uid: string, productId: string): Promise<MessageAnswer> {
    const userId = await this.userIdOf(caller, uid);
    const id = rowIdOf(productId);
    const outcome = id === null ? 'not_found' : await this.cart.add(userId, id);
    if (outcome !== 'added') {
      const [code, message] = ADD_REFUSALS[outcome];
      throw new DomainError(code, message);
    }
    return { message: CART_MESSAGES.added.text };
  }

  /** The cart's lines, the most recently added first: each product with its quantity and its seller's card. */
  async items(caller: Caller, uid: string): Promise<Cart> {
    const lines = await this.cart.lines(await this.userIdOf(caller, uid));
    return lines.map((line) => {
      const product = toProduct(line, this.files);
      const seller = product.seller!;
      return {
        ...product,
        quantity: line.quantity,
        seller: { ...seller, profileImage: seller.profileImage ?? PROFILE_IMAGE_PLACEHOLDER },
      };
    });
  }

  /** Removes a product from the cart; 404 when it is not there. */
  async remove(caller: Caller, uid: string, productId: string): Promise<MessageAnswer> {
    const userId = await this.userIdOf(caller, uid);
    const id = rowIdOf(productId);
    if (id === null || !(await this.cart.remove(userId, id))) {
      throw new DomainError('not_found', CART_MESSAGES.notInCart);
    }
    return { message: CART_MESSAGES.removed };
  }

  /** Sets a line's quantity (already checked to be 1 to 15); 404 when the product is not in the cart. */
  async setQuantity(caller: Caller, uid: string, productId: string, quantity: number): Promise<MessageAnswer> {
    const userId = await this.userIdOf(caller, uid);
    const id = rowIdOf(productId);
    if (id === null || !(await this.cart.setQuantity(userId, id, quantity))) {
      throw new DomainError('not_found', CART_MESSAGES.notInCart);
    }
    return { message: CART_MESSAGES.quantityUpdated };
  }

  /** Our id of the cart's owner: the caller's own, looked up only when an admin acts on someone else's cart. */
  private async userIdOf(caller: Caller, uid: string): Promise<number> {
    if (caller.uid === uid) return caller.id;
    const userId = await this.cart.userIdOf(uid);
    if (userId === null) throw new DomainError('not_found', PROFILE_MESSAGES.notFound);
    return userId;
  }
}

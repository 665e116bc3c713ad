import { Body, Controller, Param } from '@nestjs/common';
import {
  addToCart,
  cartOfUser,
  removeFromCart,
  setCartQuantity,
  type Cart,
  type CartParams,
  type CartProductBody,
  type MessageAnswer,
  type UpdateCartQuantityBody,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { CartService } from './cart.service.js';

/** The cart under /api/cart; every call is the uid's own (or an admin's), which the access guard checks. */
@Controller()
export class CartController {
  constructor(private readonly cart: CartService) {}

  /** Adds a product: 201, or 409 when it is in the cart already. */
  @Endpoint(addToCart)
  add(@Body() body: CartProductBody, @CurrentCaller() caller: Caller): Promise<MessageAnswer> {
    return this.cart.add(caller, body.uid, body.productId);
  }

  /** The cart's lines with their products. */
  @Endpoint(cartOfUser)
  items(@Param() params: CartParams, @CurrentCaller() caller: Caller): Promise<Cart> {
    return this.cart.items(caller, params.uid);
  }

  /** Removes a product (JSON body: uid, productId). */
  @Endpoint(removeFromCart)
  remove(@Body() body: CartProductBody, @CurrentCaller() caller: Caller): Promise<MessageAnswer> {
    return this.cart.remove(caller, body.uid, body.productId);
  }

  /** Sets a quantity from 1 to 15; any other value answers 400 and changes nothing. */
  @Endpoint(setCartQuantity)
  updateQuantity(@Body() body: UpdateCartQuantityBody, @CurrentCaller() caller: Caller): Promise<MessageAnswer> {
    return this.cart.setQuantity(caller, body.uid, body.productId, body.quantity);
  }
}

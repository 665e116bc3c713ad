import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import {
  cartParamsSchema,
  cartProductBodySchema,
  updateCartQuantityBodySchema,
  type Cart,
  type CartParams,
  type CartProductBody,
  type MessageAnswer,
  type UpdateCartQuantityBody,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { WRITE_LIMITS } from '../rate-limit/write-rate-limits.js';
import { CartService } from './cart.service.js';

/** The cart under /api/cart; every call is the uid's own (or an admin's), which the access guard checks. */
@Controller('cart')
export class CartController {
  constructor(private readonly cart: CartService) {}

  /** Adds a product: 201, or 409 when it is in the cart already. */
  @Post('add')
  @RateLimit(WRITE_LIMITS.cartAdds)
  add(
    @Body(new ZodPipe(cartProductBodySchema)) body: CartProductBody,
    @CurrentCaller() caller: Caller,
  ): Promise<MessageAnswer> {
    return this.cart.add(caller, body.uid, body.productId);
  }

  /** The cart's lines with their products. */
  @Get(':uid')
  items(@Param(new ZodPipe(cartParamsSchema)) params: CartParams, @CurrentCaller() caller: Caller): Promise<Cart> {
    return this.cart.items(caller, params.uid);
  }

  /** Removes a product (JSON body: uid, productId). */
  @Delete('remove')
  remove(
    @Body(new ZodPipe(cartProductBodySchema)) body: CartProductBody,
    @CurrentCaller() caller: Caller,
  ): Promise<MessageAnswer> {
    return this.cart.remove(caller, body.uid, body.productId);
  }

  /** Sets a quantity from 1 to 15; any other value answers 400 and changes nothing. */
  @Put('updateQuantity')
  updateQuantity(
    @Body(new ZodPipe(updateCartQuantityBodySchema)) body: UpdateCartQuantityBody,
    @CurrentCaller() caller: Caller,
  ): Promise<MessageAnswer> {
    return this.cart.setQuantity(caller, body.uid, body.productId, body.quantity);
  }
}

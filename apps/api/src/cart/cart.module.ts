import { Module } from '@nestjs/common';
import { CartController } from './cart.controller.js';
import { CartRepository } from './cart.repository.js';
import { CartService } from './cart.service.js';

/** The cart (docs/cart.md). */
@Module({ controllers: [CartController], providers: [CartService, CartRepository] })
export class CartModule {}

import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { ProductsModule } from '../products/products.module.js';
import { CheckoutProductsCache } from './checkout-products.cache.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutRepository } from './checkout.repository.js';
import { CheckoutService } from './checkout.service.js';

/** Placing orders: server-side pricing, the order with copies of its address and lines (docs/payments.md). */
@Module({
  imports: [PaymentsModule, ProductsModule],
  controllers: [CheckoutController],
  providers: [CheckoutService, CheckoutRepository, CheckoutProductsCache],
})
export class CheckoutModule {}

import { Body, Controller, Post } from '@nestjs/common';
import {
  codOrderBodySchema,
  paymentOrderBodySchema,
  type CodOrderBody,
  type OrderPlacedAnswer,
  type PaymentOrderAnswer,
  type PaymentOrderBody,
} from '@mandi/contracts';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { WRITE_LIMITS } from '../rate-limit/write-rate-limits.js';
import { CheckoutService } from './checkout.service.js';

/**
 * Placing an order under /api/payment (spec 001 section 7): cash on delivery, or an online order awaiting its payment.
 * The buyer's calls name their own userId, which the access guard checks.
 */
@Controller('payment')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  /** Places a cash-on-delivery order: 201 {success, orderId}; 409 with the real figures when the client's differ. */
  @Post('cod')
  @RateLimit(WRITE_LIMITS.orders)
  placeCashOnDelivery(@Body(new ZodPipe(codOrderBodySchema)) body: CodOrderBody): Promise<OrderPlacedAnswer> {
    return this.checkout.placeCashOnDelivery(body);
  }

  /** Creates an online order: the provider's order and key (widget variant), plus paymentUrl (cart variant). */
  @Post('order')
  @RateLimit(WRITE_LIMITS.orders)
  createOnlineOrder(@Body(new ZodPipe(paymentOrderBodySchema)) body: PaymentOrderBody): Promise<PaymentOrderAnswer> {
    return this.checkout.createOnlineOrder(body);
  }
}

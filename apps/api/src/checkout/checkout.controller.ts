import { Body, Controller } from '@nestjs/common';
import {
  placeCodOrder,
  placeOnlineOrder,
  type CodOrderBody,
  type OrderPlacedAnswer,
  type PaymentOrderAnswer,
  type PaymentOrderBody,
} from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { CheckoutService } from './checkout.service.js';

/**
 * Placing an order under /api/payment (docs/payments.md): cash on delivery, or an online order awaiting its payment.
 * The buyer's calls name their own userId, which the access guard checks.
 */
@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  /** Places a cash-on-delivery order: 201 {success, orderId}; 409 with the real figures when the client's differ. */
  @Endpoint(placeCodOrder)
  placeCashOnDelivery(@Body() body: CodOrderBody): Promise<OrderPlacedAnswer> {
    return this.checkout.placeCashOnDelivery(body);
  }

  /** Creates an online order: the provider's order and key (widget variant), plus paymentUrl (cart variant). */
  @Endpoint(placeOnlineOrder)
  createOnlineOrder(@Body() body: PaymentOrderBody): Promise<PaymentOrderAnswer> {
    return this.checkout.createOnlineOrder(body);
  }
}

import { Body, Controller, Headers, Query, Req, Res, type RawBodyRequest } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  paymentReturn,
  paymentSuccess,
  razorpayWebhook,
  type OrderPlacedAnswer,
  type PaymentPageReturnQuery,
  type PaymentSuccessBody,
} from '@mandi/contracts';
import { DomainError, PAYMENT_MESSAGES } from '@mandi/domain';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { PaymentsService } from './payments.service.js';

/**
 * Payment of placed orders under /api/payment (docs/payments.md; placing them is the checkout feature's, under the
 * same path). The buyer's success call is checked against the order's owner; the provider's webhook and the hosted
 * page's return prove themselves by signature instead.
 */
@Controller()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** The checkout widget's success: 200 {success, orderId} for a valid signature, 400 otherwise. */
  @Endpoint(paymentSuccess)
  confirmCheckout(@Body() body: PaymentSuccessBody, @CurrentCaller() caller: Caller): Promise<OrderPlacedAnswer> {
    return this.payments.confirmCheckout(body, caller);
  }

  /**
   * Razorpay's webhook; it retries until it gets a 2xx, so every verified event answers 200, duplicates included.
   * Read as the raw bytes Razorpay signed: the service checks the signature header (a missing one as a bad one), then
   * parses the event. The entry's header and body schemas document them; no pipe reads them here (the body is the
   * raw one, and Nest runs no pipe on @Headers).
   */
  @Endpoint(razorpayWebhook)
  webhook(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ): Promise<{ status: string }> {
    if (!request.rawBody) throw new DomainError('invalid_data', PAYMENT_MESSAGES.webhookUnreadable);
    return this.payments.handleWebhook(request.rawBody, signature, eventId);
  }

  /** Where the hosted payment page sends the buyer back: on to their orders. */
  @Endpoint(paymentReturn)
  async returnFromPaymentPage(@Query() query: PaymentPageReturnQuery, @Res() reply: FastifyReply): Promise<void> {
    await reply.redirect(await this.payments.returnFromPaymentPage(query), 303);
  }
}

import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req, Res, type RawBodyRequest } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  paymentPageReturnQuerySchema,
  paymentSuccessBodySchema,
  type OrderPlacedAnswer,
  type PaymentSuccessBody,
} from '@mandi/contracts';
import { DomainError, PAYMENT_MESSAGES } from '@mandi/domain';
import { CurrentCaller, Public } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator.js';
import { PaymentsService, type PaymentPageReturn } from './payments.service.js';

/**
 * Payment of placed orders under /api/payment (spec 001 section 7; placing them is the checkout feature's, under the
 * same path). The buyer's success call is checked against the order's owner; the provider's webhook and the hosted
 * page's return prove themselves by signature instead.
 */
@Controller('payment')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** The checkout widget's success: 200 {success, orderId} for a valid signature, 400 otherwise. */
  @Post('payment-success')
  @HttpCode(200)
  confirmCheckout(
    @Body(new ZodPipe(paymentSuccessBodySchema)) body: PaymentSuccessBody,
    @CurrentCaller() caller: Caller,
  ): Promise<OrderPlacedAnswer> {
    return this.payments.confirmCheckout(body, caller);
  }

  /** Razorpay's webhook; it retries until it gets a 2xx, so every verified event answers 200, duplicates included. */
  @Public()
  @NoRateLimit()
  @Post('webhook')
  @HttpCode(200)
  webhook(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ): Promise<{ status: string }> {
    if (!request.rawBody) throw new DomainError('invalid_data', PAYMENT_MESSAGES.webhookUnreadable);
    return this.payments.handleWebhook(request.rawBody, signature, eventId);
  }

  /** Where the hosted payment page sends the buyer back: on to their orders. */
  @Public()
  @Get('return')
  async returnFromPaymentPage(
    @Query(new ZodPipe(paymentPageReturnQuerySchema)) query: PaymentPageReturn,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await reply.redirect(await this.payments.returnFromPaymentPage(query), 303);
  }
}

import { Module } from '@nestjs/common';
import { CheckoutRepository } from './checkout.repository.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { RazorpayGateway } from './razorpay.gateway.js';

/** Checkout pricing, order placement and payments (spec 001 sections 3 to 9). */
@Module({
  controllers: [PaymentsController],
  providers: [PaymentsService, CheckoutRepository, PaymentsRepository, RazorpayGateway],
})
export class PaymentsModule {}

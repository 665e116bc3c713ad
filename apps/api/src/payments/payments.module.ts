import { Module } from '@nestjs/common';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { RazorpayGateway } from './razorpay.gateway.js';

/** Online payment of placed orders through Razorpay: the checkout's success call, the webhook, the hosted page's return. */
@Module({
  controllers: [PaymentsController],
  providers: [PaymentsService, PaymentsRepository, RazorpayGateway],
  exports: [RazorpayGateway],
})
export class PaymentsModule {}

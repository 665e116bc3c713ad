import { Module } from '@nestjs/common';
import { OrderDeadlineSweep } from './order-deadline.sweep.js';
import { OrderDeadlinesRepository } from './order-deadlines.repository.js';
import { OrderSettleHandler } from './order-settle.handler.js';
import { PaymentRefundHandler } from './payment-refund.handler.js';
import { RazorpayRefundsGateway } from './razorpay-refunds.gateway.js';
import { RefundsRepository } from './refunds.repository.js';

/** Order jobs: the deadline of the decision window (job and sweep) and refunds of cancelled online payments. */
@Module({
  providers: [
    OrderDeadlinesRepository,
    OrderSettleHandler,
    OrderDeadlineSweep,
    RefundsRepository,
    RazorpayRefundsGateway,
    PaymentRefundHandler,
  ],
})
export class OrdersModule {}

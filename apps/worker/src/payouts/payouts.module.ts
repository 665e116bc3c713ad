import { Module } from '@nestjs/common';
import {
  PayoutFailHandler,
  PayoutReleaseHandler,
  PayoutReverseHandler,
  PayoutTransferHandler,
} from './payout-jobs.handlers.js';
import { PayoutSweep } from './payout.sweep.js';
import { PayoutsRepository } from './payouts.repository.js';
import { RazorpayRouteGateway } from './razorpay-route.gateway.js';
import { RouteAccountHandler } from './route-account.handler.js';

/**
 * Paying sellers through Razorpay Route (docs/payouts.md): their linked accounts, each payout's transfer, release and
 * reversal, and the sweep that makes payouts due and follows their settlement.
 */
@Module({
  providers: [
    RazorpayRouteGateway,
    PayoutsRepository,
    RouteAccountHandler,
    PayoutTransferHandler,
    PayoutReleaseHandler,
    PayoutReverseHandler,
    PayoutFailHandler,
    PayoutSweep,
  ],
  exports: [PayoutsRepository, PayoutSweep],
})
export class PayoutsModule {}

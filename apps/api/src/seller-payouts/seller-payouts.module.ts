import { Module } from '@nestjs/common';
import { SellerPayoutsController } from './seller-payouts.controller.js';
import { SellerPayoutsRepository } from './seller-payouts.repository.js';
import { SellerPayoutsService } from './seller-payouts.service.js';

/** A seller's money (issue 32): balances, payouts, weekly statements and commission invoices, read-only. */
@Module({
  controllers: [SellerPayoutsController],
  providers: [SellerPayoutsService, SellerPayoutsRepository],
})
export class SellerPayoutsModule {}

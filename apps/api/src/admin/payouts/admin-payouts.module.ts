import { Module } from '@nestjs/common';
import { AdminPayoutsController } from './admin-payouts.controller.js';
import { AdminPayoutsRepository } from './admin-payouts.repository.js';
import { AdminPayoutsService } from './admin-payouts.service.js';
import { LedgerCheckReader } from './ledger-check.reader.js';
import { PayoutReconciliationRepository } from './payout-reconciliation.repository.js';
import { PayoutReconciliationService } from './payout-reconciliation.service.js';
import { RazorpayTransfersGateway } from './razorpay-transfers.gateway.js';

/**
 * Payouts in the console (docs/payouts.md): GET /api/admin/payouts and its retry, a seller's ledger, adjustment and
 * settle-after period, and the reconciliation against Razorpay, for admins; and the ledger check's outcome for the
 * system health page.
 */
@Module({
  controllers: [AdminPayoutsController],
  providers: [
    AdminPayoutsService,
    AdminPayoutsRepository,
    PayoutReconciliationService,
    PayoutReconciliationRepository,
    RazorpayTransfersGateway,
    LedgerCheckReader,
  ],
  exports: [LedgerCheckReader],
})
export class AdminPayoutsModule {}

import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  adjustSellerBalance,
  adminPayouts,
  payoutReconciliation,
  retryPayout,
  sellerLedger,
  setSellerSettleAfter,
  type AdjustmentAnswer,
  type AdjustmentBody,
  type AdminPayout,
  type AdminPayoutList,
  type AdminPayoutsQuery,
  type AdminRouteAccount,
  type PayoutReconciliation,
  type PayoutReconciliationQuery,
  type SellerLedger,
  type SellerLedgerQuery,
  type SettleAfterBody,
} from '@mandi/contracts';
import { CurrentCaller } from '../../auth/caller.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { AdminPayoutsService } from './admin-payouts.service.js';
import { PayoutReconciliationService } from './payout-reconciliation.service.js';

/** Payouts in the console (admins only; every change audited): the list, a retry, a seller's ledger, reconciliation. */
@Controller()
export class AdminPayoutsController {
  constructor(
    private readonly payouts: AdminPayoutsService,
    private readonly reconciliation: PayoutReconciliationService,
  ) {}

  @Endpoint(adminPayouts)
  list(@Query() query: AdminPayoutsQuery): Promise<AdminPayoutList> {
    return this.payouts.list(query);
  }

  @Endpoint(retryPayout)
  retry(@Param() params: { payoutId: string }, @CurrentCaller() caller: Caller): Promise<AdminPayout> {
    return this.payouts.retry(caller, params.payoutId);
  }

  @Endpoint(sellerLedger)
  ledger(@Param() params: { uid: string }, @Query() query: SellerLedgerQuery): Promise<SellerLedger> {
    return this.payouts.ledger(params.uid, query);
  }

  @Endpoint(adjustSellerBalance)
  adjust(
    @Param() params: { uid: string },
    @Body() body: AdjustmentBody,
    @CurrentCaller() caller: Caller,
  ): Promise<AdjustmentAnswer> {
    return this.payouts.adjust(caller, params.uid, body);
  }

  @Endpoint(setSellerSettleAfter)
  setSettleAfter(
    @Param() params: { uid: string },
    @Body() body: SettleAfterBody,
    @CurrentCaller() caller: Caller,
  ): Promise<AdminRouteAccount> {
    return this.payouts.setSettleAfter(caller, params.uid, body);
  }

  @Endpoint(payoutReconciliation)
  reconcile(@Query() query: PayoutReconciliationQuery): Promise<PayoutReconciliation> {
    return this.reconciliation.reconcile(query);
  }
}

import { Controller, Param, Query, Res } from '@nestjs/common';
import {
  downloadCommissionInvoice,
  downloadSellerStatement,
  sellerPayouts,
  sellerStatements,
  type CommissionInvoiceParams,
  type SellerDashboardParams,
  type SellerPayoutPage,
  type SellerPayoutsQuery,
  type SellerStatementParams,
  type SellerStatements,
} from '@mandi/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { SellerPayoutsService, type PayoutFileDownload } from './seller-payouts.service.js';

/**
 * A seller's payouts under /api/seller-dashboard/{uid} (issue 32): signed-in callers only, and the access guard refuses
 * a uid that is not the caller's own unless the caller is an admin.
 */
@Controller()
export class SellerPayoutsController {
  constructor(private readonly payouts: SellerPayoutsService) {}

  /** The payout account, balances, adjustments and a page of payouts with their breakdowns. */
  @Endpoint(sellerPayouts)
  page(
    @Param() params: SellerDashboardParams,
    @Query() query: SellerPayoutsQuery,
    @CurrentCaller() caller: Caller,
  ): Promise<SellerPayoutPage> {
    return this.payouts.page(caller, params.uid, query.page);
  }

  /** The weekly statements and monthly commission invoices. */
  @Endpoint(sellerStatements)
  statements(@Param() params: SellerDashboardParams, @CurrentCaller() caller: Caller): Promise<SellerStatements> {
    return this.payouts.statements(caller, params.uid);
  }

  /** A week's statement as PDF or CSV, named 'mandi-statement-2026-11-30.pdf'. */
  @Endpoint(downloadSellerStatement)
  async statement(
    @Param() params: SellerStatementParams,
    @CurrentCaller() caller: Caller,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await send(reply, await this.payouts.statementFile(caller, params.uid, params.week, params.format));
  }

  /** A commission invoice's PDF, named after its number. */
  @Endpoint(downloadCommissionInvoice)
  async commissionInvoice(
    @Param() params: CommissionInvoiceParams,
    @CurrentCaller() caller: Caller,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await send(reply, await this.payouts.commissionInvoiceFile(caller, params.uid, String(params.invoiceId)));
  }
}

/** A download: an attachment with its name, never cached (a private business's money). */
async function send(reply: FastifyReply, file: PayoutFileDownload): Promise<void> {
  await reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

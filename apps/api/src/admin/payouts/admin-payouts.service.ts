import { Injectable } from '@nestjs/common';
import {
  rowIdOf,
  type AdjustmentAnswer,
  type AdjustmentBody,
  type AdminPayout,
  type AdminPayoutList,
  type AdminPayoutsQuery,
  type AdminPayoutSummary,
  type AdminRouteAccount,
  type SellerLedger,
  type SellerLedgerQuery,
  type SellerLedgerTransaction,
  type SettleAfterBody,
} from '@mandi/contracts';
import {
  ADJUSTMENT_MESSAGES,
  DomainError,
  SELLER_DASHBOARD_MESSAGES,
  adjustmentOf,
  fieldsRefused,
  isSettleAfterHours,
  paiseToRupees,
  problem,
} from '@mandi/domain';
import type { Caller } from '../../auth/caller.js';
import {
  ADMIN_PAYOUTS_PAGE,
  AdminPayoutsRepository,
  SELLER_LEDGER_PAGE,
  type AdminPayoutRow,
  type PayoutSellerRow,
  type PayoutSummaryRow,
  type RouteAccountRow,
  type SellerLedgerTransactionRow,
} from './admin-payouts.repository.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The console's payouts (docs/payouts.md): what is due, held and failed, a failed payout's retry, a seller's ledger,
 * an adjustment of their balance and their settle-after period. Money is paise inside, rupees in the answers.
 */
@Injectable()
export class AdminPayoutsService {
  constructor(private readonly payouts: AdminPayoutsRepository) {}

  async list(query: AdminPayoutsQuery): Promise<AdminPayoutList> {
    const seller = query.seller === undefined ? null : await this.sellerOf(query.seller);
    const filter = { status: query.status ?? null, sellerId: seller?.id ?? null };
    const [summary, rows, total] = await Promise.all([
      this.payouts.summary(filter.sellerId),
      this.payouts.page(filter, (query.page - 1) * ADMIN_PAYOUTS_PAGE),
      this.payouts.count(filter),
    ]);
    return { summary: summaryOf(summary), payouts: rows.map(payoutOf), total, page: query.page };
  }

  /** Sends a failed payout to be transferred again; 404 for no such payout, 409 for one that is not failed. */
  async retry(admin: Caller, payoutId: string): Promise<AdminPayout> {
    const id = rowIdOf(payoutId);
    if (id === null) throw new DomainError('not_found', ADJUSTMENT_MESSAGES.payoutNotFound);
    const { found, moved } = await this.payouts.retry(id, admin.id);
    if (!found) throw new DomainError('not_found', ADJUSTMENT_MESSAGES.payoutNotFound);
    if (!moved) throw new DomainError('conflict', ADJUSTMENT_MESSAGES.onlyFailedRetried);
    return payoutOf((await this.payouts.payout(id))!);
  }

  async ledger(uid: string, query: SellerLedgerQuery): Promise<SellerLedger> {
    const seller = await this.sellerOf(uid);
    const [balance, account, rows, total] = await Promise.all([
      this.payouts.balance(seller.id),
      this.payouts.routeAccount(seller.id),
      this.payouts.transactions(seller.id, (query.page - 1) * SELLER_LEDGER_PAGE),
      this.payouts.transactionCount(seller.id),
    ]);
    return {
      seller: sellerView(seller),
      balance: paiseToRupees(balance),
      route_account: account && routeAccountOf(account),
      transactions: rows.map(transactionOf),
      total,
      page: query.page,
    };
  }

  /** Books an adjustment of what Mandi owes the seller (it moves no money by itself); answers it and the new balance. */
  async adjust(admin: Caller, uid: string, body: AdjustmentBody): Promise<AdjustmentAnswer> {
    const checked = adjustmentOf(body);
    if ('problems' in checked) throw fieldsRefused(checked.problems);
    const seller = await this.sellerOf(uid);
    const id = await this.payouts.adjust(seller.id, checked.amountPaise, checked.reason, admin.id);
    const [transaction, balance] = await Promise.all([this.payouts.transaction(id), this.payouts.balance(seller.id)]);
    return { transaction: transactionOf(transaction!), balance: paiseToRupees(balance) };
  }

  async setSettleAfter(admin: Caller, uid: string, body: SettleAfterBody): Promise<AdminRouteAccount> {
    if (!isSettleAfterHours(body.hours))
      throw fieldsRefused([problem('hours', ADJUSTMENT_MESSAGES.settleAfterInvalid)]);
    const row = await this.payouts.setSettleAfter(uid, body.hours, admin.id);
    if (!row) throw new DomainError('not_found', SELLER_DASHBOARD_MESSAGES.sellerNotFound);
    return routeAccountOf(row);
  }

  private async sellerOf(uid: string): Promise<PayoutSellerRow> {
    const seller = await this.payouts.seller(uid);
    if (!seller) throw new DomainError('not_found', SELLER_DASHBOARD_MESSAGES.sellerNotFound);
    return seller;
  }
}

const sellerView = (seller: { uid: string; name: string }) => ({ uid: seller.uid, name: seller.name });

const figure = (count: number, paise: bigint) => ({ count, amount: paiseToRupees(Number(paise)) });

function summaryOf(row: PayoutSummaryRow): AdminPayoutSummary {
  return {
    due: figure(row.due_count, row.due_paise),
    held: figure(row.held_count, row.held_paise),
    failed: figure(row.failed_count, row.failed_paise),
    pending: figure(row.pending_count, row.pending_paise),
    awaiting_account: figure(row.awaiting_count, row.awaiting_paise),
  };
}

function payoutOf(row: AdminPayoutRow): AdminPayout {
  return {
    id: String(row.id),
    order_id: String(row.order_id),
    seller: sellerView({ uid: row.seller_uid, name: row.seller_name }),
    amount: paiseToRupees(row.amount_paise),
    method: row.method,
    status: row.status,
    razorpay_transfer_id: row.razorpay_transfer_id,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    transferred_at: iso(row.transferred_at),
    released_at: iso(row.released_at),
    settled_at: iso(row.settled_at),
    utr: row.utr,
  };
}

function transactionOf(row: SellerLedgerTransactionRow): SellerLedgerTransaction {
  return {
    id: String(row.id),
    kind: row.kind,
    source_key: row.source_key,
    order_id: row.order_id === null ? null : String(row.order_id),
    reason: row.reason,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    entries: row.entries.map((entry) => ({ account: entry.account, amount: paiseToRupees(entry.amount_paise) })),
  };
}

function routeAccountOf(row: RouteAccountRow): AdminRouteAccount {
  return {
    status: row.status,
    razorpay_account_id: row.razorpay_account_id,
    settle_after_hours: row.settle_after_hours,
    last_error: row.last_error,
  };
}

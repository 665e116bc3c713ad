import { Injectable } from '@nestjs/common';
import type { PayoutReconciliation, PayoutReconciliationQuery } from '@mandi/contracts';
import {
  DAY_MS,
  RECONCILIATION_MISMATCH_KINDS,
  RECONCILIATION_PERIOD,
  fieldsRefused,
  payoutMismatches,
  reconciliationPeriodOf,
  strayTransferMismatch,
  type PayoutAsBooked,
  type ReconciliationMismatch,
} from '@mandi/domain';
import { PayoutReconciliationRepository, type BookedPayoutRow } from './payout-reconciliation.repository.js';
import { RazorpayTransfersGateway, TRANSFERS_PAGE, type ListedTransfer } from './razorpay-transfers.gateway.js';

/**
 * How far past the period's edges Razorpay's transfers are listed: a payout is recorded once Razorpay has answered
 * (after a retry, possibly much later), so its transfer may be dated a little before the payout's `transferred_at`.
 * Transfers found only there match payouts; they are never reported missing.
 */
const EDGE_MS = DAY_MS;
/** Razorpay's calls in flight at once: the period is read a day at a time, a few days together. */
const CONCURRENCY = 4;
/** Payouts read at a time when walking those transferred in the period. */
const WALK_PAGE = 1000;
/**
 * Payouts transferred in the period whose transfer the listing did not show that are asked about one by one; past
 * these, each is reported missing as it is (Razorpay listed none of them).
 */
const LOOKUPS_MAX = 200;

/** What a run has found so far: only ids and counts besides the mismatches, so memory stays small at any size. */
interface Findings {
  /** Payouts compared with their transfer. */
  compared: Set<number>;
  razorpayTransfers: number;
  matched: number;
  mismatchCount: number;
  mismatches: ReconciliationMismatch[];
}

const booked = (row: BookedPayoutRow): PayoutAsBooked => ({
  id: row.id,
  status: row.status,
  amountPaise: row.amount_paise,
  reversedPaise: row.reversed_paise,
  transferId: row.razorpay_transfer_id,
  ledgerPaidPaise: Number(row.ledger_paid_paise),
});

/**
 * The console's reconciliation of payouts against Razorpay (docs/payouts.md): every transfer Razorpay made in a
 * period of India days, a page of 100 at a time (a day of the period at a time, a few days at once), each page
 * compared at once with the payouts that asked for it and the ledger (libs/domain's payoutMismatches), so nothing of
 * Razorpay's is kept past its page; then the payouts transferred in the period whose transfer Razorpay did not list,
 * walked in id order and asked about one by one. The period ends at the run's start, so the pages hold still while
 * they are read.
 */
@Injectable()
export class PayoutReconciliationService {
  constructor(
    private readonly payouts: PayoutReconciliationRepository,
    private readonly razorpay: RazorpayTransfersGateway,
  ) {}

  async reconcile(query: PayoutReconciliationQuery): Promise<PayoutReconciliation> {
    const checkedAt = new Date();
    const period = reconciliationPeriodOf(query, checkedAt);
    if ('problems' in period) throw fieldsRefused(period.problems);
    // Razorpay dates a transfer to the second; the last second is left to the one-by-one look-ups below.
    const nowSeconds = Math.floor(checkedAt.getTime() / 1000) - 1;
    const start = period.start;
    const end = new Date(Math.min(period.end.getTime(), (nowSeconds + 1) * 1000));
    const inPeriod = (at: Date | null) => at !== null && at >= start && at < end;
    const findings: Findings = {
      compared: new Set(),
      razorpayTransfers: 0,
      matched: 0,
      mismatchCount: 0,
      mismatches: [],
    };

    const listFrom = Math.floor((start.getTime() - EDGE_MS) / 1000);
    const listTo = Math.min(Math.floor((period.end.getTime() + EDGE_MS) / 1000) - 1, nowSeconds);
    const days: [number, number][] = [];
    for (let from = listFrom; from <= listTo; from += DAY_MS / 1000)
      days.push([from, Math.min(from + DAY_MS / 1000 - 1, listTo)]);
    await inTurn(days, CONCURRENCY, async ([from, to]) => {
      for (let skip = 0; ; skip += TRANSFERS_PAGE) {
        const transfers = await this.razorpay.page(from, to, skip);
        await this.comparePage(transfers, inPeriod, findings);
        if (transfers.length < TRANSFERS_PAGE) return;
      }
    });
    await this.compareUnlisted(start, end, findings);

    return {
      checked_at: checkedAt.toISOString(),
      period: { from: period.from, to: period.to },
      razorpay_transfers: findings.razorpayTransfers,
      payouts: findings.compared.size,
      matched: findings.matched,
      mismatch_count: findings.mismatchCount,
      mismatches: findings.mismatches.sort(byKindThenPayout).map((mismatch) => ({
        kind: mismatch.kind,
        payout_id: mismatch.payoutId === null ? null : String(mismatch.payoutId),
        transfer_id: mismatch.transferId,
        mandi: mismatch.mandi,
        razorpay: mismatch.razorpay,
      })),
    };
  }

  /**
   * One page of Razorpay's transfers against the payouts: a transfer that is a payout's own is compared with it (when
   * either falls in the period); one that is no payout's, made in the period, is missing in Mandi (unless it failed).
   */
  private async comparePage(
    transfers: readonly ListedTransfer[],
    inPeriod: (at: Date | null) => boolean,
    findings: Findings,
  ): Promise<void> {
    const rows = await this.payouts.payoutsOf(
      transfers.map((transfer) => transfer.id),
      transfers.flatMap((transfer) => (transfer.payoutId === null ? [] : [transfer.payoutId])),
    );
    const byTransfer = new Map(
      rows.flatMap((row) => (row.razorpay_transfer_id ? [[row.razorpay_transfer_id, row]] : [])),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const transfer of transfers) {
      const listed = inPeriod(transfer.createdAt);
      if (listed) findings.razorpayTransfers += 1;
      const own = byTransfer.get(transfer.id);
      if (own) {
        if ((listed || inPeriod(own.transferred_at)) && !findings.compared.has(own.id))
          this.compare(own, transfer, findings);
        continue;
      }
      if (!listed) continue;
      const named = transfer.payoutId === null ? undefined : byId.get(transfer.payoutId);
      const stray = strayTransferMismatch(transfer, named ? booked(named) : null);
      if (stray) this.found([stray], findings);
    }
  }

  /**
   * The payouts transferred in the period that no listed transfer matched (a transfer dated past the edges, or one
   * Razorpay does not have): each asked about by its id, up to LOOKUPS_MAX; past those, missing as they are.
   */
  private async compareUnlisted(start: Date, end: Date, findings: Findings): Promise<void> {
    const unlisted: number[] = [];
    for (let after = 0; ;) {
      const rows = await this.payouts.transferredBetween(start, end, after, WALK_PAGE);
      for (const row of rows) if (!findings.compared.has(row.id)) unlisted.push(row.id);
      if (rows.length < WALK_PAGE) break;
      after = rows.at(-1)!.id;
    }
    for (let first = 0; first < unlisted.length; first += TRANSFERS_PAGE) {
      const rows = await this.payouts.payoutsOf([], unlisted.slice(first, first + TRANSFERS_PAGE));
      await inTurn(rows, CONCURRENCY, async (row, index) => {
        if (!row.razorpay_transfer_id) return;
        if (first + index >= LOOKUPS_MAX) {
          const [missing] = payoutMismatches(booked(row), null);
          return this.found([{ ...missing!, razorpay: 'not among the transfers Razorpay listed' }], findings, row.id);
        }
        this.compare(row, await this.razorpay.transfer(row.razorpay_transfer_id), findings);
      });
    }
  }

  private compare(row: BookedPayoutRow, transfer: ListedTransfer | null, findings: Findings): void {
    const mismatches = payoutMismatches(booked(row), transfer);
    if (mismatches.length === 0) {
      findings.compared.add(row.id);
      findings.matched += 1;
    } else this.found(mismatches, findings, row.id);
  }

  private found(mismatches: ReconciliationMismatch[], findings: Findings, payoutId?: number): void {
    if (payoutId !== undefined) findings.compared.add(payoutId);
    findings.mismatchCount += mismatches.length;
    const room = RECONCILIATION_PERIOD.maxMismatches - findings.mismatches.length;
    if (room > 0) findings.mismatches.push(...mismatches.slice(0, room));
  }
}

const KIND_ORDER = new Map(RECONCILIATION_MISMATCH_KINDS.map((kind, index) => [kind, index]));

/** Mismatches as the console lists them: by kind (the domain's order), then payout, then transfer. */
function byKindThenPayout(a: ReconciliationMismatch, b: ReconciliationMismatch): number {
  return (
    KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! ||
    (a.payoutId ?? 0) - (b.payoutId ?? 0) ||
    (a.transferId ?? '').localeCompare(b.transferId ?? '')
  );
}

/**
 * Runs `work` on each of `items`, at most `concurrency` at once, in their order; the first failure fails it all, and
 * no item is started after it.
 */
async function inTurn<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await work(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

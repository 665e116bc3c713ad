import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { PayoutStatus } from '@mandi/domain';

/** A payout as the reconciliation compares it: its transfer, its amounts and what the ledger says it paid out. */
const BOOKED_PAYOUT_ROW = sqlRow('booked payout', {
  id: 'int',
  status: narrowed<PayoutStatus>('text'),
  amount_paise: 'int',
  reversed_paise: 'int',
  razorpay_transfer_id: 'text | null',
  transferred_at: 'timestamptz | null',
  /** The seller_payable entries of its 'payout' and 'payout_reversal' transactions (the payout_id index), added up. */
  ledger_paid_paise: 'bigint',
});
/** A row of {@link BOOKED_PAYOUT_ROW}. */
export type BookedPayoutRow = RowOf<typeof BOOKED_PAYOUT_ROW>;

/** A payout transferred in a period: only what tells whether its transfer was seen. */
const TRANSFERRED_ROW = sqlRow('transferred payout', { id: 'int', razorpay_transfer_id: 'text' });
/** A row of {@link TRANSFERRED_ROW}. */
export type TransferredPayoutRow = RowOf<typeof TRANSFERRED_ROW>;

/**
 * The payouts' side of the reconciliation against Razorpay (docs/payouts.md), read a page at a time so a period of
 * 100,000 payouts is never held twice: the payouts of a page of Razorpay's transfers, then the payouts transferred in
 * the period in the primary key's order.
 */
@Injectable()
export class PayoutReconciliationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The payouts whose transfer is one of `transferIds`, and those of `payoutIds` (a stray transfer's notes name). */
  payoutsOf(transferIds: readonly string[], payoutIds: readonly number[]): Promise<BookedPayoutRow[]> {
    if (transferIds.length === 0 && payoutIds.length === 0) return Promise.resolve([]);
    return queryRows(
      this.prisma,
      BOOKED_PAYOUT_ROW,
      Prisma.sql`
      SELECT p.id, p.status::text AS status, p.amount_paise, p.reversed_paise, p.razorpay_transfer_id, p.transferred_at,
             coalesce((SELECT sum(e.amount_paise)
                         FROM ledger_transactions t
                         JOIN ledger_entries e ON e.transaction_id = t.id AND e.account = 'seller_payable'
                        WHERE t.payout_id = p.id AND t.kind IN ('payout', 'payout_reversal')), 0)::bigint
               AS ledger_paid_paise
        FROM seller_payouts p
       WHERE p.razorpay_transfer_id = ANY(${[...transferIds]}::text[]) OR p.id = ANY(${[...payoutIds]}::int[])`,
    );
  }

  /**
   * Up to `limit` payouts with a transfer recorded in [`start`, `end`), after payout `afterId` in id order: a walk of
   * the primary key, page by page.
   */
  transferredBetween(start: Date, end: Date, afterId: number, limit: number): Promise<TransferredPayoutRow[]> {
    return queryRows(
      this.prisma,
      TRANSFERRED_ROW,
      Prisma.sql`
      SELECT id, razorpay_transfer_id FROM seller_payouts
       WHERE id > ${afterId} AND razorpay_transfer_id IS NOT NULL
         AND transferred_at >= ${start} AND transferred_at < ${end}
       ORDER BY id LIMIT ${limit}`,
    );
  }
}

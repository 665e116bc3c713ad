import { Injectable } from '@nestjs/common';
import { ID_ROW, narrowed, Prisma, PrismaService, queryRows, sqlRow, type Transaction } from '@mandi/database';
import { financialYearOf, PAYOUT_SETTLE_AFTER_HOURS, type PayoutStatus } from '@mandi/domain';
import { bookLedgerTransaction, outboxInsertSql, publish } from '@mandi/events';

/** A payout whose transfer was just recorded, as the ledger books it. */
const MOVED_PAYOUT_ROW = sqlRow('moved payout', {
  status: narrowed<PayoutStatus>('text'),
  order_id: 'int',
  seller_id: 'int',
  amount: 'int',
});
/** A payout whose transfer failed, as the ledger books its return. */
const FAILED_PAYOUT_ROW = sqlRow('failed payout', { id: 'int', order_id: 'int', seller_id: 'int', amount: 'int' });
/** How many payouts a sweep step moved. */
const MOVED_COUNT_ROW = sqlRow('moved count', { moved: 'bigint' });

/** A payout as a job works on it, with the seller's linked account. */
export interface LeasedPayout {
  id: number;
  orderId: number;
  sellerId: number;
  amountPaise: number;
  method: 'payment_transfer' | 'direct_transfer';
  status: PayoutStatus;
  providerPaymentId: string | null;
  razorpayTransferId: string | null;
  reversedPaise: number;
  createdAt: Date;
  account: string | null;
}

/**
 * The payouts table and the ledger rows of the money they move (docs/payouts.md). As with refunds, a job takes a
 * lease on a payout (committed on its own) before it asks Razorpay, so no transaction is open during the call and two
 * runs for one payout ask one after the other; what Razorpay answered is recorded by a conditional update, with the
 * ledger transaction and any follow-up event in the same database transaction.
 */
@Injectable()
export class PayoutsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Holds payout `id` for `ms` while it is in one of `statuses` and no other run holds it; answers it, or null (not
   * in those states any more, or held by another run).
   */
  async lease(id: number, statuses: readonly PayoutStatus[], ms: number): Promise<LeasedPayout | null> {
    const rows = await queryRows(
      this.prisma,
      ID_ROW,
      Prisma.sql`
      UPDATE seller_payouts SET leased_until = now() + make_interval(secs => ${ms / 1000}), attempts = attempts + 1,
                                updated_at = now()
       WHERE id = ${id} AND status::text = ANY(${[...statuses]}::text[])
         AND (leased_until IS NULL OR leased_until < now())
      RETURNING id`,
    );
    if (rows.length === 0) return null;
    return this.payout(id);
  }

  /** Whether payout `id` is in one of `statuses` (so a run that found no lease knows whether to come back). */
  async isIn(id: number, statuses: readonly PayoutStatus[]): Promise<boolean> {
    const payout = await this.prisma.sellerPayout.findUnique({ where: { id }, select: { status: true } });
    return payout !== null && statuses.includes(payout.status);
  }

  async payout(id: number): Promise<LeasedPayout | null> {
    const row = await this.prisma.sellerPayout.findUnique({
      where: { id },
      select: {
        id: true,
        orderId: true,
        sellerId: true,
        amountPaise: true,
        method: true,
        status: true,
        providerPaymentId: true,
        razorpayTransferId: true,
        reversedPaise: true,
        createdAt: true,
        seller: { select: { routeAccount: { select: { status: true, razorpayAccountId: true } } } },
      },
    });
    if (!row) return null;
    const { seller, ...payout } = row;
    const route = seller.routeAccount;
    return { ...payout, account: route?.status === 'activated' ? route.razorpayAccountId : null };
  }

  /** Records a failed call to Razorpay (committed on its own, so it outlives the attempt) and lets go of the lease. */
  async recordAttempt(id: number, error: string): Promise<void> {
    await this.prisma.sellerPayout.update({
      where: { id },
      data: { lastError: error.slice(0, 500), leasedUntil: null },
    });
  }

  /**
   * Records the transfer Razorpay made for a payout, once (only while the payout has none): the payout on hold (a
   * payment's share) or released (a direct transfer, made when due), the money booked out of Mandi's balance to the
   * seller, and, when the sale was reversed while the transfer was being made, the reversal asked for at once.
   */
  async recordTransfer(tx: Transaction, id: number, transferId: string): Promise<PayoutStatus | null> {
    {
      const rows = await queryRows(
        tx,
        MOVED_PAYOUT_ROW,
        Prisma.sql`
        UPDATE seller_payouts
           SET razorpay_transfer_id = ${transferId}, transferred_at = now(), leased_until = NULL, last_error = NULL,
               status = (CASE WHEN status = 'cancelled' THEN 'to_reverse'
                              WHEN method = 'direct_transfer' THEN 'released'
                              ELSE 'on_hold' END)::payout_status,
               released_at = CASE WHEN method = 'direct_transfer' THEN now() ELSE released_at END,
               updated_at = now()
         WHERE id = ${id} AND razorpay_transfer_id IS NULL
        RETURNING status::text AS status, order_id, seller_id, amount_paise AS amount`,
      );
      const row = rows[0];
      if (!row) return null;
      await this.bookTransfer(tx, 'payout', id, row.order_id, row.seller_id, row.amount, `payout:${id}:${transferId}`);
      if (row.status === 'to_reverse')
        await publish(tx, { type: 'payout.reversal_requested', payload: { payoutId: id, orderId: row.order_id } });
      return row.status;
    }
  }

  /** Records that a held transfer was released. */
  async recordRelease(id: number): Promise<void> {
    await this.prisma.sellerPayout.updateMany({
      where: { id, status: 'to_release' },
      data: { status: 'released', releasedAt: new Date(), leasedUntil: null, lastError: null },
    });
  }

  /**
   * Records a reversal of the whole transfer `transferId`, once, with the money booked back from the seller to Mandi.
   * Keyed by the transfer, since a payout's one transfer is reversed once, whichever run's call did it.
   */
  async recordReversal(tx: Transaction, id: number, transferId: string): Promise<void> {
    {
      const rows = await queryRows(
        tx,
        MOVED_PAYOUT_ROW,
        Prisma.sql`
        UPDATE seller_payouts SET status = 'reversed', reversed_paise = amount_paise, leased_until = NULL,
                                  last_error = NULL, updated_at = now()
         WHERE id = ${id} AND status = 'to_reverse'
        RETURNING status::text AS status, order_id, seller_id, amount_paise AS amount`,
      );
      const row = rows[0];
      if (!row) return;
      await this.bookTransfer(
        tx,
        'payout_reversal',
        id,
        row.order_id,
        row.seller_id,
        -row.amount,
        `payout_reversal:${id}:${transferId}`,
      );
    }
  }

  /**
   * A transfer Razorpay failed (its webhook, or a release that found it failed): the payout failed with the reason,
   * its transfer forgotten (a retry makes a new one), and the money booked back, since it never reached the seller.
   */
  async recordFailure(tx: Transaction, transferId: string, reason: string): Promise<number | null> {
    const rows = await queryRows(
      tx,
      FAILED_PAYOUT_ROW,
      Prisma.sql`
      UPDATE seller_payouts SET status = (CASE WHEN status IN ('to_reverse', 'cancelled') THEN 'cancelled'
                                               ELSE 'failed' END)::payout_status,
                                razorpay_transfer_id = NULL, last_error = ${reason.slice(0, 500)}, leased_until = NULL,
                                released_at = NULL, updated_at = now()
       WHERE razorpay_transfer_id = ${transferId}
      RETURNING id, order_id, seller_id, amount_paise AS amount`,
    );
    const row = rows[0];
    if (!row) return null;
    await this.bookTransfer(
      tx,
      'payout_reversal',
      row.id,
      row.order_id,
      row.seller_id,
      -row.amount,
      `payout_failed:${row.id}:${transferId}`,
    );
    return row.id;
  }

  /** Money between Mandi's Razorpay balance and a seller: to them (positive), or back (negative). */
  private async bookTransfer(
    tx: Transaction,
    kind: 'payout' | 'payout_reversal',
    payoutId: number,
    orderId: number,
    sellerId: number,
    amountPaise: number,
    sourceKey: string,
  ): Promise<void> {
    await bookLedgerTransaction(tx, {
      kind,
      sourceKey,
      orderId,
      sellerId,
      payoutId,
      financialYear: financialYearOf(new Date()).startYear,
      lines: [
        { account: 'seller_payable', sellerId, amountPaise },
        { account: 'razorpay_balance', sellerId: null, amountPaise: -amountPaise },
      ],
    });
  }

  /**
   * The sweep's first step: the waiting payouts of sellers whose linked account is activated now become transferable
   * (a payment's share: `payout.ready`) or scheduled (cash on delivery). One statement; answers how many moved.
   */
  async resumeWaiting(limit: number): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      MOVED_COUNT_ROW,
      Prisma.sql`
      WITH waiting AS (
        SELECT p.id FROM seller_payouts p JOIN seller_route_accounts a ON a.user_id = p.seller_id
         WHERE p.status = 'awaiting_account' AND a.status = 'activated'
         ORDER BY p.id LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED
      ), moved AS (
        UPDATE seller_payouts p
           SET status = (CASE WHEN p.method = 'payment_transfer' THEN 'to_transfer' ELSE 'scheduled' END)::payout_status,
               updated_at = now()
          FROM waiting WHERE p.id = waiting.id
        RETURNING p.id, p.order_id, p.method
      ), events AS (${outboxInsertSql({
        type: 'payout.ready',
        from: 'moved',
        ids: { payoutId: 'id', orderId: 'order_id' },
        where: Prisma.sql`moved.method = 'payment_transfer'`,
      })})
      SELECT count(*) AS moved FROM moved`,
    );
    return Number(row?.moved ?? 0);
  }

  /**
   * The sweep's second step: payouts whose order was delivered at least the settle-after period ago (the seller's own,
   * or PAYOUT_SETTLE_AFTER_HOURS) become due, with `payout.due`. One statement; answers how many.
   */
  async markDue(limit: number): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      MOVED_COUNT_ROW,
      Prisma.sql`
      WITH due AS (
        SELECT p.id FROM seller_payouts p
          JOIN orders o ON o.id = p.order_id
          LEFT JOIN seller_route_accounts a ON a.user_id = p.seller_id
         WHERE p.status IN ('on_hold', 'scheduled') AND o.status = 'delivered' AND o.delivered_at IS NOT NULL
           AND o.delivered_at + make_interval(hours => coalesce(a.settle_after_hours, ${PAYOUT_SETTLE_AFTER_HOURS}))
               <= now()
         ORDER BY p.id LIMIT ${limit} FOR UPDATE OF p SKIP LOCKED
      ), moved AS (
        UPDATE seller_payouts p SET status = 'to_release', updated_at = now()
          FROM due WHERE p.id = due.id
        RETURNING p.id, p.order_id
      ), events AS (${outboxInsertSql({ type: 'payout.due', from: 'moved', ids: { payoutId: 'id', orderId: 'order_id' } })})
      SELECT count(*) AS moved FROM moved`,
    );
    return Number(row?.moved ?? 0);
  }

  /**
   * Released payouts not known to be settled yet, the longest unasked first: the settlement step asks Razorpay about
   * them and marks each asked (`checked`), so a transfer that takes days to settle does not keep the others waiting.
   */
  released(limit: number): Promise<{ id: number; razorpayTransferId: string | null }[]> {
    return this.prisma.sellerPayout.findMany({
      where: { status: 'released', razorpayTransferId: { not: null } },
      select: { id: true, razorpayTransferId: true },
      orderBy: { updatedAt: 'asc' },
      take: limit,
    });
  }

  /** A released payout asked about and not settled yet: to the back of the settlement step's line. */
  async checked(id: number): Promise<void> {
    await this.prisma.sellerPayout.updateMany({ where: { id, status: 'released' }, data: { updatedAt: new Date() } });
  }

  /** Records that a released payout reached the seller's bank, with the settlement's UTR. */
  async recordSettled(id: number, settlementId: string, utr: string | null): Promise<void> {
    await this.prisma.sellerPayout.updateMany({
      where: { id, status: 'released' },
      data: { status: 'settled', settlementId, utr, settledAt: new Date() },
    });
  }
}

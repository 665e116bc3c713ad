import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { auditInsertSql, outboxInsertSql } from '@mandi/events';

/** An interested_sellers row as the console lists it. */
const INTERESTED_SELLER_ROW = sqlRow('interested seller', {
  id: 'int',
  username: 'text',
  email: 'text',
  status: narrowed<'interested' | 'invited' | 'onboarded'>('text'),
  interest_date: 'timestamptz',
  invite_sent: 'bool',
});
/** A row of {@link INTERESTED_SELLER_ROW}. */
export type InterestedSellerRow = RowOf<typeof INTERESTED_SELLER_ROW>;

/** Whether every id named a seller, and how many were invited and how many were onboarded already. */
const INVITE_ROW = sqlRow('seller invite', { complete: 'bool', invited: 'int', onboarded: 'int' });

/** How a bulk invite went. */
export type InviteOutcome =
  /** Some ids name no interested seller: nothing was changed. */
  { kind: 'unknown_sellers' } | { kind: 'invited'; invited: number; onboarded: number };

/** Would-be sellers as the admin panel reads and invites them. */
@Injectable()
export class AdminSellersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every interested seller, the most recent interest first. */
  list(): Promise<InterestedSellerRow[]> {
    return queryRows(
      this.prisma,
      INTERESTED_SELLER_ROW,
      Prisma.sql`
      SELECT id, username, email, status::text AS status, interest_date, invite_sent
        FROM interested_sellers
       ORDER BY interest_date DESC, id DESC`,
    );
  }

  /**
   * Marks the sellers `ids` invited and writes one seller.invited outbox row per seller (each becomes one invite mail),
   * all in ONE statement: either every id names a seller and all of them change, or nothing does. A seller invited
   * before is invited again (the admin chose to resend); an onboarded seller is left as it is and gets no mail. Each
   * seller invited is one row of the audit trail, in the same statement, naming `adminId`.
   */
  async invite(ids: readonly number[], adminId: number): Promise<InviteOutcome> {
    const [row] = await queryRows(
      this.prisma,
      INVITE_ROW,
      Prisma.sql`
      WITH wanted AS (
        SELECT DISTINCT unnest(${ids}::int[]) AS id
      ), found AS (
        SELECT s.id, s.status FROM interested_sellers s JOIN wanted USING (id)
      ), complete AS (
        SELECT (SELECT count(*) FROM found) = (SELECT count(*) FROM wanted) AS ok
      ), invited AS (
        UPDATE interested_sellers s
           SET status = 'invited', invite_sent = true, invited_at = now()
          FROM found, complete
         WHERE complete.ok AND s.id = found.id AND s.status <> 'onboarded'
        RETURNING s.id, found.status::text AS before_status
      ), events AS (${outboxInsertSql({ type: 'seller.invited', from: 'invited', ids: { interestedSellerId: 'id' }, orderBy: 'id' })}),
      audited AS (${auditInsertSql({
        adminId,
        action: 'seller.invite',
        from: 'invited',
        objectId: 'id',
        before: Prisma.sql`jsonb_build_object('status', invited.before_status)`,
        after: Prisma.sql`jsonb_build_object('status', 'invited')`,
      })})
      SELECT (SELECT ok FROM complete) AS complete,
             (SELECT count(*) FROM invited)::int AS invited,
             (SELECT count(*) FROM found WHERE status = 'onboarded')::int AS onboarded`,
    );
    if (!row!.complete) return { kind: 'unknown_sellers' };
    return { kind: 'invited', invited: row!.invited, onboarded: row!.onboarded };
  }
}

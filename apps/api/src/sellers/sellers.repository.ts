import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { outboxInsertSql } from '@mandi/events';

/** The account a seller-interest row is made from. */
const INTEREST_ACCOUNT_ROW = sqlRow('interest account', { email: 'text' });
/** A row of {@link INTEREST_ACCOUNT_ROW}. */
export type InterestAccount = RowOf<typeof INTEREST_ACCOUNT_ROW>;

/** Whether this call recorded the interest. */
const RECORDED_ROW = sqlRow('interest recorded', { recorded: 'bool' });

/** Seller interest in interested_sellers, one row per user. */
@Injectable()
export class SellersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The e-mail of the active account `userId`, or null. */
  async account(userId: number): Promise<InterestAccount | null> {
    const rows = await queryRows(
      this.prisma,
      INTEREST_ACCOUNT_ROW,
      Prisma.sql`
      SELECT email::text AS email FROM users WHERE id = ${userId} AND deleted_at IS NULL`,
    );
    return rows[0] ?? null;
  }

  /**
   * Records the user's interest once, with their username and e-mail as they are now, and writes
   * seller.interest_recorded to the outbox: ONE statement, so a double click racing itself makes one row (the unique
   * user_id decides) and one event. True when this call recorded it, false when it was recorded before.
   */
  async record(userId: number): Promise<boolean> {
    const [row] = await queryRows(
      this.prisma,
      RECORDED_ROW,
      Prisma.sql`
      WITH inserted AS (
        INSERT INTO interested_sellers (user_id, username, email)
        SELECT id, username::text, email::text FROM users WHERE id = ${userId} AND deleted_at IS NULL
        ON CONFLICT (user_id) DO NOTHING
        RETURNING id
      ), events AS (${outboxInsertSql({ type: 'seller.interest_recorded', from: 'inserted', ids: { interestedSellerId: 'id' } })})
      SELECT EXISTS (SELECT 1 FROM inserted) AS recorded`,
    );
    return row!.recorded;
  }
}

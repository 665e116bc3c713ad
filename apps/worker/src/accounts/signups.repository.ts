import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf, type Transaction } from '@mandi/database';

/** A sign-up whose verification window is still open: where its mail goes and the username it reserves. */
const OPEN_SIGNUP_ROW = sqlRow('open signup', { email: 'text', username: 'text' });
/** A row of {@link OPEN_SIGNUP_ROW}. */
export type OpenSignup = RowOf<typeof OPEN_SIGNUP_ROW>;

/** A sign-up as its expiry job finds it. */
const SIGNUP_FOR_EXPIRY_ROW = sqlRow('signup for expiry', {
  firebaseUid: 'text',
  /** Whether expires_at is still ahead (the user asked for a new mail, which moved the window). */
  open: 'bool',
});
/** A row of {@link SIGNUP_FOR_EXPIRY_ROW}. */
export type SignupForExpiry = RowOf<typeof SIGNUP_FOR_EXPIRY_ROW>;

/** The worker's access to signups (username reservations of the verification window). Windows use the database clock. */
@Injectable()
export class SignupsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The sign-up while its window is open; null once it is gone (consumed, expired and removed) or past its window. */
  async findOpen(id: number): Promise<OpenSignup | null> {
    const rows = await queryRows(
      this.prisma,
      OPEN_SIGNUP_ROW,
      Prisma.sql`
      SELECT email::text AS email, username::text AS username
        FROM signups
       WHERE id = ${id} AND expires_at > now()`,
    );
    return rows[0] ?? null;
  }

  /** The sign-up as its expiry sees it; null when it is gone. */
  async findForExpiry(id: number): Promise<SignupForExpiry | null> {
    const rows = await queryRows(
      this.prisma,
      SIGNUP_FOR_EXPIRY_ROW,
      Prisma.sql`
      SELECT firebase_uid AS "firebaseUid", expires_at > now() AS open FROM signups WHERE id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /** Removes the reservation, freeing its username; removing one that is gone already is fine. */
  async delete(tx: Transaction, id: number): Promise<void> {
    await tx.signup.deleteMany({ where: { id } });
  }
}

import { Injectable } from '@nestjs/common';
import type { Transaction } from '@mandi/database';

/** A sign-up whose verification window is still open: where its mail goes and the username it reserves. */
export interface OpenSignup {
  readonly email: string;
  readonly username: string;
}

/** A sign-up locked for its expiry. */
export interface SignupForExpiry {
  readonly firebaseUid: string;
  /** Whether expires_at is still ahead (the user asked for a new mail, which moved the window). */
  readonly open: boolean;
}

/** The worker's access to signups (username reservations of the verification window). Windows use the database clock. */
@Injectable()
export class SignupsRepository {
  /** The sign-up while its window is open; null once it is gone (consumed, expired and removed) or past its window. */
  async findOpen(tx: Transaction, id: number): Promise<OpenSignup | null> {
    const rows = await tx.$queryRaw<OpenSignup[]>`
      SELECT email::text AS email, username::text AS username
        FROM signups
       WHERE id = ${id} AND expires_at > now()`;
    return rows[0] ?? null;
  }

  /**
   * Locks the sign-up for the rest of the transaction, so a create-user that consumes it waits for the expiry's
   * decision instead of racing it. Null when it is gone.
   */
  async lockForExpiry(tx: Transaction, id: number): Promise<SignupForExpiry | null> {
    const rows = await tx.$queryRaw<SignupForExpiry[]>`
      SELECT firebase_uid AS "firebaseUid", expires_at > now() AS open
        FROM signups
       WHERE id = ${id}
         FOR UPDATE`;
    return rows[0] ?? null;
  }

  /** Removes the reservation, freeing its username; removing one that is gone already is fine. */
  async delete(tx: Transaction, id: number): Promise<void> {
    await tx.signup.deleteMany({ where: { id } });
  }
}

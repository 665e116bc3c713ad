import { Injectable } from '@nestjs/common';
import { ID_ROW, Prisma, PrismaService, queryRows, sqlRow, type Db, type Transaction } from '@mandi/database';
import { deletedAccountPlaceholders, sellerRecordsKeptUntil } from '@mandi/domain';

/** A user row as the account calls need it. */
export interface AccountRecord {
  id: number;
  username: string;
  status: 'active' | 'suspended';
  deleted: boolean;
}

/** What a new user row records: who, the terms agreed to, and from where. */
export interface NewAccount {
  firebaseUid: string;
  email: string;
  username: string;
  agreedToTerms: boolean;
  agreedAt: Date | null;
  termsVersion: string | null;
  ipAddress: string;
  /** Set for an OAuth sign-in, which is also the first login. */
  lastLoginAt?: Date;
  fullName?: string | null;
  profileImage?: string | null;
}

/** A username reservation for the e-mail verification window. */
export interface Reservation {
  firebaseUid: string;
  email: string;
  username: string;
  ipAddress: string;
  windowMs: number;
}

/** A transaction's advisory lock, taken (the value is void, as text). */
const ADVISORY_LOCK_ROW = sqlRow('advisory lock', { pg_advisory_xact_lock: 'text' });

/** A username taken by a user or a live reservation, lower-cased. */
const TAKEN_USERNAME_ROW = sqlRow('taken username', { name: 'text' });

/** What deleting an account removed, for the events that announce it. */
export interface DeletedAccount {
  productIds: number[];
}

/**
 * The columns named by a unique violation (`['username']`, `['firebase_uid']`), or null for any other error. Prisma
 * reports them through the pg driver adapter for both model and raw queries.
 */
export function uniqueViolationColumns(error: unknown): string[] | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const cause = (
    error.meta as { driverAdapterError?: { cause?: { originalCode?: string; constraint?: { fields?: string[] } } } }
  )?.driverAdapterError?.cause;
  if (error.code !== 'P2002' && cause?.originalCode !== '23505') return null;
  const target = (error.meta as { target?: unknown })?.target;
  return cause?.constraint?.fields ?? (Array.isArray(target) ? target.map(String) : []);
}

/** User, profile and sign-up rows of the account calls: creation, reservation, login record, deletion. */
@Injectable()
export class AccountsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Runs `work` in one database transaction (rows and outbox events commit together). */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /**
   * Serialises, until the transaction ends, every account-making transaction of one Firebase uid (a page that fires
   * twice, two first sign-ins at once), so the later one sees what the first one made.
   */
  async lockFirebaseUid(tx: Transaction, firebaseUid: string): Promise<void> {
    await queryRows(
      tx,
      ADVISORY_LOCK_ROW,
      Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('mandi.firebase_uid'), hashtext(${firebaseUid}::text))::text`,
    );
  }

  /**
   * Serialises, until the transaction ends, every transaction that checks and takes `username` (any case): the
   * name lives in two tables (users, signups), which no single unique index covers.
   */
  async lockUsername(tx: Transaction, username: string): Promise<void> {
    await queryRows(
      tx,
      ADVISORY_LOCK_ROW,
      Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('mandi.username'), hashtext(lower(${username}::text)))::text`,
    );
  }

  /**
   * True when a user row has `username` (any case), or a reservation that has not expired by the database clock
   * and is not `exceptUid`'s own. Names of deleted accounts are replaced at deletion, so they are free.
   */
  async isUsernameTaken(db: Db, username: string, exceptUid: string | null = null): Promise<boolean> {
    return (await this.takenUsernames(db, [username], exceptUid)).size > 0;
  }

  /** isUsernameTaken outside any transaction (the public username check). */
  isUsernameTakenNow(username: string): Promise<boolean> {
    return this.isUsernameTaken(this.prisma, username);
  }

  /**
   * Which of `usernames` are taken, lower-cased: held by a user row, or by a reservation that has not expired by the
   * database clock and is not `exceptUid`'s own.
   */
  async takenUsernames(db: Db, usernames: string[], exceptUid: string | null = null): Promise<Set<string>> {
    const rows = await queryRows(
      db,
      TAKEN_USERNAME_ROW,
      Prisma.sql`
      SELECT lower(username) AS name FROM users WHERE username = ANY(${usernames}::text[]::citext[])
      UNION ALL
      SELECT lower(username) FROM signups
       WHERE username = ANY(${usernames}::text[]::citext[]) AND expires_at > now()
         AND firebase_uid IS DISTINCT FROM ${exceptUid}::varchar`,
    );
    return new Set(rows.map((row) => row.name));
  }

  async findByFirebaseUid(db: Db, firebaseUid: string): Promise<AccountRecord | null> {
    const user = await db.user.findUnique({
      where: { firebaseUid },
      select: { id: true, username: true, status: true, deletedAt: true },
    });
    return user && { id: user.id, username: user.username, status: user.status, deleted: user.deletedAt !== null };
  }

  /** True when a user other than `firebaseUid` has `email` (any case). Deleted accounts hold a placeholder instead. */
  async isEmailHeldByAnother(db: Db, email: string, firebaseUid: string): Promise<boolean> {
    const user = await db.user.findFirst({ where: { email, NOT: { firebaseUid } }, select: { id: true } });
    return user !== null;
  }

  /**
   * Reserves `username` for `firebaseUid` until now() + windowMs (database clock), replacing the uid's earlier
   * reservation. Takes the name over from another uid only when that reservation has expired; the row then gets a
   * new id, so a job still holding the old sign-up's id never acts on this one. Returns the sign-up id, or null
   * when someone else holds the name.
   */
  async reserveUsername(tx: Transaction, reservation: Reservation): Promise<number | null> {
    await tx.signup.deleteMany({ where: { firebaseUid: reservation.firebaseUid } });
    const rows = await queryRows(
      tx,
      ID_ROW,
      Prisma.sql`
      INSERT INTO signups (firebase_uid, email, username, ip_address, expires_at)
      VALUES (${reservation.firebaseUid}, ${reservation.email}::citext, ${reservation.username}::citext,
              ${reservation.ipAddress}, now() + ${reservation.windowMs}::int * interval '1 millisecond')
      ON CONFLICT (username) DO UPDATE
         SET id = nextval(pg_get_serial_sequence('signups', 'id')),
             firebase_uid = EXCLUDED.firebase_uid, email = EXCLUDED.email, username = EXCLUDED.username,
             ip_address = EXCLUDED.ip_address, created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE signups.expires_at <= now() OR signups.firebase_uid = EXCLUDED.firebase_uid
      RETURNING id`,
    );
    return rows[0]?.id ?? null;
  }

  /** Removes the uid's reservation (its user row now holds the name, or the account is gone). */
  async deleteReservation(tx: Transaction, firebaseUid: string): Promise<void> {
    await tx.signup.deleteMany({ where: { firebaseUid } });
  }

  /** Inserts the user row and its profile; returns the new user id. */
  async createUser(tx: Transaction, account: NewAccount): Promise<number> {
    const user = await tx.user.create({
      data: {
        firebaseUid: account.firebaseUid,
        email: account.email,
        username: account.username,
        agreedToTerms: account.agreedToTerms,
        agreedAt: account.agreedAt,
        termsVersion: account.termsVersion,
        ipAddress: account.ipAddress,
        lastLoginAt: account.lastLoginAt ?? null,
        lastLoginIp: account.lastLoginAt ? account.ipAddress : null,
        profile: { create: { fullName: account.fullName ?? null, profileImage: account.profileImage ?? null } },
      },
      select: { id: true },
    });
    return user.id;
  }

  async recordLogin(db: Db, userId: number, ipAddress: string): Promise<void> {
    await db.user.update({ where: { id: userId }, data: { lastLoginAt: new Date(), lastLoginIp: ipAddress } });
  }

  /** The id of the active (not suspended, not deleted) user with `email`, if any. */
  async findActiveIdByEmail(db: Db, email: string): Promise<number | null> {
    const user = await db.user.findFirst({ where: { email, status: 'active', deletedAt: null }, select: { id: true } });
    return user?.id ?? null;
  }

  /**
   * Deletes an account's personal data and keeps its accounting records: the user row stays (orders, invoices and
   * credit notes refer to it) with its e-mail and username replaced, its addresses of IP cleared and deleted_at
   * set; profile, cart, saved addresses, interest in selling, any sign-up reservation and the user's products go.
   * Orders keep their own copy of the address (orders.address_id becomes null) and of each line (order_items
   * .product_id becomes null). A seller's business profile goes too: its bank account, pickup address and FSSAI
   * number at once, its tax identity (legal name, PAN, GSTIN, still sealed) into seller_tax_records for as long as the
   * law makes Mandi keep it, when the seller sold anything through Mandi (docs/sellers.md, "Deleting a seller").
   * Returns null when the user is already deleted.
   */
  async deleteAccount(tx: Transaction, userId: number, firebaseUid: string): Promise<DeletedAccount | null> {
    const placeholders = deletedAccountPlaceholders(userId);
    const scrubbed = await tx.user.updateMany({
      where: { id: userId, deletedAt: null },
      data: { ...placeholders, ipAddress: null, lastLoginIp: null, deletedAt: new Date() },
    });
    if (scrubbed.count === 0) return null;

    const products = await tx.product.findMany({ where: { sellerId: userId }, select: { id: true } });
    // Product images and other buyers' cart lines of these products cascade; order lines keep their copy.
    await tx.product.deleteMany({ where: { sellerId: userId } });
    await tx.profile.deleteMany({ where: { userId } });
    await tx.cartItem.deleteMany({ where: { userId } });
    await tx.address.deleteMany({ where: { userId } });
    await tx.interestedSeller.deleteMany({ where: { userId } });
    await tx.signup.deleteMany({ where: { firebaseUid } });
    await this.eraseSellerProfile(tx, userId);
    return { productIds: products.map((product) => product.id) };
  }

  /** Removes the seller's business profile, keeping its tax identity when they have sold (see deleteAccount). */
  private async eraseSellerProfile(tx: Transaction, userId: number): Promise<void> {
    const [lastSale] = await queryRows(
      tx,
      sqlRow('last sale', { at: 'timestamptz | null' }),
      Prisma.sql`SELECT max(o.created_at) AS at FROM order_items i JOIN orders o ON o.id = i.order_id
                  WHERE i.seller_id = ${userId}`,
    );
    const keepUntil = lastSale?.at ? sellerRecordsKeptUntil(lastSale.at) : null;
    await queryRows(
      tx,
      sqlRow('erased seller profile', { kept: 'int' }),
      Prisma.sql`
      WITH erased AS (DELETE FROM seller_profiles WHERE user_id = ${userId} RETURNING *),
      kept AS (
        INSERT INTO seller_tax_records (user_id, legal_name, business_kind, pan_sealed, pan_last4, gstin_sealed,
                                        gstin_last4, keep_until)
        SELECT user_id, legal_name, business_kind, pan_sealed, pan_last4, gstin_sealed, gstin_last4, ${keepUntil}::date
          FROM erased WHERE ${keepUntil}::date IS NOT NULL
        ON CONFLICT (user_id) DO UPDATE SET keep_until = GREATEST(seller_tax_records.keep_until, EXCLUDED.keep_until)
        RETURNING 1)
      SELECT count(*)::int AS kept FROM kept`,
    );
  }
}

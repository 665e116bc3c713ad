import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf, type Transaction } from '@mandi/database';

/** A user's public face and role, as the profile calls read it. */
const PROFILE_ROW = sqlRow('profile', {
  userId: 'int',
  username: 'text',
  role: narrowed<'user' | 'admin'>('text'),
  fullName: 'text | null',
  bio: 'text | null',
  city: 'text | null',
  /** A file-store key of an upload, a URL (a Google photo), or null for the placeholder. */
  profileImage: 'text | null',
});
/** A row of {@link PROFILE_ROW}. */
export type ProfileRow = RowOf<typeof PROFILE_ROW>;

/** The columns a profile edit writes. */
export interface ProfileChanges {
  fullName: string | null;
  bio: string | null;
  city: string | null;
  profileImage?: string | null;
}

/** Profiles rows (one per user, made on first write when sign-up did not make one). */
@Injectable()
export class ProfilesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The profile of the user behind a Firebase uid; null for an unknown or deleted user. */
  async findByUid(firebaseUid: string): Promise<ProfileRow | null> {
    const rows = await queryRows(
      this.prisma,
      PROFILE_ROW,
      Prisma.sql`
      SELECT u.id AS "userId", u.username::text AS username, u.role::text AS role,
             pr.full_name AS "fullName", pr.bio, pr.city, pr.profile_image AS "profileImage"
        FROM users u
        LEFT JOIN profiles pr ON pr.user_id = u.id
       WHERE u.firebase_uid = ${firebaseUid} AND u.deleted_at IS NULL`,
    );
    return rows[0] ?? null;
  }

  /** Runs `work` in one database transaction. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  /**
   * The profile of user `userId`, made empty if missing and locked until the transaction ends, so two changes of
   * one image (two uploads racing) each see the other's result and no uploaded file is left unreferenced.
   */
  async lockForChange(tx: Transaction, userId: number): Promise<ProfileRow | null> {
    await tx.$executeRaw`INSERT INTO profiles (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`;
    const rows = await queryRows(
      tx,
      PROFILE_ROW,
      Prisma.sql`
      SELECT u.id AS "userId", u.username::text AS username, u.role::text AS role,
             pr.full_name AS "fullName", pr.bio, pr.city, pr.profile_image AS "profileImage"
        FROM profiles pr
        JOIN users u ON u.id = pr.user_id AND u.deleted_at IS NULL
       WHERE pr.user_id = ${userId}
         FOR UPDATE OF pr`,
    );
    return rows[0] ?? null;
  }

  /** Writes the changed columns. */
  async update(tx: Transaction, userId: number, changes: ProfileChanges): Promise<void> {
    await tx.profile.update({ where: { userId }, data: changes });
  }
}

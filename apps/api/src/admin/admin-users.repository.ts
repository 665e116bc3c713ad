import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@mandi/database';
import { outboxInsertSql } from '@mandi/events';

/** A user row as the console lists it. */
export interface AdminUserRow {
  id: number;
  firebaseUid: string;
  username: string;
  email: string;
  createdAt: Date;
  status: 'active' | 'suspended';
  role: 'user' | 'admin';
}

/** Users as the admin panel reads and changes them. */
@Injectable()
export class AdminUsersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Every account that is not deleted, newest first. */
  list(): Promise<AdminUserRow[]> {
    return this.prisma.user.findMany({
      where: { deletedAt: null },
      orderBy: { createdAt: 'desc' },
      select: { id: true, firebaseUid: true, username: true, email: true, createdAt: true, status: true, role: true },
    });
  }

  /**
   * Flips an account between active and suspended and writes user.suspended or user.reactivated to the outbox, in ONE
   * statement (no interactive transaction, see docs/console.md). Two admins toggling at once serialise on the row:
   * the second flip reads the first one's result, so each click is one flip. Null when there is no such account.
   */
  async toggleStatus(userId: number): Promise<'active' | 'suspended' | null> {
    const [row] = await this.prisma.$queryRaw<{ status: 'active' | 'suspended' }[]>`
      WITH flipped AS (
        UPDATE users
           SET status = CASE WHEN status = 'suspended' THEN 'active'::user_status ELSE 'suspended'::user_status END,
               updated_at = now()
         WHERE id = ${userId} AND deleted_at IS NULL
        RETURNING id, status::text AS status
      ), events AS (${outboxInsertSql(
        { type: 'user.suspended', from: 'flipped', ids: { userId: 'id' }, where: Prisma.sql`flipped.status = 'suspended'` },
        { type: 'user.reactivated', from: 'flipped', ids: { userId: 'id' }, where: Prisma.sql`flipped.status = 'active'` },
      )})
      SELECT status FROM flipped`;
    return row?.status ?? null;
  }
}

import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import { auditInsertSql, outboxInsertSql } from '@mandi/events';

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

/** An account's new status and the products that followed it. */
const TOGGLED_ROW = sqlRow('toggled account', {
  uid: 'text',
  status: narrowed<'active' | 'suspended'>('text'),
  productIds: 'int[]',
});

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
   * Flips an account between active and suspended and writes user.suspended or user.reactivated to the outbox and the
   * admin's row to the audit trail, in ONE statement (no interactive transaction, see docs/console.md). The account's
   * products follow it (`seller_suspended`): they leave the shop with a suspension and come back with the account, in
   * the same statement, so no listing ever shows a suspended seller's product. Two admins toggling at once serialise
   * on the row: the second flip reads the first one's result, so each click is one flip. Null when there is no such
   * account; otherwise its uid, the new status and the ids of the products it hid or showed again (their pages are stale).
   */
  async toggleStatus(
    userId: number,
    adminId: number,
  ): Promise<{ uid: string; status: 'active' | 'suspended'; productIds: number[] } | null> {
    const [row] = await queryRows(
      this.prisma,
      TOGGLED_ROW,
      Prisma.sql`
      WITH flipped AS (
        UPDATE users
           SET status = CASE WHEN status = 'suspended' THEN 'active'::user_status ELSE 'suspended'::user_status END,
               updated_at = now()
         WHERE id = ${userId} AND deleted_at IS NULL
        RETURNING id, firebase_uid, status::text AS status
      ), products_followed AS (
        UPDATE products p SET seller_suspended = (flipped.status = 'suspended'), updated_at = now()
          FROM flipped
         WHERE p.seller_id = flipped.id AND p.seller_suspended <> (flipped.status = 'suspended')
        RETURNING p.id
      ), events AS (${outboxInsertSql(
        {
          type: 'user.suspended',
          from: 'flipped',
          ids: { userId: 'id' },
          where: Prisma.sql`flipped.status = 'suspended'`,
        },
        {
          type: 'user.reactivated',
          from: 'flipped',
          ids: { userId: 'id' },
          where: Prisma.sql`flipped.status = 'active'`,
        },
      )}), audited AS (${auditInsertSql(
        {
          adminId,
          action: 'user.suspend',
          from: 'flipped',
          objectId: 'id',
          where: Prisma.sql`flipped.status = 'suspended'`,
          before: Prisma.sql`jsonb_build_object('status', 'active')`,
          after: Prisma.sql`jsonb_build_object('status', 'suspended')`,
        },
        {
          adminId,
          action: 'user.unsuspend',
          from: 'flipped',
          objectId: 'id',
          where: Prisma.sql`flipped.status = 'active'`,
          before: Prisma.sql`jsonb_build_object('status', 'suspended')`,
          after: Prisma.sql`jsonb_build_object('status', 'active')`,
        },
      )})
      SELECT firebase_uid AS uid, status, ARRAY(SELECT id FROM products_followed) AS "productIds" FROM flipped`,
    );
    return row ?? null;
  }
}

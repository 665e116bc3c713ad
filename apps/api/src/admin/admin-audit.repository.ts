import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import type { AuditTrailQuery } from '@mandi/contracts';

/** A row of the audit trail as the database gives it, with its admin. */
export interface AuditTrailRow {
  id: bigint;
  created_at: Date;
  admin_id: number;
  username: string;
  email: string;
  action: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
}

/** A page of the audit trail (as JSON, null when empty) and how many rows match. */
const AUDIT_PAGE_ROW = sqlRow('audit page', { total: 'int', rows: narrowed<AuditTrailRow[] | null>('json') });

/**
 * The audit trail as the console reads it: newest first (created_at, then id), filtered by admin, action, kind of
 * object and object. Each filter has an index of its own (the migration's (admin_id, id), (action, id) and
 * (object_type, object_id, id)), and the page with the count is one statement.
 */
@Injectable()
export class AdminAuditRepository {
  constructor(private readonly prisma: PrismaService) {}

  async list(query: AuditTrailQuery): Promise<{ total: number; rows: AuditTrailRow[] }> {
    const conditions: Prisma.Sql[] = [];
    if (query.adminId !== undefined) conditions.push(Prisma.sql`a.admin_id = ${query.adminId}`);
    if (query.action !== undefined) conditions.push(Prisma.sql`a.action = ${query.action}`);
    if (query.objectType !== undefined) conditions.push(Prisma.sql`a.object_type = ${query.objectType}`);
    if (query.objectId !== undefined) conditions.push(Prisma.sql`a.object_id = ${query.objectId}`);
    const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
    const [result] = await queryRows(
      this.prisma,
      AUDIT_PAGE_ROW,
      Prisma.sql`
      WITH matched AS (SELECT a.* FROM audit_entries a ${where}),
      page AS (SELECT * FROM matched ORDER BY created_at DESC, id DESC
                LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage})
      SELECT (SELECT count(*)::int FROM matched) AS total,
             (SELECT json_agg(json_build_object('id', p.id::text, 'created_at', p.created_at, 'admin_id', p.admin_id,
                                                'username', u.username::text, 'email', u.email::text, 'action', p.action,
                                                'object_type', p.object_type, 'object_id', p.object_id,
                                                'before', p.before, 'after', p.after)
                              ORDER BY p.created_at DESC, p.id DESC)
                FROM page p JOIN users u ON u.id = p.admin_id) AS rows`,
    );
    return { total: result!.total, rows: result!.rows ?? [] };
  }
}

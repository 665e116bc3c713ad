import { Prisma } from '@mandi/database';
import { AUDIT_ACTIONS, isAuditAction, type AuditAction } from '@mandi/domain';
import { sqlIdentifier } from './outbox.sql.js';

/**
 * One admin action of a statement, read off a CTE of it the way {@link outboxInsertSql} reads events: a row of the
 * audit trail for each row of `from` (where `where` holds), naming the object by the column `objectId`.
 */
export interface AuditSource {
  /** The admin who acted (users.id), from the request's caller, never from the body. */
  adminId: number;
  action: AuditAction;
  /** A CTE of the same statement, e.g. `moved`. */
  from: string;
  /** The column of `from` that holds the object's id, e.g. `id`. */
  objectId: string;
  /** A jsonb expression over `from`'s columns: what the object was before (null when nothing is known). */
  before?: Prisma.Sql;
  /** A jsonb expression over `from`'s columns: what it is afterwards. */
  after?: Prisma.Sql;
  where?: Prisma.Sql;
}

/**
 * The one SQL that writes the audit trail, `INSERT ... SELECT` from CTEs of the caller's statement, to put in a
 * `WITH ... audited AS (<here>)`: the change, its events and its audit rows are one statement, all or nothing, so the
 * trail never names a change that did not happen nor misses one that did. The table is append-only (a trigger).
 */
export function auditInsertSql(...sources: [AuditSource, ...AuditSource[]]): Prisma.Sql {
  const selects = sources.map((source) => {
    if (!isAuditAction(source.action)) throw new Error(`Unknown audit action '${String(source.action)}'`);
    if (!Number.isSafeInteger(source.adminId) || source.adminId <= 0)
      throw new Error('An audit row needs the acting admin');
    const from = sqlIdentifier(source.from);
    return Prisma.sql`(SELECT ${source.adminId}::int, ${source.action}::text, ${AUDIT_ACTIONS[source.action].object}::text,
                              ${from}.${sqlIdentifier(source.objectId)}::text,
                              ${source.before ?? Prisma.sql`NULL`}::jsonb, ${source.after ?? Prisma.sql`NULL`}::jsonb
                         FROM ${from} ${source.where ? Prisma.sql`WHERE ${source.where}` : Prisma.empty})`;
  });
  return Prisma.sql`INSERT INTO audit_entries (admin_id, action, object_type, object_id, before, after)
    ${Prisma.join(selects, ' UNION ALL ')}
    RETURNING 1`;
}

import { Prisma } from '@mandi/database';
import { sqlIdentifier } from '@mandi/events';
import type { WindowRule } from '@mandi/domain';

/**
 * The 8-hour window in SQL, once. `windowMs` is the deployment's window (ORDER_DECISION_WINDOW_MS, which tests
 * shorten); every check compares with now(), so the database clock decides, whatever the clocks of the API and the
 * worker say.
 */

/** The window's length as an SQL interval. */
function windowLengthSql(windowMs: number): Prisma.Sql {
  return Prisma.sql`(${windowMs}::double precision * interval '1 millisecond')`;
}

/** The instant the window of the order aliased `alias` closes: its created_at plus the window. */
export function windowClosesAtSql(alias: string, windowMs: number): Prisma.Sql {
  return Prisma.sql`(${sqlIdentifier(alias)}.created_at + ${windowLengthSql(windowMs)})`;
}

/**
 * The window of the order aliased `alias` is open (now is before its closing instant) or closed; 'any' holds always.
 * Written on created_at alone, so orders_created_at_id_idx and orders_awaiting_decision_idx can serve it.
 */
export function windowRuleSql(alias: string, windowMs: number, rule: WindowRule): Prisma.Sql {
  const createdAt = sqlIdentifier(`${alias}.created_at`);
  switch (rule) {
    case 'open':
      return Prisma.sql`${createdAt} > now() - ${windowLengthSql(windowMs)}`;
    case 'closed':
      return Prisma.sql`${createdAt} <= now() - ${windowLengthSql(windowMs)}`;
    case 'any':
      return Prisma.sql`true`;
  }
}

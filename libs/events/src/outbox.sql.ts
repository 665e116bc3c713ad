import { Prisma } from '@mandi/database';
import { domainEvents, isEventType, type EventPayload, type EventType } from './events.js';

/**
 * Where the rows of one event come from inside a statement: the CTE (or table alias) `from`, one row an event, and
 * for each id of the event's payload the column of `from` that holds it. The types only accept the ids of that
 * event's payload, all of them.
 */
export type OutboxSource = {
  [T in EventType]: {
    type: T;
    /** A CTE of the same statement, e.g. `moved`. */
    from: string;
    /** Payload field -> column of `from`, e.g. `{ orderId: 'id' }`. */
    ids: { readonly [K in keyof EventPayload<T>]-?: string };
    /** Only the rows of `from` for which this holds, e.g. a move that did happen. */
    where?: Prisma.Sql;
    /** Outbox ids follow this column of `from`, e.g. `id`, so consumers see the events in that order. */
    orderBy?: string;
  };
}[EventType];

/** A column or CTE name written into the statement; never data, so a plain identifier is all it may be. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/;

/** `name` (a CTE, table alias or column, optionally qualified) as SQL; throws on anything else. */
export function sqlIdentifier(name: string): Prisma.Sql {
  if (!IDENTIFIER.test(name)) throw new Error(`'${name}' is not a column or CTE name`);
  return Prisma.raw(name);
}

/**
 * The one SQL that writes outbox rows, `INSERT ... SELECT` from CTEs of the caller's
 * statement, to put in a `WITH ... events AS (<here>)`, so a change and its events are one statement, all or
 * nothing, as `publish()` gives an interactive transaction. Every row has the shape `publish()` writes: the event's
 * type, its aggregate's id as text, and a payload of exactly the event's ids (the registry of libs/events decides
 * which field names the aggregate). Returns `RETURNING 1`, so the CTE can be counted.
 */
export function outboxInsertSql(...sources: [OutboxSource, ...OutboxSource[]]): Prisma.Sql {
  const selects = sources.map((source) => {
    if (!isEventType(source.type)) throw new Error(`Unknown event '${String(source.type)}'`);
    const definition = domainEvents[source.type];
    const ids = Object.entries(source.ids) as [string, string][];
    const declared = Object.keys(definition.payload.shape).sort();
    if (
      ids
        .map(([field]) => field)
        .sort()
        .join() !== declared.join()
    ) {
      throw new Error(`Event '${source.type}' carries ${declared.join(', ')}`);
    }
    const from = sqlIdentifier(source.from);
    const column = (name: string) => Prisma.sql`${from}.${sqlIdentifier(name)}`;
    const payload = Prisma.join(
      ids.map(([field, name]) => Prisma.sql`${field}::text, ${column(name)}`),
      ', ',
    );
    const aggregate = column((source.ids as Readonly<Record<string, string>>)[definition.aggregate]!);
    return Prisma.sql`(SELECT ${source.type}::text, ${aggregate}::text, jsonb_build_object(${payload})
                         FROM ${from} ${source.where ? Prisma.sql`WHERE ${source.where}` : Prisma.empty}
                        ${source.orderBy ? Prisma.sql`ORDER BY ${column(source.orderBy)}` : Prisma.empty})`;
  });
  return Prisma.sql`INSERT INTO outbox_events (type, aggregate_id, payload)
    ${Prisma.join(selects, ' UNION ALL ')}
    RETURNING 1`;
}

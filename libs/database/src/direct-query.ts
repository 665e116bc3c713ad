// A raw statement sent straight to node-postgres, past Prisma's client, for `queryRows` and `executeStatement` on the
// root client (not in a transaction): per statement, Prisma's client and query compiler cost more of the API's CPU
// than the pg driver and PostgreSQL together (docs/performance.md, "The write path"). What the caller gets is what
// `$queryRaw` gives: the values decoded as Prisma's pg adapter decodes them, and a failure as the same
// PrismaClientKnownRequestError.
import pg from 'pg';
import { Prisma } from './generated/prisma/client.js';

/** What a direct statement answers: its rows, and how many rows it changed (or read). */
export interface DirectResult {
  rows: unknown[];
  rowCount: number;
}

/** Runs a raw statement. */
export type DirectQuery = (statement: Prisma.Sql) => Promise<DirectResult>;

/**
 * The clients that run raw statements themselves, by identity. Not a method or a symbol on the client: a transaction's
 * client is a proxy of the root client that answers every property the root has, so only identity tells them apart.
 */
const directClients = new WeakMap<object, DirectQuery>();

/** Makes `client` run the statements of `queryRows` and `executeStatement` with `run` (PrismaService does, for itself). */
export function runDirectQueries(client: object, run: DirectQuery): void {
  directClients.set(client, run);
}

/** How `db` runs raw statements itself, or undefined for a transaction (or another) client. */
export function directQueryOf(db: object): DirectQuery | undefined {
  return directClients.get(db);
}

const PREPARED = Symbol('mandi.prepared');

/**
 * Marks a statement that runs many times a second and whose plan does not depend on its values (rows by key, a
 * function call): on the root client PostgreSQL then parses and plans it once per connection, not on every call.
 * Planning was most of some hot statements' cost: 0.23 ms of the 0.37 ms an order mail's read took
 * (docs/performance.md, "Fourth sitting"). Not for a table that empties and fills like a queue, nor a search or a
 * filtered listing whose best plan depends on its values (docs/database.md says why). In a transaction it makes no
 * difference.
 */
export function prepared(statement: Prisma.Sql): Prisma.Sql {
  (statement as Prisma.Sql & { [PREPARED]?: true })[PREPARED] = true;
  return statement;
}

/** Most statement texts a process prepares by name; more run unnamed, so no connection holds more plans than this. */
export const PREPARED_STATEMENTS_MAX = 200;

/**
 * The names under which a pool's connections prepare the statements marked {@link prepared}, one per text (a name
 * node-postgres sees twice with another text is an error). `renew` gives every text a new name: after a migration
 * changed the columns a prepared statement answers, PostgreSQL refuses to run it ('cached plan must not change result
 * type') and each connection must prepare it again.
 */
export class PreparedNames {
  private readonly names = new Map<string, string>();
  /** Names given so far: a name is never given twice, so a renewed text never meets its old plan. */
  private given = 0;

  /** The name to prepare `statement` under, or undefined to run it unnamed (not marked, or past the cap). */
  nameOf(statement: Prisma.Sql): string | undefined {
    if (!(statement as Prisma.Sql & { [PREPARED]?: true })[PREPARED]) return undefined;
    const known = this.names.get(statement.text);
    if (known !== undefined || this.names.size >= PREPARED_STATEMENTS_MAX) return known;
    const name = `mandi_${(this.given += 1)}`;
    this.names.set(statement.text, name);
    return name;
  }

  renew(): void {
    this.names.clear();
  }
}

/** PostgreSQL's answer to a prepared statement whose result columns a migration changed (SQLSTATE 0A000). */
export function isStalePreparedStatement(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError &&
    error.code === '0A000' &&
    error.message.startsWith('cached plan must not change result type')
  );
}

/** PostgreSQL's type ids whose text Prisma's adapter reads otherwise than node-postgres does. */
const OID = {
  bytea: 17,
  int8: 20,
  date: 1082,
  timestamp: 1114,
  numeric: 1700,
  int8Array: 1016,
  numericArray: 1231,
} as const;

const arrayParser = pg.types.arrayParser as unknown as {
  create<T>(text: string, parse: (element: string) => T): { parse(): T[] };
};
const parseArray = <T>(text: string, parse: (element: string) => T): T[] => arrayParser.create(text, parse).parse();
const parseBytes = pg.types.getTypeParser(OID.bytea, 'text') as (text: string) => Buffer;

/** A calendar day as midnight UTC, as Prisma reads a `date` (node-postgres would take the process's time zone). */
const utcDay = (text: string): Date => new Date(`${text}T00:00:00Z`);

/** The parsers that differ: int8 as bigint, numeric as Decimal, date and timestamp in UTC, bytea as a Uint8Array. */
const PARSERS: Record<number, (text: string) => unknown> = {
  [OID.int8]: (text) => BigInt(text),
  [OID.numeric]: (text) => new Prisma.Decimal(text),
  [OID.int8Array]: (text) => parseArray(text, BigInt),
  [OID.numericArray]: (text) => parseArray(text, (element) => new Prisma.Decimal(element)),
  [OID.date]: utcDay,
  [OID.timestamp]: (text) => new Date(`${text.replace(' ', 'T')}Z`),
  [OID.bytea]: (text) => new Uint8Array(parseBytes(text)),
};

/** The type parsers of a direct statement. */
export const DIRECT_TYPES = {
  getTypeParser: (oid: number, format?: string) =>
    (format ?? 'text') === 'text' && PARSERS[oid] ? PARSERS[oid] : pg.types.getTypeParser(oid, format as 'text'),
} as pg.CustomTypesConfig;

/**
 * A parameter as Prisma sends it: a Date as its ISO instant (node-postgres would write the process's local time), a
 * Decimal as its digits (node-postgres would send it as a JSON string), arrays element by element.
 */
export function directParameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Prisma.Decimal.isDecimal(value)) return (value as Prisma.Decimal).toFixed();
  if (Array.isArray(value)) return value.map(directParameter);
  return value;
}

/** The columns of a unique violation's detail ('Key (seller_id, request_id)=(...) already exists.'). */
function keyColumns(detail: string | undefined): string[] | undefined {
  // A string search, not a regular expression: the detail holds values a caller sent.
  const open = 'Key (';
  const start = detail?.indexOf(open) ?? -1;
  const end = start < 0 ? -1 : detail!.indexOf(')', start + open.length);
  return end > start + open.length ? detail!.slice(start + open.length, end).split(', ') : undefined;
}

/**
 * A failed direct statement as Prisma reports a failed `$queryRaw`: PrismaClientKnownRequestError P2010 with the
 * driver adapter's cause (SQLSTATE, message, and for a unique violation the key's columns), so that code which tells
 * one failure from another (a unique violation, say) sees the same error whichever path ran. Anything but an error
 * of PostgreSQL's (a lost connection) is left as it is.
 */
export function asPrismaError(error: unknown): unknown {
  if (!(error instanceof pg.DatabaseError) || error.code === undefined) return error;
  const fields = error.code === '23505' ? keyColumns(error.detail) : undefined;
  const cause = {
    originalCode: error.code,
    originalMessage: error.message,
    ...(error.code === '23505'
      ? { kind: 'UniqueConstraintViolation', constraint: fields ? { fields } : undefined }
      : { kind: 'postgres', code: error.code, severity: error.severity, message: error.message }),
  };
  // As @prisma/driver-adapter-utils' DriverAdapterError is made: named so, its message the cause's, or its kind.
  const driverAdapterError = Object.assign(new Error('message' in cause ? cause.message : cause.kind), {
    name: 'DriverAdapterError',
    cause,
  });
  return new Prisma.PrismaClientKnownRequestError(
    `Raw query failed. Code: \`${error.code}\`. Message: \`${error.message}\``,
    { code: 'P2010', clientVersion: Prisma.prismaVersion.client, meta: { driverAdapterError } },
  );
}

// A raw query's row, declared once as a map of its columns to their PostgreSQL types, from which its TypeScript type is
// inferred; `sql-row.check.ts` prepares the query against the migrated database and compares what PostgreSQL says
// the columns are (docs/database.md, "Raw queries and their rows").
import type { Prisma } from './generated/prisma/client.js';
import type * as Enums from './generated/prisma/enums.js';
import type { Db } from './prisma-client.js';
import { directQueryOf } from './direct-query.js';

/**
 * What each kind of column reads as through Prisma's driver adapter, by the name a row declares it with. A kind
 * groups the PostgreSQL types that read the same (`text`: text, varchar, char, citext, name), so a declaration
 * says what the code gets, and a change the code would notice (int4 to int8, text to json, a dropped column) fails
 * the check.
 */
export interface SqlKinds {
  int: number;
  bigint: bigint;
  float: number;
  numeric: Prisma.Decimal;
  text: string;
  bool: boolean;
  timestamptz: Date;
  date: Date;
  json: unknown;
  bytea: Uint8Array;
  user_role: Enums.UserRole;
  user_status: Enums.UserStatus;
  product_category: Enums.ProductCategory;
  order_status: Enums.OrderStatus;
  payment_method: Enums.PaymentMethod;
  order_payment_status: Enums.OrderPaymentStatus;
  payment_provider: Enums.PaymentProvider;
  payment_status: Enums.PaymentStatus;
  refund_status: Enums.RefundStatus;
  invoice_kind: Enums.InvoiceKind;
  document_kind: Enums.DocumentKind;
  interested_seller_status: Enums.InterestedSellerStatus;
  business_kind: Enums.BusinessKind;
  seller_review_status: Enums.SellerReviewStatus;
  shipment_status: Enums.ShipmentStatus;
}

/** A kind of {@link SqlKinds}, or an array of one (`text[]`). */
export type SqlKind = keyof SqlKinds | `${keyof SqlKinds}[]`;

/** A column as a row declares it: its kind, `| null` when it may be null. */
export type SqlColumn = SqlKind | `${SqlKind} | null` | NarrowedColumn<unknown>;

/** A column whose value the code knows more of than its kind says: a JSON shape, a text that holds a union. */
export interface NarrowedColumn<T> {
  kind: SqlKind;
  /** Only a type: the value as the code reads it. */
  readonly value?: T;
}

/** The kind `kind` read as `T`: `narrowed<ShortLine[]>('json')`, `narrowed<'paid' | 'unpaid'>('text')`. */
export function narrowed<T>(kind: SqlKind): NarrowedColumn<T> {
  return { kind };
}

type KindValue<K extends SqlKind> = K extends `${infer Element extends keyof SqlKinds}[]`
  ? SqlKinds[Element][]
  : K extends keyof SqlKinds
    ? SqlKinds[K]
    : never;

/** The value a column reads as. */
export type ColumnValue<C> =
  C extends NarrowedColumn<infer T>
    ? T
    : C extends `${infer K extends SqlKind} | null`
      ? KindValue<K> | null
      : C extends SqlKind
        ? KindValue<C>
        : never;

/** The columns of one row: the name each has in the result, and what it is. */
export type SqlColumns = Record<string, SqlColumn>;

/** A row of a raw query, declared once: its columns at run time (for the check), its type at compile time. */
export interface SqlRow<Columns extends SqlColumns = SqlColumns> {
  /** What the row is, for the check's messages. */
  readonly name: string;
  readonly columns: Columns;
}

/** The TypeScript type of a row. */
export type RowOf<R extends SqlRow> = { -readonly [K in keyof R['columns']]: ColumnValue<R['columns'][K]> };

/** Declares the row `name` with `columns`. */
export function sqlRow<const Columns extends SqlColumns>(name: string, columns: Columns): SqlRow<Columns> {
  return { name, columns };
}

/** The kind and nullability of a declared column. */
export function columnKind(column: SqlColumn): { kind: SqlKind; nullable: boolean } {
  if (typeof column !== 'string') return { kind: column.kind, nullable: true };
  const nullable = column.endsWith(' | null');
  return { kind: (nullable ? column.slice(0, -' | null'.length) : column) as SqlKind, nullable };
}

// The row a statement was written for rides on the statement, so that the check can capture both (sql-row.check.ts).
const ROW = Symbol('mandi.sqlRow');

/** The row a statement made by {@link queryRows} declares, or undefined for another statement. */
export function rowOfStatement(statement: Prisma.Sql): SqlRow | undefined {
  return (statement as Prisma.Sql & { [ROW]?: SqlRow })[ROW];
}

/**
 * Runs `statement` and gives its rows as `row` declares them: on the root client straight through node-postgres
 * (direct-query.ts), in a transaction through the transaction's client.
 */
export function queryRows<R extends SqlRow>(db: Db, row: R, statement: Prisma.Sql): Promise<RowOf<R>[]> {
  (statement as Prisma.Sql & { [ROW]?: SqlRow })[ROW] = row;
  const direct = directQueryOf(db);
  if (direct) return direct(statement).then((result) => result.rows as RowOf<R>[]);
  return db.$queryRaw<RowOf<R>[]>(statement);
}

/**
 * Runs `statement` for its effect and answers how many rows it changed, as `$executeRaw` does: on the root client
 * straight through node-postgres, in a transaction through the transaction's client.
 */
export function executeStatement(db: Db, statement: Prisma.Sql): Promise<number> {
  const direct = directQueryOf(db);
  if (direct) return direct(statement).then((result) => result.rowCount);
  return db.$executeRaw(statement);
}

/** A row of one integer `id`: a row locked with `SELECT id ... FOR UPDATE`, an id taken or found. */
export const ID_ROW = sqlRow('id', { id: 'int' });

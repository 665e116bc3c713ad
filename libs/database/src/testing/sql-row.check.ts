import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { Prisma } from '../generated/prisma/client.js';
import type { Db, Transaction } from '../prisma-client.js';
import type { PrismaService } from '../prisma.service.js';
import { columnKind, rowOfStatement, type SqlKind, type SqlRow } from '../sql-row.js';

// The check of declared rows (docs/database.md, "Raw queries and their rows"): each statement is prepared against a
// migrated database, never run, and the columns PostgreSQL describes are compared with the row the code declares.

/** A column of a statement's result as PostgreSQL describes it. */
export interface DescribedColumn {
  name: string;
  /** The type's OID. */
  typeId: number;
}

/**
 * Parses `text` on `client` and describes its result (the extended protocol's Parse, Describe and Sync): nothing
 * runs, no parameter value is needed, and a statement that cannot be planned (a renamed or dropped column) fails
 * with PostgreSQL's own error. Parameters are typed by PostgreSQL as they are when Prisma sends them.
 */
export function describeStatement(client: pg.Client, text: string): Promise<DescribedColumn[]> {
  return new Promise((resolve, reject) => {
    let columns: DescribedColumn[] = [];
    const describe = {
      submit(connection: {
        parse(message: { text: string; name: string; types: number[] }): void;
        describe(message: { type: 'S'; name: string }): void;
        sync(): void;
      }) {
        connection.parse({ text, name: '', types: [] });
        connection.describe({ type: 'S', name: '' });
        connection.sync();
      },
      handleRowDescription(message: { fields: { name: string; dataTypeID: number }[] }) {
        columns = message.fields.map((field) => ({ name: field.name, typeId: field.dataTypeID }));
      },
      handleError(error: Error) {
        reject(error);
      },
      handleReadyForQuery() {
        resolve(columns);
      },
      handleDataRow() {},
      handleCommandComplete() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
    };
    client.query(describe as unknown as pg.Submittable);
  });
}

/** The kind (SqlKinds of sql-row.ts) of each type OID: the name a row declares a column of that type with. */
export async function kindsOfTypes(client: pg.Client, typeIds: readonly number[]): Promise<Map<number, string>> {
  const { rows } = await client.query<{ oid: number; kind: string }>(
    `WITH RECURSIVE named AS (
       SELECT t.oid, t.typname::text AS typname, t.typtype, e.typname::text AS element, e.typtype AS element_type
         FROM pg_type t LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
        WHERE t.oid = ANY($1::oid[])
     )
     SELECT oid::int AS oid,
            CASE WHEN element IS NOT NULL THEN ${KIND_OF('element', 'element_type')} || '[]'
                 ELSE ${KIND_OF('typname', 'typtype')} END AS kind
       FROM named`,
    [typeIds],
  );
  return new Map(rows.map((row) => [row.oid, row.kind]));
}

/** SQL: the kind of the type named by column `name` whose typtype is column `type` ('e' for an enum). */
function KIND_OF(name: string, type: string): string {
  return `CASE WHEN ${type} = 'e' THEN ${name}
               WHEN ${name} IN ('int2', 'int4') THEN 'int'
               WHEN ${name} = 'int8' THEN 'bigint'
               WHEN ${name} IN ('float4', 'float8') THEN 'float'
               WHEN ${name} IN ('text', 'varchar', 'bpchar', 'citext', 'name') THEN 'text'
               WHEN ${name} IN ('json', 'jsonb') THEN 'json'
               ELSE ${name} END`;
}

/**
 * What differs between the statement `text` as PostgreSQL describes it and `row`: a column declared but not in the
 * result (renamed or dropped), one in the result but not declared, one of another kind. Empty when they agree.
 */
export async function rowMismatches(client: pg.Client, text: string, row: SqlRow): Promise<string[]> {
  const described = await describeStatement(client, text);
  const kinds = await kindsOfTypes(
    client,
    described.map((column) => column.typeId),
  );
  const mismatches: string[] = [];
  const seen = new Set<string>();
  for (const column of described) {
    if (seen.has(column.name)) mismatches.push(`${row.name}: the result has two columns named ${column.name}`);
    seen.add(column.name);
    const declared = row.columns[column.name];
    const kind = kinds.get(column.typeId) ?? `type ${column.typeId}`;
    if (declared === undefined) mismatches.push(`${row.name}: ${column.name} (${kind}) is not declared`);
    else if (columnKind(declared).kind !== (kind as SqlKind))
      mismatches.push(`${row.name}: ${column.name} is declared ${columnKind(declared).kind} but is ${kind}`);
  }
  for (const name of Object.keys(row.columns)) {
    if (!seen.has(name)) mismatches.push(`${row.name}: ${name} is declared but not in the result`);
  }
  return mismatches;
}

/**
 * A statement a repository sent: a query with the row it declared (none: a raw query without a declared row), or a
 * statement run for its effect (`$executeRaw`), which has no row but must still prepare.
 */
export interface CapturedStatement {
  statement: Prisma.Sql;
  kind: 'query' | 'execute';
  row: SqlRow | undefined;
}

/**
 * A stand-in for the Prisma client that records each raw statement and answers it with no rows (a query) or 0 rows
 * changed (`$executeRaw`), so a repository method can be called for the statements it writes without a database.
 * Every other call (the model API) answers nothing; `$transaction` runs its callback with the stand-in. `answers`
 * gives the rows a query of a row (by its name) answers instead, for a method that reads one statement's answer
 * before it sends the next.
 */
export function capturingDb(captured: CapturedStatement[], answers: Record<string, unknown[]> = {}): Db {
  const nothing: unknown = new Proxy(() => Promise.resolve(null), {
    get: (_target, key) => (key === 'then' ? undefined : nothing),
    apply: () => Promise.resolve(null),
  });
  const db: unknown = new Proxy(
    {},
    {
      get(_target, key) {
        if (key === 'then') return undefined;
        if (key === '$queryRaw' || key === '$executeRaw')
          return (first: Prisma.Sql | TemplateStringsArray, ...values: unknown[]) => {
            const statement = isTemplate(first) ? Prisma.sql(first, ...values) : first;
            const kind = key === '$queryRaw' ? 'query' : 'execute';
            const row = rowOfStatement(statement);
            captured.push({ statement, kind, row });
            return Promise.resolve(kind === 'query' ? (answers[row?.name ?? ''] ?? []) : 0);
          };
        if (key === '$transaction')
          return (work: unknown) =>
            typeof work === 'function' ? (work as (tx: unknown) => unknown)(db) : Promise.resolve([]);
        return nothing;
      },
    },
  );
  return db as Db;
}

function isTemplate(value: unknown): value is TemplateStringsArray {
  return Array.isArray(value) && 'raw' in value;
}

/**
 * Calls each of `calls` on a capturing stand-in and checks every statement it sent against a migrated database: each
 * query must declare its row and the row must be what PostgreSQL describes; each `$executeRaw` statement must prepare
 * (a renamed or dropped column fails it). Returns every problem found, by call.
 */
export async function checkRepositoryRows(
  databaseUrl: string,
  calls: Record<string, (db: Db) => Promise<unknown>>,
  answers: Record<string, unknown[]> = {},
): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: Record<string, string[]> = {};
  try {
    for (const [name, call] of Object.entries(calls)) {
      const captured: CapturedStatement[] = [];
      // The stand-in answers no rows, which some methods go on to read: what they sent before is what counts.
      await call(capturingDb(captured, answers)).catch(() => undefined);
      const found: string[] = [];
      if (captured.length === 0) found.push('sent no raw statement');
      for (const { statement, kind, row } of captured) {
        if (kind === 'execute') {
          await describeStatement(client, statement.text).catch((error: Error) =>
            found.push(`a statement: ${error.message}: ${statement.text.trim().slice(0, 80)}`),
          );
          continue;
        }
        if (!row) {
          found.push(`a raw query without a declared row: ${statement.text.trim().slice(0, 80)}`);
          continue;
        }
        try {
          found.push(...(await rowMismatches(client, statement.text, row)));
        } catch (error) {
          found.push(`${row.name}: ${(error as Error).message}`);
        }
      }
      problems[name] = found;
    }
  } finally {
    await client.end();
  }
  return problems;
}

/**
 * The repository classes under `sourceDir` that send SQL of their own (`queryRows`, `executeStatement`, `$executeRaw`), by file: what an
 * app's check must call. `$queryRaw` outside `queryRows` is listed too, under `undeclared`.
 */
export async function repositoriesSendingSql(sourceDir: string): Promise<{ classes: string[]; undeclared: string[] }> {
  const classes: string[] = [];
  const undeclared: string[] = [];
  for (const entry of await readdir(sourceDir, { recursive: true })) {
    if (!entry.endsWith('.ts') || entry.endsWith('.spec.ts')) continue;
    const text = await readFile(path.join(sourceDir, entry), 'utf8');
    if (/\$queryRaw\b/.test(text)) undeclared.push(entry);
    if (!entry.endsWith('.repository.ts') || !/queryRows\(|executeStatement\(|\$executeRaw\b/.test(text)) continue;
    classes.push(...[...text.matchAll(/export class (\w+Repository)\b/g)].map((match) => match[1]!));
  }
  return { classes: classes.sort(), undeclared: undeclared.sort() };
}

/**
 * What an app's check misses: the repositories under `sourceDir` that send SQL but that the check file `specFile` never
 * constructs (`new XRepository(`), and the files with a `$queryRaw` outside `queryRows`.
 */
export async function uncheckedRepositories(
  sourceDir: string,
  specFile: string,
): Promise<{ uncalled: string[]; undeclared: string[] }> {
  const { classes, undeclared } = await repositoriesSendingSql(sourceDir);
  const spec = await readFile(specFile, 'utf8');
  const called = new Set([...spec.matchAll(/new (\w+Repository)\(/g)].map((match) => match[1]));
  return { uncalled: classes.filter((name) => !called.has(name)), undeclared };
}

/** The recording stand-in of checkRepositoryRows as the service a repository is made with. */
export const asService = (client: Db) => client as unknown as PrismaService;
/** The recording stand-in as a transaction. */
export const asTransaction = (client: Db) => client as unknown as Transaction;

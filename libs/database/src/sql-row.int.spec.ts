import pg from 'pg';
import { Prisma } from './generated/prisma/client.js';
import { narrowed, queryRows, sqlRow, type RowOf } from './sql-row.js';
import { checkRepositoryRows, describeStatement, rowMismatches } from './testing/sql-row.check.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

// The check of declared rows fails when a column a query reads is renamed, dropped or changes type
// (docs/database.md, "Raw queries and their rows").

let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(`CREATE TABLE crates (id int PRIMARY KEY, label varchar(20) NOT NULL, packed_at timestamptz,
                                           status order_status NOT NULL, tags text[] NOT NULL DEFAULT '{}')`);
});

afterAll(async () => {
  await client.end();
  await db.drop();
});

const crateRow = sqlRow('crate', {
  id: 'int',
  label: 'text',
  packed_at: 'timestamptz | null',
  status: 'order_status',
  tags: 'text[]',
  extra: narrowed<{ weight: number }>('json'),
});
const crateStatement = () =>
  Prisma.sql`SELECT id, label, packed_at, status, tags, json_build_object('weight', 3) AS extra FROM crates WHERE id = ${1}`;

test("a row's type is inferred from its columns", () => {
  const row: RowOf<typeof crateRow> = {
    id: 1,
    label: 'A',
    packed_at: null,
    status: 'pending',
    tags: ['x'],
    extra: { weight: 3 },
  };
  expect(Object.keys(row).sort()).toEqual(Object.keys(crateRow.columns).sort());
});

test('describes a statement without running it, parameters and all', async () => {
  const columns = await describeStatement(client, 'DELETE FROM crates WHERE id = $1 RETURNING id, label');
  expect(columns.map((column) => column.name)).toEqual(['id', 'label']);
  expect((await client.query('SELECT count(*)::int AS n FROM crates')).rows[0].n).toBe(0);
});

test('agrees with a row that says what the columns are', async () => {
  expect(await rowMismatches(client, crateStatement().text, crateRow)).toEqual([]);
});

test('finds a column of another kind, one not declared and one the result lacks', async () => {
  const wrong = sqlRow('crate', { ...crateRow.columns, id: 'bigint', label: 'text', gone: 'text' });
  const text = 'SELECT id, label, packed_at, status, tags, 1 AS surprise FROM crates';

  expect(await rowMismatches(client, text, wrong)).toEqual([
    'crate: id is declared bigint but is int',
    'crate: surprise (int) is not declared',
    'crate: extra is declared but not in the result',
    'crate: gone is declared but not in the result',
  ]);
});

/** What the check finds of crateRow while `alteration` holds (rolled back afterwards). */
async function whileAltered(alteration: string): Promise<string[] | Error> {
  await client.query('BEGIN');
  try {
    await client.query(alteration);
    return await rowMismatches(client, crateStatement().text, crateRow).catch((error: Error) => error);
  } finally {
    await client.query('ROLLBACK');
  }
}

test('fails when a column changes type, is renamed or is dropped', async () => {
  expect(await whileAltered('ALTER TABLE crates ALTER COLUMN id TYPE bigint')).toEqual([
    'crate: id is declared int but is bigint',
  ]);
  expect(await whileAltered('ALTER TABLE crates ALTER COLUMN status TYPE text')).toEqual([
    'crate: status is declared order_status but is text',
  ]);
  expect(
    await whileAltered(
      'ALTER TABLE crates ALTER COLUMN tags DROP DEFAULT, ALTER COLUMN tags TYPE jsonb USING to_jsonb(tags)',
    ),
  ).toEqual(['crate: tags is declared text[] but is json']);
  expect(await whileAltered('ALTER TABLE crates RENAME COLUMN label TO name')).toEqual(
    new Error('column "label" does not exist'),
  );
  expect(await whileAltered('ALTER TABLE crates DROP COLUMN packed_at')).toEqual(
    new Error('column "packed_at" does not exist'),
  );
  // And the table as it is still agrees.
  expect(await rowMismatches(client, crateStatement().text, crateRow)).toEqual([]);
});

test('checks what a repository sends, names a raw query that declares no row and prepares the other statements', async () => {
  const problems = await checkRepositoryRows(db.url, {
    declared: (prisma) => queryRows(prisma, crateRow, crateStatement()),
    undeclared: (prisma) => prisma.$queryRaw`SELECT id FROM crates`,
    wrong: (prisma) => queryRows(prisma, sqlRow('crate', { id: 'text' }), Prisma.sql`SELECT id FROM crates`),
    executed: (prisma) => prisma.$executeRaw`UPDATE crates SET label = ${'B'} WHERE id = ${1}`,
    brokenExecute: (prisma) => prisma.$executeRaw`UPDATE crates SET name = ${'B'} WHERE id = ${1}`,
    none: async () => undefined,
  });

  expect(problems).toEqual({
    declared: [],
    undeclared: ['a raw query without a declared row: SELECT id FROM crates'],
    wrong: ['crate: id is declared text but is int'],
    executed: [],
    brokenExecute: [
      'a statement: column "name" of relation "crates" does not exist: UPDATE crates SET name = $1 WHERE id = $2',
    ],
    none: ['sent no raw statement'],
  });
});

test('queryRows runs the statement and gives its rows', async () => {
  await client.query(`INSERT INTO crates (id, label, status, tags) VALUES (1, 'A', 'pending', '{x}')`);
  try {
    expect(await queryRows(db.prisma, crateRow, crateStatement())).toEqual([
      { id: 1, label: 'A', packed_at: null, status: 'pending', tags: ['x'], extra: { weight: 3 } },
    ]);
  } finally {
    await client.query('DELETE FROM crates');
  }
});

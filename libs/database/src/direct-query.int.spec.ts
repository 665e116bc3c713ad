import { Prisma } from './generated/prisma/client.js';
import { PrismaService } from './prisma.service.js';
import { prepared } from './direct-query.js';
import { executeStatement, queryRows, sqlRow } from './sql-row.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

// queryRows on the root client goes past Prisma's client straight to node-postgres (direct-query.ts); in a
// transaction it goes through the transaction's client. A caller must not be able to tell the two apart: the same
// values for every kind of column and parameter, the same error, and a transaction's statements inside it.

let db: TestDatabase;
let prisma: PrismaService;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = new PrismaService(db.url);
  await prisma.onModuleInit();
  await prisma.$executeRawUnsafe(`CREATE TABLE parcels (id int PRIMARY KEY, label text NOT NULL UNIQUE)`);
});

afterAll(async () => {
  await prisma.onModuleDestroy();
  await db.drop();
});

/** Runs `statement` for `row` both ways: on the root client (direct) and through a transaction's client (Prisma). */
async function bothWays<R extends Parameters<typeof queryRows>[1]>(row: R, statement: () => Prisma.Sql) {
  const direct = await queryRows(prisma, row, statement());
  const throughPrisma = await prisma.$transaction((tx) => queryRows(tx, row, statement()));
  return { direct, throughPrisma };
}

const EVERY_KIND = sqlRow('every kind', {
  int: 'int',
  bigint: 'bigint',
  float: 'float',
  real: 'float',
  numeric: 'numeric',
  text: 'text',
  citext: 'text',
  bool: 'bool',
  timestamptz: 'timestamptz',
  timestamp: 'timestamptz',
  date: 'date',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytea',
  role: 'user_role',
  roles: 'user_role[]',
  texts: 'text[]',
  ints: 'int[]',
  bigints: 'bigint[]',
  numerics: 'numeric[]',
  nothing: 'text | null',
});

test('every kind of column reads the same direct as through Prisma', async () => {
  const { direct, throughPrisma } = await bothWays(
    EVERY_KIND,
    () => Prisma.sql`
      SELECT 7::int AS int, 9007199254740993::int8 AS bigint, 0.1::float8 AS float, 0.3::float4 AS real,
             12345.6789::numeric AS numeric, 'Tamatar'::text AS text, 'Aloo'::citext AS citext, true AS bool,
             '2026-12-03 10:20:30.123+05:30'::timestamptz AS timestamptz, '2026-12-03 10:20:30.123'::timestamp AS timestamp,
             '2026-12-03'::date AS date, '{"a": [1, "x"]}'::json AS json, '{"b": null}'::jsonb AS jsonb,
             '\\x00ff10'::bytea AS bytea, 'admin'::user_role AS role, ARRAY['user', 'admin']::user_role[] AS roles,
             ARRAY['a', 'b c']::text[] AS texts, ARRAY[1, 2]::int[] AS ints, ARRAY[1, 9007199254740993]::int8[] AS bigints,
             ARRAY[1.5, 2.25]::numeric[] AS numerics, NULL::text AS nothing`,
  );
  expect(direct).toEqual(throughPrisma);
  const [row] = direct;
  expect(row.bigint).toBe(9007199254740993n);
  expect(row.numeric).toBeInstanceOf(Prisma.Decimal);
  expect(row.numeric.toFixed()).toBe('12345.6789');
  expect(row.date.toISOString()).toBe('2026-12-03T00:00:00.000Z');
  expect(row.timestamptz.toISOString()).toBe('2026-12-03T04:50:30.123Z');
  expect(row.bytea).toEqual(new Uint8Array([0, 255, 16]));
});

const ECHO = sqlRow('echo', {
  at: 'timestamptz',
  day: 'date',
  amount: 'numeric',
  big: 'bigint',
  ids: 'int[]',
  doc: 'json',
  bytes: 'bytea',
});

test('every kind of parameter is sent the same direct as through Prisma', async () => {
  const at = new Date('2026-12-03T18:45:00.250Z');
  const { direct, throughPrisma } = await bothWays(
    ECHO,
    () => Prisma.sql`
      SELECT ${at}::timestamptz AS at, ${at}::date AS day, ${new Prisma.Decimal('19.99')}::numeric AS amount,
             ${12n}::int8 AS big, ${[3, 1, 2]}::int[] AS ids, ${JSON.stringify({ k: 'v' })}::json AS doc,
             ${new Uint8Array([1, 2])}::bytea AS bytes`,
  );
  expect(direct).toEqual(throughPrisma);
  expect(direct[0]).toMatchObject({ at, day: new Date('2026-12-03T00:00:00.000Z'), big: 12n, ids: [3, 1, 2] });
  expect(direct[0].amount.toFixed()).toBe('19.99');
});

const ID = sqlRow('parcel id', { id: 'int' });

test('a failure is the same PrismaClientKnownRequestError direct as through Prisma', async () => {
  await prisma.$executeRaw`INSERT INTO parcels (id, label) VALUES (1, 'first')`;
  const insert = () => Prisma.sql`INSERT INTO parcels (id, label) VALUES (2, 'first') RETURNING id`;
  const failure = (run: Promise<unknown>) =>
    run.then(
      () => new Error('no failure'),
      (error: unknown) => error,
    );

  const direct = await failure(queryRows(prisma, ID, insert()));
  const throughPrisma = await failure(prisma.$transaction((tx) => queryRows(tx, ID, insert())));
  expect(direct).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
  expect(throughPrisma).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
  const { code, meta } = throughPrisma as Prisma.PrismaClientKnownRequestError;
  expect(direct).toMatchObject({ code, meta });
  expect(meta).toMatchObject({
    driverAdapterError: { cause: { originalCode: '23505', constraint: { fields: ['label'] } } },
  });

  const divide = await failure(queryRows(prisma, ID, Prisma.sql`SELECT 1 / ${0}::int AS id`));
  expect(divide).toMatchObject({ code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '22012' } } } });
});

test("in a transaction, queryRows runs on the transaction's connection", async () => {
  const seen = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO parcels (id, label) VALUES (10, 'uncommitted')`;
    const inside = await queryRows(tx, ID, Prisma.sql`SELECT id FROM parcels WHERE id = 10`);
    const outside = await queryRows(prisma, ID, Prisma.sql`SELECT id FROM parcels WHERE id = 10`);
    return { inside, outside };
  });
  expect(seen).toEqual({ inside: [{ id: 10 }], outside: [] });
});

test('executeStatement answers the rows changed, direct as through Prisma', async () => {
  await prisma.$executeRaw`INSERT INTO parcels (id, label) VALUES (20, 'a'), (21, 'b'), (22, 'c')`;
  const relabel = (label: string) => Prisma.sql`UPDATE parcels SET label = label || ${label} WHERE id >= 20`;
  expect(await executeStatement(prisma, relabel('!'))).toBe(3);
  expect(await prisma.$transaction((tx) => executeStatement(tx, relabel('?')))).toBe(3);
  const labels = await queryRows(
    prisma,
    sqlRow('label', { label: 'text' }),
    Prisma.sql`SELECT label FROM parcels WHERE id >= 20 ORDER BY id`,
  );
  expect(labels.map((row) => row.label)).toEqual(['a!?', 'b!?', 'c!?']);
});

test('a prepared statement is parsed once per connection, and prepared again after a migration changes its columns', async () => {
  await prisma.$executeRawUnsafe(`CREATE TABLE probes (id int PRIMARY KEY)`);
  await prisma.$executeRaw`INSERT INTO probes (id) VALUES (1)`;
  const every = () => prepared(Prisma.sql`SELECT * FROM probes ORDER BY id`);
  // One at a time, so the pool keeps to one connection and the second run finds the statement there.
  expect(await queryRows(prisma, ID, every())).toEqual([{ id: 1 }]);
  expect(await queryRows(prisma, ID, every())).toEqual([{ id: 1 }]);
  const kept = await queryRows(
    prisma,
    sqlRow('kept', { count: 'int' }),
    Prisma.sql`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement = ${every().text}`,
  );
  expect(kept).toEqual([{ count: 1 }]);

  // PostgreSQL refuses a prepared statement whose result columns changed; the statement is prepared anew and runs.
  await prisma.$executeRawUnsafe(`ALTER TABLE probes ADD COLUMN label text NOT NULL DEFAULT 'new'`);
  const after = await queryRows(prisma, sqlRow('probe', { id: 'int', label: 'text' }), every());
  expect(after).toEqual([{ id: 1, label: 'new' }]);
});

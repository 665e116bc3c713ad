import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from './migrate.mjs';

// Two small migrations in Prisma's layout, with their SHA-256 checksums worked out by hand
// (printf '<file content>' | sha256sum).
const CREATE_FRUITS = 'CREATE TABLE "fruits" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);\n';
const CREATE_FRUITS_SHA256 = 'a4b176615aa28c21f8eb951e7cb5e52a0272b3770244790fa1a08077f2818b13';
const ADD_SEASON = 'ALTER TABLE "fruits" ADD COLUMN "season" TEXT;\n';
const ADD_SEASON_SHA256 = '88dcee8e4abb85319a2ca61bdeefb93ad12da6608d38f53bc8e9e0a43512a14f';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_test_template';
const runId = process.env.MANDI_TEST_RUN_ID ?? `${Date.now().toString(36)}0000`;

let migrationsDir: string;
let databaseUrl: string;
let databaseName: string;

async function writeMigration(name: string, script: string): Promise<void> {
  await mkdir(path.join(migrationsDir, name), { recursive: true });
  await writeFile(path.join(migrationsDir, name, 'migration.sql'), script);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

function databaseAt(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeEach(async () => {
  migrationsDir = await mkdtemp(path.join(tmpdir(), 'mandi-migrations-'));
  // A name in the test-database pattern, so the global teardown drops it if this file crashes.
  databaseName = `mandi_t_${runId}_${Math.random().toString(16).slice(2, 10)}`;
  databaseUrl = databaseAt(databaseName);
});

afterEach(async () => {
  await rm(migrationsDir, { recursive: true, force: true });
  await query(databaseAt('postgres'), `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});

test('creates the missing database, applies the migrations in name order and records them as Prisma does', async () => {
  await writeMigration('20260102000000_add_season', ADD_SEASON);
  await writeMigration('20260101000000_create_fruits', CREATE_FRUITS);
  const messages: string[] = [];

  const applied = await migrate(databaseUrl, { migrationsDir, log: (message: string) => messages.push(message) });

  expect(applied).toEqual(['20260101000000_create_fruits', '20260102000000_add_season']);
  expect(messages).toEqual([
    `Created database ${databaseName}`,
    'Applying migration 20260101000000_create_fruits',
    'Applying migration 20260102000000_add_season',
  ]);
  const rows = await query<{
    migration_name: string;
    checksum: string;
    finished: boolean;
    rolled_back_at: Date | null;
    applied_steps_count: number;
    logs: string | null;
  }>(
    databaseUrl,
    'SELECT migration_name, checksum, finished_at >= started_at AS finished, rolled_back_at, applied_steps_count, logs FROM "_prisma_migrations" ORDER BY started_at',
  );
  expect(rows).toEqual([
    {
      migration_name: '20260101000000_create_fruits',
      checksum: CREATE_FRUITS_SHA256,
      finished: true,
      rolled_back_at: null,
      applied_steps_count: 1,
      logs: null,
    },
    {
      migration_name: '20260102000000_add_season',
      checksum: ADD_SEASON_SHA256,
      finished: true,
      rolled_back_at: null,
      applied_steps_count: 1,
      logs: null,
    },
  ]);
  const columns = await query<{ column_name: string }>(
    databaseUrl,
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'fruits' ORDER BY ordinal_position",
  );
  expect(columns.map((column) => column.column_name)).toEqual(['id', 'name', 'season']);
});

test('a second run applies nothing and leaves the records as they were', async () => {
  await writeMigration('20260101000000_create_fruits', CREATE_FRUITS);
  await migrate(databaseUrl, { migrationsDir });
  const before = await query(databaseUrl, 'SELECT * FROM "_prisma_migrations"');

  const messages: string[] = [];
  const applied = await migrate(databaseUrl, { migrationsDir, log: (message: string) => messages.push(message) });

  expect(applied).toEqual([]);
  expect(messages).toEqual([`Database ${databaseName} is up to date`]);
  expect(await query(databaseUrl, 'SELECT * FROM "_prisma_migrations"')).toEqual(before);
});

test('applies only the migrations added since the last run', async () => {
  await writeMigration('20260101000000_create_fruits', CREATE_FRUITS);
  await migrate(databaseUrl, { migrationsDir });
  await writeMigration('20260102000000_add_season', ADD_SEASON);

  expect(await migrate(databaseUrl, { migrationsDir })).toEqual(['20260102000000_add_season']);
});

test('refuses to run when an applied migration was edited afterwards', async () => {
  await writeMigration('20260101000000_create_fruits', CREATE_FRUITS);
  await migrate(databaseUrl, { migrationsDir });
  await writeMigration('20260101000000_create_fruits', CREATE_FRUITS.replace('"name" TEXT', '"name" VARCHAR(50)'));
  await writeMigration('20260102000000_add_season', ADD_SEASON);

  await expect(migrate(databaseUrl, { migrationsDir })).rejects.toThrow(
    `Migration 20260101000000_create_fruits was changed after it was applied to ${databaseName}`,
  );
  // Nothing after the edited migration ran either.
  const names = await query<{ migration_name: string }>(databaseUrl, 'SELECT migration_name FROM "_prisma_migrations"');
  expect(names).toEqual([{ migration_name: '20260101000000_create_fruits' }]);
});

test('a failing migration leaves neither its changes nor a record behind', async () => {
  await writeMigration('20260101000000_create_fruits', CREATE_FRUITS);
  await writeMigration(
    '20260102000000_broken',
    'CREATE TABLE "baskets" ("id" INTEGER);\nSELECT * FROM "no_such_table";\n',
  );

  await expect(migrate(databaseUrl, { migrationsDir })).rejects.toThrow(
    'Migration 20260102000000_broken failed and was rolled back: relation "no_such_table" does not exist',
  );
  const names = await query<{ migration_name: string }>(databaseUrl, 'SELECT migration_name FROM "_prisma_migrations"');
  expect(names).toEqual([{ migration_name: '20260101000000_create_fruits' }]);
  const baskets = await query<{ exists: boolean }>(databaseUrl, "SELECT to_regclass('baskets') IS NOT NULL AS exists");
  expect(baskets).toEqual([{ exists: false }]);
});

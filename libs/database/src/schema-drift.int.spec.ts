import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

// Fails when prisma/schema.prisma and the database the migrations build disagree: `prisma migrate
// diff` applies prisma/migrations to a scratch (shadow) database and compares it with the schema.
// It runs offline through the driver adapter of prisma.config.ts.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PRISMA_CLI = path.join(ROOT, 'node_modules/prisma/build/index.js');
const SCHEMA = path.join(ROOT, 'prisma/schema.prisma');
const MIGRATIONS = path.join(ROOT, 'prisma/migrations');

let db: TestDatabase;

beforeAll(async () => {
  // The CLI needs a database to connect to, from which it creates (and drops) its shadow database.
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

/** `prisma migrate diff --exit-code` from the migrations to a schema: exit 0 when equal, 2 when not. */
async function diffMigrationsAgainst(schemaPath: string): Promise<{ exitCode: number; output: string }> {
  const args = [
    PRISMA_CLI,
    'migrate',
    'diff',
    '--from-migrations',
    MIGRATIONS,
    '--to-schema-datamodel',
    schemaPath,
    '--script',
    '--exit-code',
  ];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    });
    return { exitCode: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { exitCode: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

test('the migrations build exactly the database schema.prisma describes', async () => {
  const { exitCode, output } = await diffMigrationsAgainst(SCHEMA);

  // On failure the output is the SQL of a migration that would bring the database in line.
  expect({ exitCode, output }).toEqual({ exitCode: 0, output: '-- This is an empty migration.\n\n' });
}, 60_000);

test('a schema change without its migration is caught', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'mandi-drift-'));
  try {
    const schema = await readFile(SCHEMA, 'utf8');
    const changed = schema.replace(
      '  bio          String?  @db.VarChar(200)\n',
      '  bio          String?  @db.VarChar(200)\n  website      String?\n',
    );
    expect(changed).not.toEqual(schema);
    await writeFile(path.join(folder, 'schema.prisma'), changed);

    const { exitCode, output } = await diffMigrationsAgainst(path.join(folder, 'schema.prisma'));

    expect(exitCode).toBe(2);
    expect(output).toContain('ALTER TABLE "profiles" ADD COLUMN     "website" TEXT;');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 60_000);

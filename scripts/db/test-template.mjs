// The template database that every test database is copied from (see createTestDatabase in
// libs/database). Jest's global setup keeps it migrated; its teardown drops what tests left behind.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, quoteIdentifier, readMigrations, withServer } from './migrate.mjs';

/** The migrated template test databases are copied from. */
export const TEST_TEMPLATE_DATABASE = 'mandi_test_template';

/** Prefix of every test database; the rest of the name is `<run id>_<random>`. */
export const TEST_DATABASE_PREFIX = 'mandi_t_';

/** The PostgreSQL server tests use, unless TEST_DATABASE_URL names another. */
export const DEFAULT_TEST_DATABASE_URL = `postgresql://postgres@127.0.0.1:5432/${TEST_TEMPLATE_DATABASE}`;

// Serialises concurrent jest runs (several people share this machine) while one rebuilds the template.
const TEMPLATE_LOCK_KEY = 72707370;
// A database of another run is dropped only when it is this old and nobody is connected to it.
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** An id for one test run: its start time in base 36 (8 characters) and 4 random hex digits. */
export function newRunId(now = Date.now()) {
  return `${now.toString(36).padStart(8, '0')}${randomBytes(2).toString('hex')}`;
}

/** The start time encoded in a test database's name, or null when the name is not one of ours. */
export function testDatabaseStartedAt(name) {
  const match = /^mandi_t_([0-9a-z]{8})[0-9a-f]{4}_[0-9a-f]+$/.exec(name);
  return match ? parseInt(match[1], 36) : null;
}

/** True when the template's recorded migrations are exactly the ones on disk, checksums included. */
async function templateIsCurrent(templateUrl, migrations) {
  const client = new pg.Client({ connectionString: templateUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
    );
    return (
      rows.length === migrations.length &&
      rows.every(
        (row, index) => row.migration_name === migrations[index].name && row.checksum === migrations[index].checksum,
      )
    );
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/**
 * Makes sure the template database holds exactly the migrations on disk: reuses it when it does
 * (the usual case, a few milliseconds), otherwise drops it and migrates a new one. A reused template
 * still gets the stored definitions of prisma/sql/ that changed and a changed pincode directory (both
 * no-ops when current).
 * @param {string} [templateUrl]
 * @param {{ log?: (message: string) => void }} [options]
 */
export async function prepareTestTemplate(templateUrl = DEFAULT_TEST_DATABASE_URL, { log = () => {} } = {}) {
  const template = new URL(templateUrl).pathname.slice(1);
  const migrations = await readMigrations();
  await withServer(templateUrl, async (server) => {
    await server.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const { rowCount } = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (rowCount > 0 && (await templateIsCurrent(templateUrl, migrations))) {
        // No migration to apply: the runner applies the changed definitions and reloads a changed directory.
        await migrate(templateUrl, { log: (message) => message.endsWith('is up to date') || log(message) });
        return;
      }
      log(`Rebuilding test template database ${template}`);
      await server.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(template)} WITH (FORCE)`);
      await migrate(templateUrl, { log });
    } finally {
      await server.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

/**
 * Drops the test databases of run `runId` (a crashed test file leaves its database behind), and those
 * of other runs that are over an hour old and unused. Databases of runs still going are left alone.
 * Returns the names dropped.
 */
export async function dropTestDatabases(serverUrl, runId, now = Date.now()) {
  return withServer(serverUrl, async (server) => {
    const { rows } = await server.query(
      `SELECT d.datname AS name, count(a.pid)::int AS connections
         FROM pg_database d LEFT JOIN pg_stat_activity a ON a.datname = d.datname
        WHERE d.datname LIKE 'mandi\\_t\\_%'
        GROUP BY d.datname`,
    );
    const dropped = [];
    for (const { name, connections } of rows) {
      const startedAt = testDatabaseStartedAt(name);
      const ours = name.startsWith(`${TEST_DATABASE_PREFIX}${runId}_`);
      const abandoned = startedAt !== null && now - startedAt > ABANDONED_AFTER_MS && connections === 0;
      if (!ours && !abandoned) continue;
      await server.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      dropped.push(name);
    }
    return dropped;
  });
}

#!/usr/bin/env node
// Applies prisma/migrations/*/migration.sql to a PostgreSQL database and records each one in
// `_prisma_migrations` exactly as `prisma migrate deploy` does, so either tool can take over a
// database from the other; then the stored functions and triggers of prisma/sql/ whose files changed
// (definitions.mjs). We need our own runner because Prisma's migrate commands cannot run offline here
// (prisma/orm#27403, docs/database.md "How migrations are applied").
//
//   node scripts/db/migrate.mjs            # DATABASE_URL, or the local default database
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { DEFAULT_DATABASE_URL } from './database-url.mjs';
import { applyDefinitions, DEFINITIONS_DIR } from './definitions.mjs';

/** The migrations folder of this repository. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url));

// The key Prisma's schema engine locks with, so our runner and `prisma migrate deploy` exclude
// each other as well as themselves.
const ADVISORY_LOCK_KEY = 72707369;

// Prisma's own definition of its bookkeeping table.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** The database name in a PostgreSQL URL. */
export function databaseName(databaseUrl) {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** The same server's URL with another database name. */
export function withDatabase(databaseUrl, name) {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** Double-quotes an SQL identifier. */
export function quoteIdentifier(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs `work` with a client connected to the server's `postgres` maintenance database. */
export async function withServer(databaseUrl, work) {
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database of `databaseUrl` when it does not exist; true when it was created. */
export async function createDatabaseIfMissing(databaseUrl) {
  const name = databaseName(databaseUrl);
  return withServer(databaseUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount > 0) return false;
    try {
      await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
      return true;
    } catch (error) {
      // Another process created it between our check and our CREATE.
      if (error.code === '42P04') return false;
      throw error;
    }
  });
}

/**
 * The migrations found on disk, in the order they apply: every folder with a migration.sql, sorted
 * by name (Prisma's timestamp prefix). The checksum is Prisma's: SHA-256 of the file, in hex.
 */
export async function readMigrations(migrationsDir = MIGRATIONS_DIR) {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const migrations = [];
  for (const name of names) {
    let script;
    try {
      script = await readFile(path.join(migrationsDir, name, 'migration.sql'));
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      throw error;
    }
    migrations.push({
      name,
      script: script.toString('utf8'),
      checksum: createHash('sha256').update(script).digest('hex'),
    });
  }
  return migrations;
}

/**
 * Brings the database of `databaseUrl` up to date: creates it if missing, then applies every pending
 * migration, each in its own transaction together with its `_prisma_migrations` row, then every stored
 * definition of `definitionsDir` whose file changed (applyDefinitions), under the same lock. Refuses to run
 * when an applied migration's file has changed since, or when an earlier attempt was left unfinished.
 * Returns the names of the migrations it applied. `definitionsDir` defaults to prisma/sql/ with this
 * repository's migrations and to none with another folder of migrations.
 * @param {string} databaseUrl
 * @param {{ log?: (message: string) => void, migrationsDir?: string, definitionsDir?: string | null }} [options]
 * @returns {Promise<string[]>}
 */
export async function migrate(
  databaseUrl,
  {
    log = () => {},
    migrationsDir = MIGRATIONS_DIR,
    definitionsDir = migrationsDir === MIGRATIONS_DIR ? DEFINITIONS_DIR : null,
  } = {},
) {
  if (await createDatabaseIfMissing(databaseUrl)) log(`Created database ${databaseName(databaseUrl)}`);
  const migrations = await readMigrations(migrationsDir);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Silences the NOTICEs of IF NOT EXISTS statements.
    await client.query('SET client_min_messages TO warning');
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at',
    );
    const recorded = new Map(rows.map((row) => [row.migration_name, row]));

    const unfinished = rows.filter((row) => row.finished_at === null).map((row) => row.migration_name);
    if (unfinished.length > 0) {
      throw new Error(
        `Migration ${unfinished.join(', ')} started but never finished in ${databaseName(databaseUrl)}. ` +
          'Repair the database by hand, then mark the row rolled back (rolled_back_at) or finished.',
      );
    }
    for (const migration of migrations) {
      const row = recorded.get(migration.name);
      if (row && row.checksum !== migration.checksum) {
        throw new Error(
          `Migration ${migration.name} was changed after it was applied to ${databaseName(databaseUrl)} ` +
            `(checksum ${row.checksum} in the database, ${migration.checksum} on disk). ` +
            'Never edit an applied migration: add a new one.',
        );
      }
    }
    const onDisk = new Set(migrations.map((migration) => migration.name));
    for (const name of recorded.keys()) {
      if (!onDisk.has(name)) log(`Warning: migration ${name} is applied but missing from ${migrationsDir}`);
    }

    const applied = [];
    for (const migration of migrations.filter((candidate) => !recorded.has(candidate.name))) {
      log(`Applying migration ${migration.name}`);
      const id = randomUUID();
      await client.query('BEGIN');
      try {
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, clock_timestamp())',
          [id, migration.checksum, migration.name],
        );
        // The simple query protocol runs the whole multi-statement script as written.
        await client.query(migration.script);
        await client.query(
          'UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1',
          [id],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed and was rolled back: ${error.message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    if (applied.length === 0) log(`Database ${databaseName(databaseUrl)} is up to date`);
    // After the migrations, which create the tables and types the definitions name.
    if (definitionsDir !== null) await applyDefinitions(client, { log, definitionsDir });
    // The India Post directory is data this schema needs (addresses are checked against it): loaded wherever these
    // migrations are applied, and a no-op when it is current (scripts/db/pincodes.mjs).
    if (migrationsDir === MIGRATIONS_DIR) {
      const { loadPincodeDirectory } = await import('./pincodes.mjs');
      await loadPincodeDirectory(databaseUrl, { log });
    }
    return applied;
  } finally {
    await client.end();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  try {
    await migrate(databaseUrl, { log: (message) => console.log(message) });
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}

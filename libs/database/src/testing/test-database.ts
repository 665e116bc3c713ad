import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client.js';
import { createPrismaClient } from '../prisma-client.js';

/** The migrated template every test database is copied from; jest's global setup keeps it current. */
export const TEST_TEMPLATE_DATABASE = 'mandi_test_template';

/** Prefix of every database createTestDatabase makes; jest's global teardown drops leftovers by it. */
export const TEST_DATABASE_PREFIX = 'mandi_t_';

const DEFAULT_TEMPLATE_URL = `postgresql://postgres@127.0.0.1:5432/${TEST_TEMPLATE_DATABASE}`;
// CREATE DATABASE ... TEMPLATE fails with object_in_use while another session is connected to the
// template, which happens only for a moment while a concurrent jest run checks it.
const OBJECT_IN_USE = '55006';
const CREATE_ATTEMPTS = 20;

/** A fresh, migrated database of one test file, with a client connected to it. */
export interface TestDatabase {
  /** Its connection URL, for code under test that opens its own connections (Nest apps, workers). */
  url: string;
  /** A client of it (through the pg driver adapter, like the application's). */
  prisma: PrismaClient;
  /** Disconnects the client and drops the database. */
  drop(): Promise<void>;
}

function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(templateUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Copies the migrated template into a new database `mandi_t_<run>_<random>` and connects to it.
 * A copy takes a fraction of a second, so every test file gets a database of its own. The run id
 * (set by jest's global setup) lets the teardown drop what a crashed file left behind.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const templateUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_TEMPLATE_URL;
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  // Same shape as the global setup's run id: start time in base 36, then 4 hex digits.
  const runId =
    process.env.MANDI_TEST_RUN_ID ?? `${Date.now().toString(36).padStart(8, '0')}${randomBytes(2).toString('hex')}`;
  const name = `${TEST_DATABASE_PREFIX}${runId}_${randomBytes(4).toString('hex')}`;

  await onServer(templateUrl, async (client) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt === CREATE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });

  const url = withDatabase(templateUrl, name);
  const prisma = createPrismaClient(url);
  return {
    url,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await onServer(templateUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

// PostgreSQL and Redis for the developer scripts: use them when they answer, start the installed ones when they
// do not (docs/deployment.md), fall back to docker compose, and otherwise say plainly what is missing.
// Services we start here are system services and stay running when our scripts end.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DEFAULT_DATABASE_URL } from '../db/database-url.mjs';
import { say } from './output.mjs';
import { repoRoot } from './processes.mjs';

const exec = promisify(execFile);

/** Local defaults, the same as libs/config's. */
export const defaultRedisUrl = 'redis://127.0.0.1:6379';

const localHosts = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The server part of a database URL: the same URL pointed at the always-present `postgres` database. */
export function maintenanceUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

async function postgresAnswers(databaseUrl) {
  const client = new pg.Client({ connectionString: maintenanceUrl(databaseUrl), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function redisAnswers(redisUrl) {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    // A password-protected Redis answers NOAUTH, which still proves it is up.
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

async function commandWorks(command, args) {
  try {
    await exec(command, args, { timeout: 15_000 });
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(300);
  }
  return false;
}

async function composeUp(service) {
  if (!(await commandWorks('docker', ['info'])) || !(await commandWorks('docker', ['compose', 'version'])))
    return false;
  say(`starting ${service} with docker compose`);
  try {
    await exec('docker', ['compose', 'up', '-d', service], { cwd: repoRoot, timeout: 300_000 });
    return true;
  } catch (error) {
    say(`docker compose up -d ${service} failed: ${error.stderr?.trim() || error.message}`);
    return false;
  }
}

function installedPostgresVersion() {
  try {
    return readdirSync('/etc/postgresql').sort().at(-1);
  } catch {
    return undefined;
  }
}

/**
 * Makes sure the PostgreSQL server of `databaseUrl` answers. Returns 'running' when it already did, 'started'
 * when we started it. Throws with what to do when it cannot be reached or started.
 */
export async function ensurePostgres(databaseUrl = DEFAULT_DATABASE_URL) {
  if (await postgresAnswers(databaseUrl)) return 'running';
  const { hostname, port } = new URL(databaseUrl);
  const where = `${hostname}:${port || 5432}`;
  if (!localHosts.has(hostname)) {
    throw new Error(`PostgreSQL does not answer at ${where} (DATABASE_URL). Start it, or correct DATABASE_URL.`);
  }
  const version = installedPostgresVersion();
  if (version) {
    say(
      `PostgreSQL ${version} is installed but not answering on ${where}; starting it (it keeps running after we stop)`,
    );
    try {
      await exec('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { timeout: 60_000 });
    } catch (error) {
      throw new Error(`Could not start PostgreSQL ${version}: ${error.stderr?.trim() || error.message}`, {
        cause: error,
      });
    }
    if (await waitUntil(() => postgresAnswers(databaseUrl), 30_000)) return 'started';
    throw new Error(`PostgreSQL ${version} started but does not accept connections at ${where} as in DATABASE_URL.`);
  }
  if ((await composeUp('postgres')) && (await waitUntil(() => postgresAnswers(databaseUrl), 60_000))) return 'started';
  throw new Error(
    `PostgreSQL does not answer at ${where} and is not installed here. Install PostgreSQL 15 ` +
      `(apt-get install postgresql) or Docker (then: docker compose up -d postgres redis), or set DATABASE_URL.`,
  );
}

/**
 * Makes sure the Redis server of `redisUrl` answers. Returns 'running' when it already did, 'started' when we
 * started it. Throws with what to do when it cannot be reached or started.
 */
export async function ensureRedis(redisUrl = defaultRedisUrl) {
  if (await redisAnswers(redisUrl)) return 'running';
  const { hostname, port } = new URL(redisUrl);
  const where = `${hostname}:${port || 6379}`;
  if (!localHosts.has(hostname)) {
    throw new Error(`Redis does not answer at ${where} (REDIS_URL). Start it, or correct REDIS_URL.`);
  }
  if (await commandWorks('redis-server', ['--version'])) {
    say(`Redis is installed but not answering on ${where}; starting it (it keeps running after we stop)`);
    const args = [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '--port',
      String(port || 6379),
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    try {
      await exec('redis-server', args, { timeout: 30_000 });
    } catch (error) {
      throw new Error(`Could not start Redis: ${error.stderr?.trim() || error.message}`, { cause: error });
    }
    if (await waitUntil(() => redisAnswers(redisUrl), 15_000)) return 'started';
    throw new Error(`Redis started but does not answer at ${where}.`);
  }
  if ((await composeUp('redis')) && (await waitUntil(() => redisAnswers(redisUrl), 60_000))) return 'started';
  throw new Error(
    `Redis does not answer at ${where} and is not installed here. Install Redis 7 (apt-get install redis-server) ` +
      `or Docker (then: docker compose up -d postgres redis), or set REDIS_URL.`,
  );
}

/** Both services, reported in one line each when we had to start them. */
export async function ensureServices({ databaseUrl = DEFAULT_DATABASE_URL, redisUrl = defaultRedisUrl } = {}) {
  const [postgres, redis] = [await ensurePostgres(databaseUrl), await ensureRedis(redisUrl)];
  return { postgres, redis };
}

/**
 * Deletes every Redis key under `<prefix>:` (queues, rate-limit counters, sessions) and answers how many. A database
 * made anew numbers its outbox events from 1 again, and BullMQ would take the jobs of those events for the ones it
 * kept from the database before (same job ids) and never run them: the queue state of an earlier database goes with
 * it.
 */
export async function clearRedisPrefix(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
  return deleted;
}

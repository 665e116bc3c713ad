// Benches that need their own data start the built API and worker (apps/*/dist/main.js; build first) against their
// own database and Redis prefix on a port of their own, so a running `npm start` and its demo data are untouched.
// `replicas` runs several of each as `MANDI_REPLICAS` does (replicaProcesses of scripts/lib/replicas.mjs).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { quoteIdentifier, withServer } from '../../scripts/db/migrate.mjs';
import { replicaProcesses } from '../../scripts/lib/replicas.mjs';
import { clearRedisPrefix } from '../../scripts/lib/services.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Whose built apps a bench starts: this checkout's, or BENCH_APPS_ROOT's (another checkout, e.g. a worktree of the
 * commit before a change, built there), so one bench script measures before and after alternately in one sitting.
 */
export const appsRoot = process.env.BENCH_APPS_ROOT ?? repoRoot;
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const emulatorUrl = process.env.FIREBASE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';

/**
 * Drops and recreates the bench's own database `databaseUrl`, and migrates it (the pincode directory included) with
 * the migrations and SQL definitions of the checkout whose apps run (BENCH_APPS_ROOT's for a before), so each side
 * runs on its own schema.
 */
export async function freshDatabase(databaseUrl) {
  const { migrate } = await import(pathToFileURL(join(appsRoot, 'scripts/db/migrate.mjs')).href);
  const name = new URL(databaseUrl).pathname.slice(1);
  await withServer(databaseUrl, async (server) => {
    await server.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await server.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
  });
  await migrate(databaseUrl);
}

/** A new account in the Auth emulator, signed in: its uid and ID token. */
export async function emulatorAccount(email) {
  const response = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
  });
  const body = /** @type {any} */ (await response.json());
  if (!response.ok) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken };
}

/**
 * Node's own flags for the apps a bench starts, from BENCH_NODE_FLAGS (NODE_OPTIONS refuses some): e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/profiles` profiles the worker of bench:orders beside its API.
 */
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

function start(name, script, env) {
  const child = spawn(process.execPath, [...nodeFlags, script], {
    cwd: appsRoot,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk.toString()));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`${name} exited with ${code}:\n${errors}`);
  });
  return child;
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The environment a bench gives the API and the worker: development settings on its own database, port and prefix. */
export function benchAppEnv({ port, databaseUrl, redisPrefix }) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    // One load generator on one address: the public per-address limit would answer 429 to the bench itself.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000',
    // Each bench worker's metrics on a free port, beside a running `npm start`'s worker on 9464.
    WORKER_METRICS_PORT: process.env.WORKER_METRICS_PORT ?? '0',
  };
}

/**
 * Starts `replicas` APIs (default 1) on `port`, `port + 1`, ... and as many workers against `databaseUrl` and a clean
 * Redis `redisPrefix`, and waits for every API's health check. Returns the processes (`apis`, `workers`; `api` and
 * `worker` are the first of each), the APIs' `urls` (`url` is the first), `pids` by process name (`api`, `worker`
 * for one replica; `api-1`, `api-2`, `worker-1`, ... for more), ready for sampleMemory, and `stop()`, which also
 * clears the prefix.
 */
export async function startApps({ port, databaseUrl, redisPrefix, env = {}, replicas = 1 }) {
  await clearRedisPrefix(redisUrl, redisPrefix);
  const processEnv = { ...benchAppEnv({ port, databaseUrl, redisPrefix }), ...env };
  const started = replicaProcesses(processEnv, replicas).map((app) => ({
    ...app,
    child: start(app.name, app.main, app.env),
  }));
  const apis = started.filter((app) => app.port !== undefined);
  const workers = started.filter((app) => app.port === undefined);
  const urls = apis.map((app) => `http://127.0.0.1:${app.port}`);
  const stopAll = async () => {
    await Promise.all(apis.map((app) => stop(app.child)));
    await Promise.all(workers.map((app) => stop(app.child)));
    await clearRedisPrefix(redisUrl, redisPrefix);
  };
  try {
    await Promise.all(apis.map((app, i) => waitForHealth(urls[i], app.child)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    api: apis[0].child,
    worker: workers[0].child,
    url: urls[0],
    apis: apis.map((app) => app.child),
    workers: workers.map((app) => app.child),
    urls,
    pids: Object.fromEntries(started.map((app) => [app.name, app.child.pid])),
    stop: stopAll,
  };
}

async function waitForHealth(url, api) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API of ${url} exited during startup`);
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/api/health did not answer 200 within 30 s`);
}

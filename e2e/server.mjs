// The web server of the Playwright run (e2e/playwright.config.ts): the built API and worker on their own port,
// database and Redis prefix, so the journeys never touch a developer's `npm start` data.
// The database is prepared here rather than in a globalSetup because Playwright starts its webServer first.
// Playwright stops this script by signalling its whole process group, which the API and worker share.
// The Auth emulator of `npm test` (or of a running `npm start`) is reused; alone, this script starts its own.
// Likewise the Razorpay sandbox on its fixed port (the storefront is built against it): a running one also sends its
// webhooks to this run's API; otherwise this script runs one itself.
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { migrate } from '../scripts/db/migrate.mjs';
import { seed } from '../scripts/db/seed.mjs';
import { emulatorHost, emulatorProjectId, startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { localEnvironment, razorpaySandboxPort, razorpaySandboxUrl } from '../scripts/lib/environment.mjs';
import { complain, say } from '../scripts/lib/output.mjs';
import { startProcess } from '../scripts/lib/processes.mjs';
import { clearRedisPrefix, maintenanceUrl } from '../scripts/lib/services.mjs';
import { ensureRazorpaySandbox } from '../tools/razorpay-sandbox/dev-sandbox.mjs';

/** Set by playwright.config.ts, which also points the browser at this port. */
const e2ePort = Number(process.env.E2E_PORT || 3100);
/**
 * E2E_DATABASE names a run's own database (the journeys read it too, journey-helpers.ts), Redis prefix, mail and
 * files, so two runs on one machine (with two E2E_PORTs) never drop each other's data.
 */
const e2eDatabaseName = process.env.E2E_DATABASE || 'mandi_e2e';
const e2eRedisPrefix = e2eDatabaseName.replaceAll('_', '-');
/** The worker's captured mail of this run; journeys read it at /dev/mail like a person would. */
const e2eMailDir = `var/${e2eDatabaseName.replace(/^mandi_/, '')}/mail`;
/** The run's own file store (product photos, profile images), emptied with the database. */
const e2eFileDir = `var/${e2eDatabaseName.replace(/^mandi_/, '')}/files`;

const databaseUrl = (() => {
  const url = new URL(localEnvironment().DATABASE_URL);
  url.pathname = `/${e2eDatabaseName}`;
  return url.toString();
})();
const env = localEnvironment({
  NODE_ENV: 'test',
  PORT: String(e2ePort),
  DATABASE_URL: databaseUrl,
  REDIS_PREFIX: e2eRedisPrefix,
  PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
  MAIL_TRANSPORT: 'capture',
  MAIL_CAPTURE_DIR: e2eMailDir,
  FILE_STORE: 'local',
  FILE_STORE_DIR: e2eFileDir,
  // Quiet by default: the run's own report is what matters; E2E_LOG_LEVEL=info shows every request.
  LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
});

async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: maintenanceUrl(databaseUrl) });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${e2eDatabaseName}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${e2eDatabaseName}"`);
  } finally {
    await admin.end();
  }
}

const children = [];
/** Stops the Auth emulator if this script started it (a run outside `npm test`); a reused one stays. */
let stopEmulator = async () => {};
/** Stops the Razorpay sandbox this script runs, or takes this run's webhook endpoint off a reused one. */
let stopRazorpaySandbox = async () => {};
let stopping = false;

async function stopAll(code) {
  stopping = true;
  await Promise.all(children.map((child) => child.stop()));
  await Promise.all([stopEmulator(), stopRazorpaySandbox()]);
  process.exit(code);
}

/**
 * Playwright signals the whole group, so the API and worker got the signal too and are already shutting down; a
 * second signal would make them exit hard. Only a child still running after a grace period is stopped here.
 */
async function afterGroupSignal() {
  stopping = true;
  await Promise.all(children.map((child) => Promise.race([child.exited, sleep(10_000)]).then(() => child.stop())));
  await Promise.all([stopEmulator(), stopRazorpaySandbox()]);
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void afterGroupSignal());

try {
  await recreateDatabase();
  await clearRedisPrefix(env.REDIS_URL, e2eRedisPrefix);
  await rm(e2eMailDir, { recursive: true, force: true });
  await rm(e2eFileDir, { recursive: true, force: true });
  await migrate(databaseUrl, { log: say });
  // `npm test` has started the emulator already; `npm run test:e2e` alone may not have one.
  await startAuthEmulator({ onSpawn: (emulator) => (stopEmulator = emulator.stop) });
  if (env.RAZORPAY_API_URL === razorpaySandboxUrl) {
    const sandbox = await ensureRazorpaySandbox({
      port: razorpaySandboxPort,
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${e2ePort}/api/payment/webhook`,
      log: (line) => say(`razorpay: ${line}`),
    });
    stopRazorpaySandbox = sandbox.stop;
  }
  await seed(databaseUrl, {
    firebaseAuthEmulatorHost: emulatorHost,
    projectId: emulatorProjectId,
    fileStoreDir: e2eFileDir,
    razorpay:
      env.RAZORPAY_API_URL === razorpaySandboxUrl
        ? { url: env.RAZORPAY_API_URL, keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET }
        : null,
    log: say,
  });
  say(`e2e database ${e2eDatabaseName} ready; starting the API on port ${e2ePort} and the worker`);
  const app = (name, colour, main) =>
    startProcess({ name, colour, command: process.execPath, args: [main], env, ownGroup: false });
  children.push(app('api', 'cyan', 'apps/api/dist/main.js'), app('worker', 'magenta', 'apps/worker/dist/main.js'));
  const { name, code, signal } = await Promise.race(
    children.map((child) => child.exited.then((how) => ({ name: child.name, ...how }))),
  );
  if (!stopping) {
    complain(`${name} exited (${code ?? signal}); stopping the e2e server`);
    await stopAll(1);
  }
} catch (error) {
  if (!stopping) {
    complain(`e2e server failed: ${error.stack ?? error.message}`);
    await stopAll(1);
  }
}

// `npm start`: the whole marketplace on this machine (issue 3 item 9). Finds or starts PostgreSQL and Redis,
// installs Chromium and its fonts for invoice PDFs when they are missing (or says which package to install),
// migrates the database, builds what is out of date, starts the Auth emulator, seeds the demo accounts on an empty
// database, starts the Razorpay sandbox and the local ONDC registry, runs the API and the worker (MANDI_REPLICAS=N: N of
// each, the APIs on consecutive ports), and prints where everything is. Ctrl-C stops what this script started (APIs,
// workers, sandbox, registry, emulator) and nothing else.
import { join } from 'node:path';
import { ensureSupportedNode } from './lib/node-version.mjs';
import { migrate } from './db/migrate.mjs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seed } from './db/seed.mjs';
import { recordBuild, staleBuildReason } from './lib/build.mjs';
import { emulatorHost, emulatorProjectId, emulatorUrl, startAuthEmulator } from './lib/emulator.mjs';
import { frontEndSettings, localEnvironment, razorpaySandboxPort, razorpaySandboxUrl } from './lib/environment.mjs';
import { complain, paint, say } from './lib/output.mjs';
import { defaultChromiumPath, ensurePdfPrerequisites } from './lib/pdf-prerequisites.mjs';
import { isListening, repoRoot, run, startProcess, waitForHttp } from './lib/processes.mjs';
import { REPLICAS_VARIABLE, replicaCount, replicaProcesses } from './lib/replicas.mjs';
import { clearRedisPrefix, ensureServices } from './lib/services.mjs';
import { ensureRazorpaySandbox } from '../tools/razorpay-sandbox/dev-sandbox.mjs';
import { ensureOndcRegistry } from '../tools/ondc-registry/dev-registry.mjs';
import { DEV_ONDC_REGISTRY_URL } from '../libs/config/src/development-values.js';

ensureSupportedNode();
const startedAt = performance.now();
// Development listens on this machine only: the Auth emulator it trusts accepts unsigned tokens, so an API reachable
// from the network would make anyone on it an admin. HOST=0.0.0.0 opens it (to try the storefront from a phone).
const env = localEnvironment({ NODE_ENV: 'development', HOST: process.env.HOST || '127.0.0.1' });
const baseUrl = `http://localhost:${env.PORT}`;
/** The local Razorpay sandbox runs unless the caller pointed RAZORPAY_API_URL at Razorpay itself. */
const usesRazorpaySandbox = env.RAZORPAY_API_URL === razorpaySandboxUrl;
/** The ONDC registry the apps look buyer apps up in: the local one (tools/ondc-registry) unless it is ONDC's. */
const ondcRegistryUrl = new URL(env.ONDC_REGISTRY_URL || DEV_ONDC_REGISTRY_URL);
const usesLocalOndcRegistry = ['127.0.0.1', 'localhost'].includes(ondcRegistryUrl.hostname);

/** The APIs and workers to run (MANDI_REPLICAS of each), read in main() so a bad value ends with its message. */
let apps = [];

/** Everything this script started, stopped in reverse order on the way out. */
const owned = [];
/** Stops the Razorpay sandbox (it runs in this process), or takes our webhook endpoint off one we reused. */
let stopRazorpaySandbox = async () => {};
/** Stops the local ONDC registry if this run started it (in this process); one it reused keeps running. */
let stopOndcRegistry = async () => {};
let leaving = false;

async function leave(code, why) {
  if (leaving) return;
  leaving = true;
  if (why) say(why);
  const running = [...owned].reverse();
  if (running.length > 0) say(`stopping ${running.map((p) => p.name).join(', ')}`);
  // The apps first (they drain their work), then the emulator and the sandbox they talk to.
  await Promise.all(running.filter((p) => p.name !== 'auth').map((p) => p.stop()));
  await Promise.all([
    ...running.filter((p) => p.name === 'auth').map((p) => p.stop()),
    stopRazorpaySandbox(),
    stopOndcRegistry(),
  ]);
  say('stopped. PostgreSQL and Redis are system services and keep running.');
  process.exit(code);
}

let ready = false;
let interrupts = 0;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupts += 1;
    if (interrupts > 1) {
      say('second interrupt: killing what is left');
      for (const p of owned) p.kill();
      process.exit(130);
    }
    void leave(ready ? 0 : 130, `${signal} received`);
  });
}

async function main() {
  const port = Number(env.PORT);
  apps = replicaProcesses(env, replicaCount(process.env[REPLICAS_VARIABLE]));
  for (const { port: appPort } of apps.filter((app) => app.port !== undefined)) {
    if (await isListening('127.0.0.1', appPort)) {
      throw new Error(`port ${appPort} is already in use (another npm start?). Stop it, or run with PORT=<free port>.`);
    }
  }

  const services = await ensureServices({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
  say(`PostgreSQL ${services.postgres}, Redis ${services.redis}`);
  // Before anything slow: a machine that cannot print invoices should hear so at once, with what to install.
  const pdf = await ensurePdfPrerequisites({
    executablePath: env.PUPPETEER_EXECUTABLE_PATH || defaultChromiumPath,
    log: say,
  });
  if (pdf !== 'present') say(`Chromium and fonts for invoice PDFs: ${pdf}`);

  await migrate(env.DATABASE_URL, { log: say });

  const staleBecause = staleBuildReason(frontEndSettings);
  if (staleBecause) {
    say(`building (${staleBecause})`);
    const buildStarted = performance.now();
    // The apps run in development, but the front ends are built for production: with NODE_ENV=development Vite
    // would bundle React's development build, twice the size and far slower on a phone.
    if ((await run('npm', ['run', 'build'], { env: { ...env, NODE_ENV: 'production' } })) !== 0) {
      throw new Error('npm run build failed (its errors are above).');
    }
    recordBuild(frontEndSettings);
    say(`built in ${seconds(performance.now() - buildStarted)}`);
  } else {
    say('build is up to date');
  }
  if (leaving) return;

  // The emulator keeps its accounts in var/ between runs, so the seeded demo accounts outlive a restart.
  await startAuthEmulator({ dataDir: join(repoRoot, 'var', 'firebase-emulator'), onSpawn: (p) => owned.push(p) });

  if (usesRazorpaySandbox) {
    const sandbox = await ensureRazorpaySandbox({
      port: razorpaySandboxPort,
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${port}/api/payment/webhook`,
      log: (line) => process.stdout.write(`${paint('blue', 'razorpay')} ${line}\n`),
    });
    stopRazorpaySandbox = sandbox.stop;
  }
  // Buyer apps' keys are looked up there; it knows Mandi's development record at PUBLIC_URL/ondc.
  if (usesLocalOndcRegistry) {
    const registry = await ensureOndcRegistry({
      port: Number(ondcRegistryUrl.port || 80),
      host: ondcRegistryUrl.hostname === 'localhost' ? '127.0.0.1' : ondcRegistryUrl.hostname,
      mandiUrl: env.PUBLIC_URL,
      log: (line) => process.stdout.write(`${paint('blue', 'ondc')} ${line}\n`),
    });
    stopOndcRegistry = registry.stop;
  }

  if (leaving) return;

  // After the sandbox: the demo's online orders are paid there, so their sellers' payouts can be transferred.
  const seeded = await seed(env.DATABASE_URL, {
    firebaseAuthEmulatorHost: emulatorHost,
    projectId: emulatorProjectId,
    razorpay: usesRazorpaySandbox
      ? { url: env.RAZORPAY_API_URL, keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET }
      : null,
    log: say,
  });
  // A new database numbers its events from 1 again: the queues kept for an earlier one would swallow their jobs.
  const stale = seeded ? await clearRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX) : 0;
  if (stale > 0) say(`cleared ${stale} Redis keys left by an earlier database under '${env.REDIS_PREFIX}:'`);
  if (leaving) return;

  for (const app of apps) {
    owned.push(
      startProcess({ name: app.name, colour: app.colour, command: process.execPath, args: [app.main], env: app.env }),
    );
  }

  const firstExit = Promise.race(owned.map((p) => p.exited.then((how) => ({ name: p.name, ...how }))));
  const died = firstExit.then(
    ({ name, code, signal }) => new Error(`${name} exited during startup (${code ?? signal})`),
  );
  await Promise.all(
    apiPorts().map((apiPort) =>
      waitForHttp(`http://127.0.0.1:${apiPort}/api/health`, { timeoutMs: 120_000, abandon: died }),
    ),
  );
  ready = true;
  banner();

  const { name, code, signal } = await firstExit;
  if (!leaving) await leave(1, `${name} exited unexpectedly (${code ?? signal}); stopping the rest`);
}

/** The ports of the APIs this run starts, the first being PORT. */
function apiPorts() {
  return apps.filter((app) => app.port !== undefined).map((app) => app.port);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** How the banner describes each demo account of the seed. */
const demoRoles = { admin: 'admin, the official seller', seller: 'seller', buyer: 'buyer' };

function banner() {
  const row = (label, value) => `  ${label.padEnd(14)} ${paint('cyan', value)}`;
  const ports = apiPorts();
  const metricsPorts = apps.filter((app) => app.port === undefined).map((app) => app.env.WORKER_METRICS_PORT);
  const replicas =
    ports.length === 1
      ? ''
      : `: ${ports.length} APIs on ports ${ports.join(', ')} and ${ports.length} workers (metrics on ports ${metricsPorts.join(', ')})`;
  const lines = [
    '',
    paint('green', `Mandi is ready (${seconds(performance.now() - startedAt)})${replicas}`),
    '',
    row('Storefront', `${baseUrl}/`),
    row('Console', `${baseUrl}/adminpanel`),
    row('API health', `${baseUrl}/api/health`),
    ...ports.slice(1).map((apiPort) => row('Also the API', `http://localhost:${apiPort}/ (same data, same Redis)`)),
    row('Mail inbox', `${baseUrl}/dev/mail (verification and password-reset mails land here)`),
    row('Auth emulator', `${emulatorUrl} (project ${emulatorProjectId})`),
    usesRazorpaySandbox
      ? row(
          'Razorpay',
          `${razorpaySandboxUrl} sandbox (checkout ${env.RAZORPAY_CHECKOUT_URL}, docs/razorpay-sandbox.md)`,
        )
      : row('Razorpay', `${env.RAZORPAY_API_URL} (key ${env.RAZORPAY_KEY_ID})`),
    row(
      'ONDC',
      `${env.PUBLIC_URL}/ondc, registry ${usesLocalOndcRegistry ? `${ondcRegistryUrl.origin} (local, docs/ondc.md)` : ondcRegistryUrl.href}`,
    ),
    '',
    `  Demo accounts, password ${paint('bold', DEMO_PASSWORD)}:`,
    ...DEMO_ACCOUNTS.map((account) => `    ${account.email.padEnd(20)}${demoRoles[account.key] ?? account.role}`),
    '',
    `Ctrl-C stops the ${ports.length === 1 ? 'API, the worker' : 'APIs, the workers'}, the Razorpay sandbox, the ONDC registry and the Auth emulator ` +
      'this started. PostgreSQL and Redis keep running.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch(async (error) => {
  if (leaving) return;
  complain(`npm start failed: ${error.message}`);
  await leave(1);
});

// `npm run bench:catalog`: search and listing at a million products. Starts the built API and worker
// (apps/*/dist/main.js, build first) against the database of `npm run bench:catalog-seed` (BENCH_DATABASE_URL,
// default mandi_bench) on BENCH_PORT (default 3210), then runs autocannon at 50 connections for 10 s per load
// (CONNECTIONS, DURATION override):
//  - suggestions over a mix of prefixes, typos and Hindi names in Latin letters, as buyers type them, each asked once
//    before (the API keeps a list a minute in Redis, so these are cache hits, as popular prefixes are);
//  - suggestions where every request is a text never asked before (each one reaches PostgreSQL);
//  - by-name search over a mix of names, typos and Hinglish;
//  - the home listing's first page, and the listing with a search;
// printing requests/s, p50 and p99 of each, and the peak resident memory of the API and the worker.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { connections, duration, load, report, reportMemory, sampleMemory } from './lib/measure.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const port = Number(process.env.BENCH_PORT ?? 3210);
const url = `http://127.0.0.1:${port}`;
const redisPrefix = 'mandi-bench-catalog';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// What buyers type into the search bar, letter by letter, with their typos and Hindi names.
const typed = [
  't', 'to', 'tom', 'toma', 'tomat', 'tomato', 'tomatoe', 'tamatar', 'tamtar', 'a', 'al', 'alo', 'aloo', 'potato',
  'pot', 'p', 'py', 'pyaz', 'pyaj', 'onion', 'oni', 'bh', 'bhi', 'bhindi', 'bhindee', 'okra', 'lady finger', 'm',
  'ma', 'man', 'mango', 'mangoe', 'aam', 'alphonso', 'kesar', 'gh', 'ghe', 'ghee', 'desi ghee', 'haldi', 'turmeric',
  'tumeric', 'atta', 'wheat flour', 'dal', 'toor dal', 'moong', 'honey', 'shahad', 'gud', 'jaggery', 'jagery',
  'organic', 'organic tomatoes', 'nashik', 'ratnagiri aam', 'shimla apple', 'seb', 'kela', 'banana', 'bananna',
  'chawal', 'basmati', 'rice', 'jeera', 'cumin', 'elaichi', 'cardamon', 'palak', 'spinach', 'methi', 'gobhi',
  'cauliflower', 'patta gobhi', 'cabbage', 'adrak', 'ginger', 'lehsun', 'garlic', 'garlik',
];
const searched = [
  'tomatoes', 'tamatar', 'tomatoe', 'aloo', 'potato', 'pyaz', 'onion', 'bhindi', 'lady finger', 'mango', 'aam',
  'desi ghee', 'haldi', 'atta', 'toor dal', 'honey', 'jaggery', 'organic tomatoes', 'nashik pyaz', 'basmati rice',
  'kesar mango', 'shimla seb', 'elaichi', 'palak', 'gobhi',
];

const withQuery = (path, text) => `${path}${encodeURIComponent(text)}`;
const cycling = (paths) => paths.map((path) => ({ method: 'GET', path }));

function start(name, script) {
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: {
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
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk.toString()));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`${name} exited with ${code}:\n${errors}`);
  });
  return child;
}

async function waitForHealth(api) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error('the API exited during startup');
    const status = await fetch(`${url}/api/health`).then((response) => response.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/api/health did not answer 200 within 30 s`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function catalogSize() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch(() => {
    throw new Error(`cannot reach ${databaseUrl}: run npm run bench:catalog-seed first`);
  });
  try {
    const { rows: [row] } = await client.query(
      `SELECT count(*)::int AS products, (SELECT count(*)::int FROM search_words) AS words FROM products`,
    );
    return row;
  } finally {
    await client.end();
  }
}

async function main() {
  const { products, words } = await catalogSize();
  // Every run starts with no cached suggestions.
  const redis = new Redis(redisUrl);
  const stale = await redis.keys(`${redisPrefix}:*`);
  if (stale.length > 0) await redis.del(...stale);

  const api = start('api', 'apps/api/dist/main.js');
  const worker = start('worker', 'apps/worker/dist/main.js');
  try {
    await waitForHealth(api);
    const stopSampling = sampleMemory({ api: api.pid, worker: worker.pid });
    console.log(
      `${products} products, ${words} search words; ${connections} connections, ${duration} s per load, ` +
        `load generator on the same ${cpus().length} cores\n`,
    );

    // Steady state: popular texts have been asked within the last minute (the cache's lifetime).
    for (const text of typed) await fetch(withQuery(`${url}/api/products/suggestions?q=`, text)).then((r) => r.arrayBuffer());
    let fresh = 0;
    const results = [
      await load('suggestions, typed mix (warm cache)', {
        url,
        requests: cycling(typed.map((text) => withQuery('/api/products/suggestions?q=', text))),
      }),
      await load('suggestions, never asked before', {
        url,
        requests: [
          {
            method: 'GET',
            // A typed text and a number: a new cache key every time, so every request reaches PostgreSQL.
            setupRequest: (request) => {
              fresh += 1;
              const text = `${typed[fresh % typed.length]} ${fresh}`;
              return { ...request, path: withQuery('/api/products/suggestions?q=', text) };
            },
          },
        ],
      }),
      await load('by-name search, mix', {
        url,
        requests: cycling(searched.map((text) => withQuery('/api/products/by-name/', text))),
      }),
      await load('listing, first page', { url: `${url}/api/products` }),
      await load('listing with search, first page', {
        url,
        requests: cycling(searched.map((text) => withQuery('/api/products?search=', text))),
      }),
    ];
    const peaks = stopSampling();
    const clean = results.map(report).every(Boolean);
    console.log('');
    reportMemory(peaks);
    if (!clean) process.exitCode = 1;
  } finally {
    await stop(api);
    await stop(worker);
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
}

main().catch((error) => {
  console.error(`bench:catalog failed: ${error.message}`);
  process.exit(1);
});

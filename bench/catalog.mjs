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
import { cpus } from 'node:os';
import pg from 'pg';
import { startApps } from './lib/apps.mjs';
import { connections, duration, load, report, reportMemory, sampleMemory } from './lib/measure.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench';
const port = Number(process.env.BENCH_PORT ?? 3210);

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
  // Every run starts with no cached suggestions (startApps clears the prefix).
  const { api, worker, url, stop } = await startApps({ port, databaseUrl, redisPrefix: 'mandi-bench-catalog' });
  try {
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
    await stop();
  }
}

main().catch((error) => {
  console.error(`bench:catalog failed: ${error.message}`);
  process.exit(1);
});

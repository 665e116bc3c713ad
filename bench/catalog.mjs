// `npm run bench:catalog`: search and listing at a million products. Starts the built API and worker
// (apps/*/dist/main.js, build first) against the database of `npm run bench:catalog-seed` (BENCH_DATABASE_URL,
// default mandi_bench; for 20,000 products seed another with `PRODUCTS=20000 SELLERS=200 BENCH_DATABASE_URL=...` and
// give both commands the same URL) on BENCH_PORT (default 3210), then runs autocannon at 50 connections for 10 s per load
// (CONNECTIONS, DURATION override):
//  - suggestions over a mix of prefixes, typos and Hindi names in Latin letters, as buyers type them, each asked once
//    before (the API keeps a list a minute in Redis, so these are cache hits, as popular prefixes are);
//  - suggestions where every request is a text never asked before (each one reaches PostgreSQL);
//  - by-name search over a mix of names, typos and Hinglish, each asked once before (popular searches are cached), and
//    the same with the catalog version moved before every request (each one reaches PostgreSQL);
//  - the home listing's first page, a product by id (500 products spread over the catalog, in turn), and the listing
//    with a search (each asked once before);
//  - browsing (issue 16): the first page of each filter alone (each category, three price ranges, in stock only,
//    fresh only, the Original filter) with each sort, as a mix: served as buyers get it (the listing cache keeps a
//    page 30 s), then with the catalog version moved before every request so each one reaches PostgreSQL, and price
//    ranges never asked before (a new cache key each time), also each with a sort; then every filter x sort alone,
//    uncached, one request at a time (the statement's own time, with HTTP), p50 and worst per kind of filter;
// printing requests/s, p50 and p99 of each, the CPU time per request of the API, PostgreSQL and Redis, and the peak
// resident memory of the API and the worker.
import { cpus } from 'node:os';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS } from '@mandi/domain';
import { Redis } from 'ioredis';
import pg from 'pg';
import { redisUrl, startApps } from './lib/apps.mjs';
import { connections, duration, load, report, reportMemory, sampleMemory, watchCpu } from './lib/measure.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench';
const port = Number(process.env.BENCH_PORT ?? 3210);

// What buyers type into the search bar, letter by letter, with their typos and Hindi names.
const typed = [
  't',
  'to',
  'tom',
  'toma',
  'tomat',
  'tomato',
  'tomatoe',
  'tamatar',
  'tamtar',
  'a',
  'al',
  'alo',
  'aloo',
  'potato',
  'pot',
  'p',
  'py',
  'pyaz',
  'pyaj',
  'onion',
  'oni',
  'bh',
  'bhi',
  'bhindi',
  'bhindee',
  'okra',
  'lady finger',
  'm',
  'ma',
  'man',
  'mango',
  'mangoe',
  'aam',
  'alphonso',
  'kesar',
  'gh',
  'ghe',
  'ghee',
  'desi ghee',
  'haldi',
  'turmeric',
  'tumeric',
  'atta',
  'wheat flour',
  'dal',
  'toor dal',
  'moong',
  'honey',
  'shahad',
  'gud',
  'jaggery',
  'jagery',
  'organic',
  'organic tomatoes',
  'nashik',
  'ratnagiri aam',
  'shimla apple',
  'seb',
  'kela',
  'banana',
  'bananna',
  'chawal',
  'basmati',
  'rice',
  'jeera',
  'cumin',
  'elaichi',
  'cardamon',
  'palak',
  'spinach',
  'methi',
  'gobhi',
  'cauliflower',
  'patta gobhi',
  'cabbage',
  'adrak',
  'ginger',
  'lehsun',
  'garlic',
  'garlik',
];
const searched = [
  'tomatoes',
  'tamatar',
  'tomatoe',
  'aloo',
  'potato',
  'pyaz',
  'onion',
  'bhindi',
  'lady finger',
  'mango',
  'aam',
  'desi ghee',
  'haldi',
  'atta',
  'toor dal',
  'honey',
  'jaggery',
  'organic tomatoes',
  'nashik pyaz',
  'basmati rice',
  'kesar mango',
  'shimla seb',
  'elaichi',
  'palak',
  'gobhi',
];

// One filter at a time, as a buyer picks a chip; each is asked with each sort.
const browseFilters = {
  category: PRODUCT_CATEGORIES.map((category) => `category=${category}`),
  price: ['maxPrice=100', 'minPrice=100&maxPrice=250', 'minPrice=500'],
  inStock: ['inStock=1'],
  fresh: ['fresh=1'],
  Original: ['filter=Original'],
};
const browsePaths = Object.entries(browseFilters).flatMap(([kind, filters]) =>
  filters.flatMap((filter) => PRODUCT_SORTS.map((sort) => ({ kind, path: `/api/products?${filter}&sort=${sort}` }))),
);
const redisPrefix = 'mandi-bench-catalog';

const withQuery = (path, text) => `${path}${encodeURIComponent(text)}`;

/**
 * `paths` in turn, each after moving the catalog version, so no page is cached under it yet and every request reaches
 * PostgreSQL.
 */
function uncached(redis, paths) {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        void redis.incr(`${redisPrefix}:listing:version`);
        return { ...request, path: paths[(next += 1) % paths.length] };
      },
    },
  ];
}

/** Asks for each path once, one at a time (no result: a step of the loads' list, left out of it). */
async function warm(url, paths) {
  for (const path of paths) await fetch(`${url}${path}`).then((response) => response.arrayBuffer());
  return undefined;
}
const cycling = (paths) => paths.map((path) => ({ method: 'GET', path }));

async function catalogSize() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch(() => {
    throw new Error(`cannot reach ${databaseUrl}: run npm run bench:catalog-seed first`);
  });
  try {
    const {
      rows: [row],
    } = await client.query(
      `SELECT count(*)::int AS products, (SELECT count(*)::int FROM search_words) AS words FROM products`,
    );
    // Products buyers open from the listing and search: a spread over the whole catalog, each shown by the shop.
    const { rows: ids } = await client.query(
      `SELECT id::text FROM products TABLESAMPLE SYSTEM (1) WHERE unlisted_at IS NULL AND NOT seller_suspended LIMIT 500`,
    );
    return { ...row, productIds: ids.map(({ id }) => id) };
  } finally {
    await client.end();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Each browse path asked `rounds` times, one request at a time, each after moving the catalog version (so none is
 * served from the listing cache): p50 and worst per kind of filter, and over all.
 */
async function uncachedOneAtATime(url, redis, rounds) {
  const times = new Map();
  for (let round = 0; round < rounds; round += 1) {
    for (const { kind, path } of browsePaths) {
      await redis.incr(`${redisPrefix}:listing:version`);
      const started = performance.now();
      const response = await fetch(`${url}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      const elapsed = performance.now() - started;
      for (const key of [kind, 'all']) times.set(key, [...(times.get(key) ?? []), elapsed]);
    }
  }
  console.log(
    `\nbrowsing, each filter x sort alone and uncached, one request at a time (${rounds} rounds of ${browsePaths.length}):`,
  );
  // Each kind of filter, then all of them together.
  for (const [kind, list] of [...[...times].filter(([key]) => key !== 'all'), ['all', times.get('all')]]) {
    const sorted = list.sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(9)} ${String(sorted.length).padStart(4)} requests   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   ` +
        `p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms   worst ${sorted.at(-1).toFixed(1).padStart(6)} ms`,
    );
  }
}

async function main() {
  const { products, words, productIds } = await catalogSize();
  // Every run starts with no cached suggestions (startApps clears the prefix).
  const { api, worker, url, stop } = await startApps({ port, databaseUrl, redisPrefix });
  const redis = new Redis(redisUrl);
  try {
    const stopSampling = sampleMemory({ api: api.pid, worker: worker.pid });
    watchCpu({ api: api.pid, worker: worker.pid });
    console.log(
      `${products} products, ${words} search words; ${connections} connections, ${duration} s per load, ` +
        `load generator on the same ${cpus().length} cores\n`,
    );

    // Steady state: popular texts have been asked within the last minute (the cache's lifetime).
    for (const text of typed)
      await fetch(withQuery(`${url}/api/products/suggestions?q=`, text)).then((r) => r.arrayBuffer());
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
      // Popular searches have been asked within the cache's 30 s, as on a busy day.
      await warm(
        url,
        searched.map((text) => withQuery('/api/products/by-name/', text)),
      ),
      await load('by-name search, mix', {
        url,
        requests: cycling(searched.map((text) => withQuery('/api/products/by-name/', text))),
      }),
      await load('by-name search, every request uncached', {
        url,
        requests: uncached(
          redis,
          searched.map((text) => withQuery('/api/products/by-name/', text)),
        ),
      }),
      await load('listing, first page', { url: `${url}/api/products` }),
      await load('product by id', { url, requests: cycling(productIds.map((id) => `/api/products/${id}`)) }),
      await warm(
        url,
        searched.map((text) => withQuery('/api/products?search=', text)),
      ),
      await load('listing with search, first page', {
        url,
        requests: cycling(searched.map((text) => withQuery('/api/products?search=', text))),
      }),
    ].filter(Boolean);
    // Browsing: the pages buyers asked for within the cache's 30 s are served from it.
    for (const { path } of browsePaths) await fetch(`${url}${path}`).then((r) => r.arrayBuffer());
    results.push(
      await load('browsing, filter x sort mix', { url, requests: cycling(browsePaths.map(({ path }) => path)) }),
      await load('browsing mix, every request uncached', {
        url,
        requests: uncached(
          redis,
          browsePaths.map(({ path }) => path),
        ),
      }),
      await load('price ranges never asked before', {
        url,
        requests: [
          {
            method: 'GET',
            // A range in rupees and paise picked per request: a new cache key every time.
            setupRequest: (request) => {
              fresh += 1;
              const min = (fresh * 7919) % 90_000;
              const max = min + 2_000 + ((fresh * 104_729) % 40_000);
              const sort = PRODUCT_SORTS[fresh % PRODUCT_SORTS.length];
              return { ...request, path: `/api/products?minPrice=${min / 100}&maxPrice=${max / 100}&sort=${sort}` };
            },
          },
        ],
      }),
    );
    const peaks = stopSampling();
    const clean = results.map(report).every(Boolean);
    await uncachedOneAtATime(url, redis, Number(process.env.ROUNDS ?? 5));
    console.log('');
    reportMemory(peaks);
    if (!clean) process.exitCode = 1;
  } finally {
    redis.disconnect();
    await stop();
  }
}

main().catch((error) => {
  console.error(`bench:catalog failed: ${error.message}`);
  process.exit(1);
});

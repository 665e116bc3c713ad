// `npm run bench:admin-products`: the console's products list (issue 17) at a million products. Uses the catalog of
// `npm run bench:catalog-seed` (BENCH_DATABASE_URL, default mandi_bench), unlists 1,000 of its products and marks one
// seller suspended (so the status filters have rows, as in life), adds an admin account in the Auth emulator, starts
// the built API and worker on BENCH_PORT (default 3213), and runs autocannon (CONNECTIONS, default 10; DURATION s each)
// on GET /api/admin/products: the first page, a deep page (page 400 of 25: the last the list serves), a name search,
// filters (status unlisted, stock sold out, category with a price range, a seller), and each sort either way.
// Prints requests/s, p50 and p99 of each, X-Total-Count (capped at 10,000) and the peak memory of the API and worker.
import { cpus } from 'node:os';
import pg from 'pg';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { emulatorAccount, startApps } from './lib/apps.mjs';
import { duration, load, report, reportMemory, sampleMemory } from './lib/measure.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench';
const port = Number(process.env.BENCH_PORT ?? 3213);
const connections = Number(process.env.CONNECTIONS ?? 10);
const runId = Date.now().toString(36);

/** The admin (its ID token), 1,000 unlisted products and one suspended seller's products; the catalog's size. */
async function prepare(client) {
  const adminEmail = `bench-products-admin-${runId}@mandi.test`;
  const { uid, token } = await emulatorAccount(adminEmail);
  await client.query(
    `INSERT INTO users (firebase_uid, email, username, role, agreed_to_terms) VALUES ($1, $2, $3, 'admin', true)`,
    [
      uid,
      adminEmail,
      // Usernames are at most 15 characters: the run's last six base-36 digits keep runs apart.
      `bench_pa_${runId.slice(-6)}`,
    ],
  );
  await client.query(
    `UPDATE products SET unlisted_at = now(), unlisted_reason = 'Bench' WHERE id % 1000 = 7 AND unlisted_at IS NULL`,
  );
  const {
    rows: [seller],
  } = await client.query(
    `SELECT seller_id AS id, (SELECT username FROM users WHERE id = seller_id) AS username FROM products GROUP BY seller_id ORDER BY count(*) DESC LIMIT 1`,
  );
  await client.query(`UPDATE products SET seller_suspended = true WHERE seller_id = $1`, [seller.id]);
  await client.query('ANALYZE products');
  const {
    rows: [counts],
  } = await client.query(
    `SELECT count(*)::int AS products, count(*) FILTER (WHERE unlisted_at IS NOT NULL)::int AS unlisted,
            count(*) FILTER (WHERE seller_suspended)::int AS suspended FROM products`,
  );
  return { token, seller, counts };
}

async function main() {
  const emulator = await startAuthEmulator();
  try {
    await run();
  } finally {
    await emulator.stop();
  }
}

async function run() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let prepared;
  try {
    prepared = await prepare(client);
  } finally {
    await client.end();
  }
  const { token, seller, counts } = prepared;
  const { api, worker, url, stop } = await startApps({ port, databaseUrl, redisPrefix: 'mandi-bench-admin-products' });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${url}/api/admin/products`, { headers });
    if (first.status !== 200)
      throw new Error(`GET /api/admin/products answered ${first.status}: ${await first.text()}`);
    const page = /** @type {unknown[]} */ (await first.json());
    console.log(
      `${counts.products} products (${counts.unlisted} unlisted, ${counts.suspended} of a suspended seller); X-Total-Count ` +
        `${first.headers.get('x-total-count')} (capped: ${first.headers.get('x-total-capped') ?? 'no'}), ${page.length} a page, ` +
        `${(JSON.stringify(page).length / 1024).toFixed(0)} KB of JSON; ${duration} s per load, ${connections} connections, ` +
        `load generator on the same ${cpus().length} cores\n`,
    );
    const stopSampling = sampleMemory({ api: api.pid, worker: worker.pid });
    const list = (title, query) => load(title, { url: `${url}/api/admin/products${query}`, headers, connections });
    const results = [
      await list('first page (newest)', ''),
      await list('deep page 400 of 25', '?page=400'),
      await list("search 'tamatar'", '?search=tamatar'),
      await list('status unlisted', '?status=unlisted'),
      await list('stock sold out', '?stock=sold_out'),
      await list('category + price range', '?category=honey&minPrice=100&maxPrice=500'),
      await list(`seller ${seller.username}`, `?seller=${encodeURIComponent(seller.username)}`),
    ];
    for (const sort of ['newest', 'name', 'price', 'stock', 'valid_until']) {
      for (const order of ['asc', 'desc'])
        results.push(await list(`sort ${sort} ${order}`, `?sort=${sort}&order=${order}`));
    }
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
  console.error(`bench:admin-products failed: ${error.message}`);
  process.exitCode = 1;
});

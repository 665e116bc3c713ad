// `npm run bench:admin-orders`: the admin order list at 100,000 orders. Needs the built apps; uses the Auth emulator on
// 127.0.0.1:9099 (a running `npm start`'s, or one it starts and stops). Makes its own database
// (BENCH_ADMIN_ORDERS_DATABASE_URL, default mandi_bench_admin_orders, emptied on every run) with 2,000 buyers and
// 100,000 orders of 1 to 3 lines spread over the last year (those under 8 hours old pending, older ones in later
// states, as a year of trading leaves them), and an admin signed in through the emulator; starts the API and worker
// on BENCH_PORT (default 3212); then runs GET /api/admin/orders for 10 s per load (DURATION overrides):
//  - filter=1y, the first page of 100 (the console's default page), by one admin and at CONNECTIONS (default 10) at once;
//  - filter=1y, page 500 of 100 (the deepest offset a year holds);
//  - filter=1y with a search by part of a username, and by a pincode;
//  - filter=24h;
// printing requests per second, p50 and p99, and the peak resident memory of the API and the worker.
import { cpus } from 'node:os';
import pg from 'pg';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { emulatorAccount, freshDatabase, startApps } from './lib/apps.mjs';
import { duration, load, report, reportMemory, sampleMemory } from './lib/measure.mjs';

const databaseUrl = process.env.BENCH_ADMIN_ORDERS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_admin_orders';
const port = Number(process.env.BENCH_PORT ?? 3212);
// An admin panel is used by a few people at once; CONNECTIONS raises it.
const connections = Number(process.env.CONNECTIONS ?? 10);
const orderCount = 100_000;
const buyerCount = 2_000;
const runId = Date.now().toString(36);



/** 2,000 buyers, 100,000 orders over the last year with 1 to 3 lines each, and the admin: its ID token. */
async function seedData(client) {
  const adminEmail = `bench-admin-${runId}@mandi.test`;
  const { uid, token } = await emulatorAccount(adminEmail);
  await client.query(`INSERT INTO users (firebase_uid, email, username, role, agreed_to_terms) VALUES ($1, $2, $3, 'admin', true)`, [
    uid,
    adminEmail,
    `bench_admin_${runId}`,
  ]);
  await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
     SELECT 'bench-buyer-' || n, 'buyer' || n || '@example.in', 'buyer_' || n || '_' || (ARRAY['asha','ravi','meera','kiran','arjun','divya','suresh','lakshmi'])[1 + n % 8], true
       FROM generate_series(1, $1) n`,
    [buyerCount],
  );
  // Orders: created up to 364 days ago; under 8 hours old they still await a decision, older ones moved on.
  await client.query(
    `INSERT INTO orders (user_id, status, payment_method, payment_status, subtotal_paise, shipping_paise, total_paise,
                         total_weight_grams, address_name, address_mobile, address_flat_house_building,
                         address_area_or_street_or_village, address_landmark, address_taluk, address_district, address_state,
                         address_pincode, created_at, cancel_reason)
     SELECT u.id, s.status::order_status, CASE WHEN n % 3 = 0 THEN 'cod' ELSE 'online' END::payment_method,
            CASE WHEN s.status IN ('delivered', 'shipped') OR n % 3 <> 0 THEN 'paid' ELSE 'unpaid' END::order_payment_status,
            10000, 3000, 13000, 1000,
            (ARRAY['Asha Rao','Ravi Kumar','Meera Iyer','Kiran Patil','Arjun Singh','Divya Nair','Suresh Reddy','Lakshmi Narayanan'])[1 + n % 8],
            '9876543210', '12, Residency Road', 'MG Road', 'Near the metro', 'Bangalore North', 'Bengaluru Urban', 'Karnataka',
            (560001 + n % 500)::text, a.created_at,
            CASE WHEN s.status = 'cancelled' THEN 'Not confirmed within 8 hours' END
       FROM generate_series(1, $1) n
       JOIN users u ON u.firebase_uid = 'bench-buyer-' || (1 + n % $2)
      CROSS JOIN LATERAL (SELECT now() - random() * interval '364 days' AS created_at) a
      CROSS JOIN LATERAL (SELECT CASE
               WHEN a.created_at > now() - interval '8 hours' THEN 'pending'
               WHEN n % 20 = 0 THEN 'cancelled'
               WHEN a.created_at > now() - interval '2 days' THEN 'confirmed'
               WHEN a.created_at > now() - interval '5 days' THEN 'shipped'
               ELSE 'delivered' END AS status) s`,
    [orderCount, buyerCount],
  );
  await client.query(
    `INSERT INTO order_items (order_id, product_name, unit_price_paise, quantity, weight_grams, category, hsn_code, gst_rate_percent)
     SELECT o.id, (ARRAY['Desi Tamatar','Nashik Pyaz','Kesar Mango','Desi Ghee','Toor Dal','Basmati Rice'])[1 + (o.id + k) % 6],
            10000 / (1 + o.id % 3), 1, 1000, 'fresh_produce', '0702', 0
       FROM orders o CROSS JOIN LATERAL generate_series(1, 1 + o.id % 3) k`,
  );
  await client.query('VACUUM ANALYZE');
  return token;
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
  await freshDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let token;
  let counts;
  try {
    token = await seedData(client);
    ({ rows: [counts] } = await client.query(
      `SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM order_items) AS lines,
              (SELECT count(*)::int FROM orders WHERE created_at >= now() - interval '365 days') AS in_year`,
    ));
  } finally {
    await client.end();
  }
  const { api, worker, url, stop } = await startApps({ port, databaseUrl, redisPrefix: 'mandi-bench-admin-orders' });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${url}/api/admin/orders?filter=1y`, { headers });
    if (first.status !== 200) throw new Error(`GET /api/admin/orders answered ${first.status}: ${await first.text()}`);
    const listed = await first.json();
    console.log(
      `${counts.orders} orders (${counts.in_year} in the 1y filter, ${counts.lines} lines), ${buyerCount} buyers; ` +
        `${first.headers.get('x-total-count')} match 1y, ${listed.length} a page, ${(JSON.stringify(listed).length / 1024).toFixed(0)} KB of JSON; ` +
        `${duration} s per load, load generator on the same ${cpus().length} cores\n`,
    );
    const stopSampling = sampleMemory({ api: api.pid, worker: worker.pid });
    const list = (title, query, over = connections) => load(title, { url: `${url}/api/admin/orders${query}`, headers, connections: over });
    const results = [
      await list('1y, page 1 of 100, 1 admin', '?filter=1y', 1),
      await list(`1y, page 1 of 100, ${connections} at once`, '?filter=1y'),
      await list(`1y, page 500 of 100, ${connections} at once`, '?filter=1y&page=500'),
      await list(`1y, search 'kiran', ${connections} at once`, '?filter=1y&search=kiran'),
      await list(`1y, search pincode, ${connections} at once`, '?filter=1y&search=560123'),
      await list(`24h, ${connections} at once`, '?filter=24h'),
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
  console.error(`bench:admin-orders failed: ${error.message}`);
  process.exit(1);
});

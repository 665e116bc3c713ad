// `npm run bench:orders`: placing orders and taking Razorpay webhooks. Needs the built apps; uses the Auth emulator on
// 127.0.0.1:9099 (a running `npm start`'s, or one it starts and stops). Makes its own database (BENCH_ORDERS_DATABASE_URL, default
// mandi_bench_orders, emptied on every run) with 1,000 buyers, each signed in and with an address, and 30 products;
// starts the API and worker on BENCH_PORT (default 3211); then, at 50 connections for 10 s each (CONNECTIONS,
// DURATION override), each round or order from the next buyer in turn (bench/lib/write-loads.mjs: a buyer may add 120
// products to the cart and place 20 orders in 10 minutes, libs/domain WRITE_RATE_LIMITS, so a 10-second load needs
// hundreds of buyers to measure writes rather than refusals):
//  - the cart: 5 adds (POST /api/cart/add) and 5 removes (DELETE /api/cart/remove) per round;
//  - POST /api/payment/cod with 3 different products per order, billing priced as the storefront prices it;
//  - POST /api/payment/webhook with signed payment.captured events, each for a different unpaid online order;
// printing requests per second, p50 and p99, the CPU time per request of the APIs, the workers (whose mail and event
// jobs run on the same cores during the load, so they are shown beside the API's rather than left out), PostgreSQL and
// Redis, and the peak resident memory of the API and the worker. BENCH_APPS_ROOT starts another checkout's build.
// BENCH_STOCK=counted (the default) gives every product 1,000,000 packs, so each order locks and takes stock in its
// statement (docs/stock.md); BENCH_STOCK=unlimited leaves stock null, as before stock existed. At the end it checks
// that packs left plus packs ordered is what each product had.
// BENCH_DISABLE_TRIGGERS=order_items:order_items_commission_insert leaves a trigger out (a before for its after).
// BENCH_REPLICAS=2 runs two APIs (BENCH_PORT and the next port) and two workers on the same database and Redis prefix,
// as `MANDI_REPLICAS=2 npm start` does, and spreads the same 50 connections over the APIs (autocannon deals its
// connections to the URLs in turn); the memory of every process is printed. LOADS=cod (a comma list of cart, cod and
// webhook) runs only those loads. After each load the bench waits for the workers to finish what the load gave them
// (at most BENCH_CATCH_UP_SECONDS, default 300) and prints how long that took, the jobs done and the CPU it cost per
// request of the load: beside the API a load ends with work still queued, which its own figures leave out.
// BENCH_WORKER=after stops the workers during each load instead, and all of their part is timed after it (workerMode
// below).
// RATE=300 sends that many requests a second in all instead of as many as the API takes (bench/lib/measure.mjs), with
// DURATION=60 a test of whether the worker keeps up with that rate on the same cores.
import { createHmac } from 'node:crypto';
import { cpus } from 'node:os';
import pg from 'pg';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { freshDatabase, startApps } from './lib/apps.mjs';
import {
  connections,
  countCpu,
  cpuPerRequest,
  duration,
  load,
  report,
  reportMemory,
  sampleMemory,
  watchCpu,
} from './lib/measure.mjs';
import { CART_ROUND_PRODUCTS, cartRequests, codRequests, seedBuyers } from './lib/write-loads.mjs';

const databaseUrl = process.env.BENCH_ORDERS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_orders';
const port = Number(process.env.BENCH_PORT ?? 3211);
/** LOADS=cod (or cart,webhook ...) runs only those loads, in that order. */
const loadNames = (process.env.LOADS ?? 'cart,cod,webhook').split(',').filter(Boolean);
if (loadNames.some((name) => !['cart', 'cod', 'webhook'].includes(name))) throw new Error(`LOADS: cart, cod, webhook`);
const replicas = Number(process.env.BENCH_REPLICAS ?? 1);
if (!Number.isInteger(replicas) || replicas < 1)
  throw new Error(`BENCH_REPLICAS=${process.env.BENCH_REPLICAS}: give a whole number of APIs and workers, 1 or more.`);
const stockMode = process.env.BENCH_STOCK ?? 'counted';
if (!['counted', 'unlimited'].includes(stockMode))
  throw new Error(`BENCH_STOCK=${stockMode}: give counted or unlimited.`);
const startingStock = stockMode === 'counted' ? 1_000_000 : null;
/**
 * BENCH_WORKER=beside (the default): the worker runs during each load, on the same cores, as on a one-machine
 * deployment. BENCH_WORKER=after: the workers are stopped (SIGSTOP) during each load and let go after it, as with
 * workers on machines of their own; the load then measures the API's path alone (the order, its event, the stock),
 * and the worker's catching up is printed after it: how long until every event was relayed and every due job done,
 * and its CPU per request of the load.
 */
const workerMode = process.env.BENCH_WORKER ?? 'beside';
/** How long the bench waits for the workers to catch up after a load (BENCH_CATCH_UP_SECONDS, default 300). */
const catchUpSeconds = Number(process.env.BENCH_CATCH_UP_SECONDS ?? 300);
if (!['beside', 'after'].includes(workerMode)) throw new Error(`BENCH_WORKER=${workerMode}: give beside or after.`);
const buyerCount = 1000;
const productCount = 30;
const webhookOrders = 40_000;
// The sandbox's secret, which the API uses outside production.
const webhookSecret = process.env.RAZORPAY_WEBHOOK_SECRET ?? 'mandi_sandbox_webhook_secret';
const runId = Date.now().toString(36);

/** The buyers with an address each, a seller with 30 products, and the unpaid online orders the webhooks pay. */
async function seedData(client) {
  const buyers = await seedBuyers(client, { count: buyerCount, runId });
  const {
    rows: [seller],
  } = await client.query(`INSERT INTO users (firebase_uid, email, username) VALUES ($1, $2, $3) RETURNING id`, [
    `bench-seller-${runId}`,
    `bench-seller-${runId}@mandi.test`,
    `bench_seller_${runId}`,
  ]);
  const { rows: products } = await client.query(
    `INSERT INTO products (seller_id, name, description, price_paise, valid_until, seller_phone, weight_grams, stock)
     SELECT $1, 'Bench product ' || n, 'A product for the orders bench.', 2000 + n * 150, now() + interval '30 days', '9876543210', 250 * n, $3::int
       FROM generate_series(1, $2) n
     RETURNING id, price_paise, weight_grams`,
    [seller.id, productCount, startingStock],
  );
  // Unpaid online orders for the webhook load, each with its Razorpay order id and one line of the first product
  // (taken from no stock: the orders are written here, not placed), so the worker invoices each paid one as it would.
  await client.query(
    `WITH placed AS (
       INSERT INTO orders (user_id, payment_method, subtotal_paise, shipping_paise, total_paise, total_weight_grams, address_name,
                           address_mobile, address_flat_house_building, address_area_or_street_or_village, address_landmark,
                           address_taluk, address_district, address_state, address_pincode)
       SELECT $1, 'online', 10000, 3000, 13000, 1000, 'Bench Buyer', '9876543210', '12, Residency Road', 'MG Road',
              'Near the metro', 'Bangalore North', 'Bengaluru', 'Karnataka', '560001'
         FROM generate_series(1, $2)
       RETURNING id
     ), lines AS (
       INSERT INTO order_items (order_id, product_id, seller_id, product_name, unit_price_paise, quantity, weight_grams,
                                category, hsn_code, gst_rate_percent)
       SELECT placed.id, p.id, p.seller_id, p.name, 10000, 1, 1000, p.category, '0702', 0
         FROM placed, (SELECT * FROM products WHERE id = $3) p
     )
     INSERT INTO payments (order_id, provider, provider_order_id, amount_paise)
     SELECT id, 'razorpay', 'order_bench' || id, 13000 FROM placed`,
    [buyers[0].userId, webhookOrders, products[0].id],
  );
  const { rows: payable } = await client.query(
    `SELECT provider_order_id FROM payments WHERE provider = 'razorpay' ORDER BY id`,
  );
  return { buyers, products, providerOrderIds: payable.map((row) => row.provider_order_id) };
}

/**
 * Stops the workers (SIGSTOP) at a moment when none of their database sessions is in a transaction: a worker stopped
 * inside one holds back PostgreSQL's cleanup horizon for the whole load, so no updated row could be pruned and the
 * orders' PostgreSQL time doubled in some runs and not others. Before a load only the workers use the database.
 */
async function stopWorkersIdle(workerPids) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let tries = 0; ; tries += 1) {
      for (const pid of workerPids) process.kill(pid, 'SIGSTOP');
      const {
        rows: [busy],
      } = await client.query(
        `SELECT count(*)::int AS sessions FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND (state <> 'idle' OR backend_xmin IS NOT NULL OR xact_start IS NOT NULL)`,
      );
      if (busy.sessions === 0) return;
      for (const pid of workerPids) process.kill(pid, 'SIGCONT');
      if (tries === 500) throw new Error('the workers never stopped outside a transaction');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await client.end();
  }
}

/**
 * After a load, until the workers have relayed every event of it and run every job due (delayed ones such as
 * order.settle wait for their time): how long that took, and the CPU per request of the load that the workers,
 * PostgreSQL and Redis used meanwhile (the API's too: it should be idle). With BENCH_WORKER=after that is all of the
 * workers' part; beside the API, the part they had not done when the load ended, which a load's own CPU figures
 * leave out.
 */
async function catchUp(requests) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  const cpuSince = countCpu();
  const handled = async () => (await client.query(`SELECT count(*)::int AS n FROM processed_events`)).rows[0].n;
  const handledBefore = await handled();
  let left;
  try {
    for (;;) {
      ({
        rows: [left],
      } = await client.query(
        `SELECT (SELECT count(*)::int FROM outbox_events WHERE published_at IS NULL) AS unpublished,
                (SELECT count(*)::int FROM pending_jobs WHERE due_at <= now() AND dead_at IS NULL) AS due`,
      ));
      if ((left.unpublished === 0 && left.due === 0) || Date.now() - started > catchUpSeconds * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    const jobs = (await handled()) - handledBefore;
    const done =
      left.unpublished === 0 && left.due === 0
        ? `caught up in ${seconds.toFixed(1)} s`
        : `had not caught up after ${seconds.toFixed(0)} s (${left.unpublished} events and ${left.due} jobs left)`;
    const after = workerMode === 'after' ? 'the worker, let go after the load,' : 'after the load the worker';
    return `${after} ${done}, ${jobs} jobs done,${cpuPerRequest(cpuSince(), requests)}`;
  } finally {
    await client.end();
  }
}

/** A signed payment.captured webhook for a Razorpay order of ours. */
function capturedEvent(providerOrderId, n) {
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: {
          id: `pay_bench${runId}${n}`,
          order_id: providerOrderId,
          amount: 13000,
          status: 'captured',
          method: 'upi',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      'x-razorpay-event-id': `evt_bench${runId}${n}`,
    },
  };
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
  let data;
  try {
    data = await seedData(client);
    // The seed's rows settled before any load (autovacuum's first pass over them would otherwise land in the cart's),
    // and a checkpoint, so that every run's loads start the same distance from one: the WAL of making the database
    // (its pincode directory) otherwise set one off in the middle of a load in some runs and not others.
    await client.query('VACUUM ANALYZE');
    await client.query('CHECKPOINT');
    // BENCH_DISABLE_TRIGGERS=table:trigger[,...] measures the path without those triggers: a trigger's before and after
    // in one sitting, on the same build.
    for (const pair of (process.env.BENCH_DISABLE_TRIGGERS ?? '').split(',').filter(Boolean)) {
      const [table, trigger] = pair.split(':');
      await client.query(`ALTER TABLE ${pg.escapeIdentifier(table)} DISABLE TRIGGER ${pg.escapeIdentifier(trigger)}`);
      console.log(`without the trigger ${trigger} on ${table}`);
    }
  } finally {
    await client.end();
  }
  const { urls, pids, stop } = await startApps({ port, databaseUrl, redisPrefix: 'mandi-bench-orders', replicas });
  // One URL as before; several, and autocannon gives each an equal share of the connections.
  const url = urls.length === 1 ? urls[0] : urls;
  try {
    const stopSampling = sampleMemory(pids);
    watchCpu(pids);
    const spread =
      urls.length === 1 ? '' : ` spread over ${urls.length} APIs (${urls.join(', ')}) with ${urls.length} workers`;
    console.log(
      `${buyerCount} buyers, ${productCount} products (stock ${stockMode}), 3-line carts; ${connections} connections${spread}, ${duration} s per load, ` +
        `load generator on the same ${cpus().length} cores\n`,
    );
    let eventNumber = 0;
    const loads = {
      cart: () =>
        load(`cart: ${CART_ROUND_PRODUCTS} adds + ${CART_ROUND_PRODUCTS} removes`, {
          url,
          requests: cartRequests(data.buyers, data.products),
        }),
      cod: () => load('POST /api/payment/cod (3 lines)', { url, requests: codRequests(data.buyers, data.products) }),
      webhook: () =>
        load('POST /api/payment/webhook', {
          url,
          requests: [
            {
              method: 'POST',
              path: '/api/payment/webhook',
              setupRequest: (request) => {
                const providerOrderId = data.providerOrderIds[eventNumber % data.providerOrderIds.length];
                eventNumber += 1;
                return { ...request, ...capturedEvent(providerOrderId, eventNumber) };
              },
            },
          ],
        }),
    };
    const results = [];
    /** What the workers still had to do after each load, and its cost. */
    const caughtUp = [];
    const workerPids = Object.entries(pids)
      .filter(([name]) => name.startsWith('worker'))
      .map(([, pid]) => pid);
    for (const name of loadNames) {
      if (workerMode === 'after') await stopWorkersIdle(workerPids);
      const result = await loads[name]().finally(() => {
        if (workerMode === 'after') for (const pid of workerPids) process.kill(pid, 'SIGCONT');
      });
      results.push(result);
      caughtUp.push(`${result.title}: ${await catchUp(result.result.requests.total)}`);
    }
    const peaks = stopSampling();
    const clean = results.map(report).every(Boolean);
    for (const line of caughtUp) console.log(line);
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const {
      rows: [counts],
    } = await check.query(
      `SELECT (SELECT count(*)::int FROM orders WHERE payment_method = 'cod') AS cod_orders,
              (SELECT count(*)::int FROM orders WHERE payment_status = 'paid') AS paid_orders,
              (SELECT count(*)::int FROM payment_provider_events) AS events,
              (SELECT count(*)::int FROM products p
                WHERE p.stock + (SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
                                  WHERE i.product_id = p.id AND o.payment_method = 'cod') <> $1::int) AS stock_off,
              (SELECT count(*)::int FROM failed_jobs) AS failed_jobs`,
      [startingStock ?? 0],
    );
    await check.end();
    console.log(
      `\nrecorded: ${counts.cod_orders} cash-on-delivery orders, ${counts.events} webhook events, ${counts.paid_orders} orders paid by them; ${counts.failed_jobs} failed jobs`,
    );
    if (startingStock !== null) {
      console.log(
        counts.stock_off === 0
          ? 'stock: packs left + packs ordered = 1,000,000 for every product'
          : `stock: ${counts.stock_off} products do not add up`,
      );
      if (counts.stock_off !== 0) process.exitCode = 1;
    }
    reportMemory(peaks);
    if (!clean) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(`bench:orders failed: ${error.message}`);
  process.exit(1);
});

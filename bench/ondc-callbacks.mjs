// `npm run bench:ondc`: Mandi's seller node under buyer apps (docs/ondc.md, "Registry, keys and the test buyer app").
// Needs the built apps (`npm run build:server`); uses the Auth emulator on 127.0.0.1:9099 (a running `npm start`'s, or
// one it starts and stops). Makes its own database (BENCH_ONDC_CALLBACKS_DATABASE_URL, default
// mandi_bench_ondc_callbacks, emptied on every run) with one approved farmer and PRODUCTS (default 30) products with
// stock enough for every order, its own local ONDC registry (in this process, port 0) and BUYER_APPS (default 5) test
// buyer apps (test/ondc/buyer-app.ts, each with its own keys in the registry); starts the API and the worker on
// BENCH_PORT (default 3214) with PUBLIC_URL there, so Mandi's subscriber URL is the API's. Then CONCURRENCY (default 50)
// buyer-app transactions at a time, TRANSACTIONS (default 500) in all, each a full catalogue search, a select of two
// products, init and a prepaid confirm, every call signed and every callback verified against Mandi's registered key.
// Prints callbacks per second, the time from each request to its callback (p50, p99) and to its ACK per action, the
// CPU time per transaction of the API, the worker and PostgreSQL, and the peak resident memory of the API and the
// worker. At the end it checks that every transaction has exactly one order, with its stock taken once.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { SealedText, sellerProfileSealContext } from '@mandi/database';
import { DEV_SELLER_DATA_KEY } from '../libs/config/src/development-values.js';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { mandiDevRecord } from '../tools/ondc-registry/credentials.mjs';
import { startOndcRegistry } from '../tools/ondc-registry/registry.mjs';
import { freshDatabase, startApps } from './lib/apps.mjs';
import { reportMemory, sampleMemory } from './lib/measure.mjs';

// The buyer app is TypeScript with erasable types only: Node runs it as it is.
const buyerApps = await import(new URL('../test/ondc/buyer-app.ts', import.meta.url).href);

const databaseUrl =
  process.env.BENCH_ONDC_CALLBACKS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_ondc_callbacks';
const port = Number(process.env.BENCH_PORT ?? 3214);
const productCount = Number(process.env.PRODUCTS ?? 30);
const buyerAppCount = Number(process.env.BUYER_APPS ?? 5);
const concurrency = Number(process.env.CONCURRENCY ?? 50);
const transactions = Number(process.env.TRANSACTIONS ?? 500);
const CALLBACK_TIMEOUT_MS = 120_000;
const ACTIONS = ['search', 'select', 'init', 'confirm'];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ). */
const TICKS = 100;

/** CPU seconds `pid` has used (utime + stime), and with `children` those of its waited-for children (backends). */
function cpuSeconds(pid, children = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks / TICKS;
  } catch {
    return 0;
  }
}

/** PostgreSQL's CPU so far: its postmaster with the backends that have exited, and the live backends. */
function postgresCpuSeconds() {
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!/^(\/\S*\/)?postgres(:| )/.test(cmdline)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      all.push({ pid: Number(entry), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) });
    } catch {
      // Gone meanwhile.
    }
  }
  const pids = new Set(all.map((p) => p.pid));
  const postmaster = all.find((p) => !pids.has(p.ppid));
  if (!postmaster) return null;
  return all.reduce((sum, p) => sum + cpuSeconds(p.pid, p.pid === postmaster.pid), 0);
}

/** One approved farmer of Bengaluru with an FSSAI licence, and products with stock for every order. */
async function seed(client) {
  const {
    rows: [farmer],
  } = await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
     VALUES ('bench-ondc-farmer', 'farmer@example.in', 'bench_ondc_farmer', true) RETURNING id`,
  );
  await client.query(
    `INSERT INTO seller_profiles (user_id, legal_name, business_kind, pan_sealed, pan_last4, fssai_number, pickup_name,
                                  pickup_mobile, pickup_flat_house_building, pickup_area_or_street_or_village,
                                  pickup_landmark, pickup_taluk, pickup_district, pickup_state, pickup_pincode,
                                  bank_account_holder, bank_account_sealed, bank_account_last4, ifsc, bank_name,
                                  status, reviewed_at)
     VALUES ($1, 'Asha Rao Farms', 'individual_farmer', '\\x01', '234F', '21519012000123', 'Asha Rao', '9876543210',
             'Survey No. 12', 'Hesaraghatta', 'Near the dairy', 'Bangalore North', 'Bangalore', 'Karnataka', '560001',
             'Asha Rao', '\\x02', '9012', 'SBIN0000001', 'State Bank of India', 'approved', now())`,
    [farmer.id],
  );
  // Her own PAN, sealed as the profile seals it: on_init and on_confirm give it as the provider's tax number.
  await client.query(`UPDATE seller_profiles SET pan_sealed = $2, pan_last4 = '234F' WHERE user_id = $1`, [
    farmer.id,
    new SealedText(DEV_SELLER_DATA_KEY).seal('ABCPR1234F', sellerProfileSealContext('pan', farmer.id)),
  ]);
  await client.query(
    `INSERT INTO products (seller_id, name, description, price_paise, valid_until, seller_phone, weight_grams, category,
                           stock)
     SELECT $1, 'Bench produce ' || n, 'Fresh from the farm, for the ONDC callbacks bench.', 2000 + n * 175,
            now() + interval '30 days', '9876543210', 500, 'fresh_produce', 1000000
       FROM generate_series(1, $2::int) n`,
    [farmer.id, productCount],
  );
}

/** Runs one transaction of `app` (search, select, init, confirm), recording each callback's times in `times`. */
async function transaction(app, n, times) {
  const transactionId = randomUUID();
  /** Sends a call and waits for its callback, timing both. */
  const exchange = async (action, message, context) => {
    const started = performance.now();
    const sent = await app.send(action, transactionId, message, context);
    const acked = performance.now();
    if (sent.status !== 200 || sent.answer?.message?.ack?.status !== 'ACK') {
      throw new Error(`${action} was not ACKed: ${sent.status} ${JSON.stringify(sent.answer)}`);
    }
    const callback = await app.waitFor(transactionId, `on_${action}`, {
      replyTo: sent,
      timeoutMs: CALLBACK_TIMEOUT_MS,
    });
    if (callback.body?.error) throw new Error(`on_${action} refused: ${JSON.stringify(callback.body.error)}`);
    times[action].ack.push(acked - started);
    times[action].callback.push(callback.receivedAt - sent.sentAt);
    return { sent, callback };
  };
  const search = await exchange('search', buyerApps.searchMessage());
  const items = buyerApps.catalogItems(search.callback.body);
  const lines = [items[n % items.length], items[(n + 7) % items.length]].map((item, i) => ({ item, count: 1 + i }));
  const select = await exchange('select', buyerApps.selectMessage(lines));
  const billing = buyerApps.billingOf(buyerApps.BENGALURU_BUYER, new Date(app.nextTimestamp()));
  const init = await exchange('init', buyerApps.initMessage(select.sent.body, select.callback.body, billing));
  const at = app.nextTimestamp();
  const orderId = buyerApps.newOrderId();
  const message = buyerApps.confirmMessage(init.sent.body, init.callback.body, { orderId, at, paid: true });
  await exchange('confirm', message, { timestamp: at });
  return { transactionId, lines };
}

function print(action, samples) {
  const callback = [...samples.callback].sort((a, b) => a - b);
  const ack = [...samples.ack].sort((a, b) => a - b);
  console.log(
    `${`on_${action}`.padEnd(11)} request to callback p50 ${percentile(callback, 50).toFixed(0).padStart(5)} ms  ` +
      `p99 ${percentile(callback, 99).toFixed(0).padStart(5)} ms   to ACK p50 ${percentile(ack, 50).toFixed(0).padStart(4)} ms  ` +
      `p99 ${percentile(ack, 99).toFixed(0).padStart(4)} ms   (${callback.length} calls)`,
  );
}

const emulator = await startAuthEmulator();
const registry = await startOndcRegistry({ port: 0 });
await freshDatabase(databaseUrl);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
await seed(client);
const publicUrl = `http://127.0.0.1:${port}`;
const apps = await startApps({
  port,
  databaseUrl,
  redisPrefix: `bench-ondc-${Date.now().toString(36)}`,
  env: { PUBLIC_URL: publicUrl, ONDC_REGISTRY_URL: registry.url, LOG_LEVEL: 'warn' },
});
registry.register(mandiDevRecord(publicUrl));
const buyers = await Promise.all(
  Array.from({ length: buyerAppCount }, () => buyerApps.TestBuyerApp.start({ registryUrl: registry.url })),
);
console.log(
  `bench:ondc on ${cpus().length} cores: ${transactions} transactions of ${buyerAppCount} buyer apps, ${concurrency} at a time, ` +
    `${productCount} products`,
);

const stopMemory = sampleMemory(apps.pids);
const times = Object.fromEntries(ACTIONS.map((action) => [action, { ack: [], callback: [] }]));
const failures = [];
const placed = [];
try {
  // A warm-up transaction per buyer app: the first lookups, connections and compiled queries are not the load's.
  await Promise.all(
    buyers.map((app, n) => transaction(app, n, Object.fromEntries(ACTIONS.map((a) => [a, { ack: [], callback: [] }])))),
  );
  const cpuBefore = {
    api: cpuSeconds(apps.pids.api),
    worker: cpuSeconds(apps.pids.worker),
    postgres: postgresCpuSeconds(),
  };
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < transactions) {
        const n = next++;
        try {
          placed.push(await transaction(buyers[n % buyers.length], n, times));
        } catch (error) {
          failures.push(`${n}: ${error.message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const callbacks = ACTIONS.reduce((sum, action) => sum + times[action].callback.length, 0);
  console.log(
    `${callbacks} callbacks in ${elapsed.toFixed(1)} s: ${(callbacks / elapsed).toFixed(0)} callbacks/s, ` +
      `${(placed.length / elapsed).toFixed(1)} orders/s`,
  );
  for (const action of ACTIONS) print(action, times[action]);
  const postgres = postgresCpuSeconds();
  const perTransaction = (seconds) => `${((seconds * 1e6) / Math.max(1, placed.length)).toFixed(0)} µs`;
  const cpu = {
    api: cpuSeconds(apps.pids.api) - cpuBefore.api,
    worker: cpuSeconds(apps.pids.worker) - cpuBefore.worker,
    postgres: postgres === null || cpuBefore.postgres === null ? null : postgres - cpuBefore.postgres,
  };
  console.log(
    `CPU per transaction: API ${perTransaction(cpu.api)}, worker ${perTransaction(cpu.worker)}` +
      (cpu.postgres === null ? '' : `, PostgreSQL ${perTransaction(cpu.postgres)}`) +
      `   (cores busy: API ${(cpu.api / elapsed).toFixed(2)}, worker ${(cpu.worker / elapsed).toFixed(2)}` +
      (cpu.postgres === null ? ')' : `, PostgreSQL ${(cpu.postgres / elapsed).toFixed(2)})`),
  );
  if (failures.length > 0) console.log(`${failures.length} transactions failed, the first: ${failures[0]}`);
} finally {
  reportMemory(stopMemory());
  await apps.stop();
  for (const app of buyers) await app.close();
  await registry.close();
}

// Every transaction that confirmed has one order; every product's stock went down by exactly what was ordered.
const { rows: orders } = await client.query(
  `SELECT transaction_id, count(*)::int AS orders FROM ondc_orders GROUP BY transaction_id`,
);
const byTransaction = new Map(orders.map((row) => [row.transaction_id, row.orders]));
const missing = placed.filter(({ transactionId }) => byTransaction.get(transactionId) !== 1);
const { rows: stock } = await client.query(
  `SELECT p.id, 1000000 - p.stock AS taken, coalesce(sum(i.quantity), 0)::int AS ordered
     FROM products p LEFT JOIN order_items i ON i.product_id = p.id GROUP BY p.id, p.stock`,
);
const wrongStock = stock.filter((row) => Number(row.taken) !== row.ordered);
console.log(
  missing.length === 0 && wrongStock.length === 0 && failures.length === 0
    ? `checked: ${placed.length + buyers.length} transactions, each one order; stock taken once for every line`
    : `WRONG: ${missing.length} transactions without exactly one order, ${wrongStock.length} products whose stock ` +
        `differs from what was ordered, ${failures.length} failed transactions`,
);
await client.end();
await emulator.stop();
if (missing.length > 0 || wrongStock.length > 0 || failures.length > 0) process.exitCode = 1;

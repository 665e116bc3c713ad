// `npm run bench:payouts`: sellers' shares transferred through Razorpay Route (docs/payouts.md). Needs the built apps;
// uses the Auth emulator on 127.0.0.1:9099 (a running `npm start`'s, or one it starts and stops). Makes its own
// database (BENCH_PAYOUTS_DATABASE_URL, default mandi_bench_payouts, emptied on every run) and a Razorpay sandbox of its
// own (in this process, its webhooks to the bench's API), with SELLERS (default 20) approved sellers, each with an
// activated Route linked account made through the official SDK, and PAYOUTS (default 2,000) captured online payments at
// the sandbox, one payout of Rs 180 to Rs 1,800 each, `to_transfer`, with its payout.ready event in the outbox. Starts the
// API and the worker on BENCH_PORT (default 3213) and measures the worker's relay, queue and payout.transfer job taking
// every share to its linked account on hold (one lease, one lookup and one transfer call each): transfers per second,
// p50 and p99 from the event to the record, the worker's CPU per transfer and its peak memory. Then the same payouts
// released at once (made due as the sweep does) and timed to `released`. At the end it checks that the sandbox holds
// exactly one transfer per payout, for its amount.
import { cpus } from 'node:os';
import pg from 'pg';
import Razorpay from 'razorpay';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { startRazorpaySandbox } from '../tools/razorpay-sandbox/sandbox.mjs';
import { freshDatabase, startApps } from './lib/apps.mjs';
import { createLinkedAccount } from './lib/route-accounts.mjs';
import { reportMemory, sampleMemory } from './lib/measure.mjs';

const databaseUrl =
  process.env.BENCH_PAYOUTS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_payouts';
const port = Number(process.env.BENCH_PORT ?? 3213);
const sellerCount = Number(process.env.SELLERS ?? 20);
const payoutCount = Number(process.env.PAYOUTS ?? 2_000);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** CPU seconds a process has used so far (utime + stime of /proc/<pid>/stat). */
async function cpuSeconds(pid) {
  const { readFile } = await import('node:fs/promises');
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Sellers with approved profiles and activated linked accounts at the sandbox. */
async function seedSellers(client, razorpay) {
  const { rows: sellers } = await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
     SELECT 'bench-seller-' || n, 'seller' || n || '@example.in', 'payout_seller_' || n, true FROM generate_series(1, $1) n
     RETURNING id`,
    [sellerCount],
  );
  for (const { id } of sellers) {
    const { accountId, productId } = await createLinkedAccount(razorpay, id, {
      legalName: 'Kaveri Farms',
      type: 'individual',
      pan: 'ABCPE1234F',
      holder: 'Kaveri Rao',
    });
    await client.query(
      `INSERT INTO seller_route_accounts (user_id, status, razorpay_account_id, product_id, activated_at, updated_at)
       VALUES ($1, 'activated', $2, $3, now(), now())`,
      [id, accountId, productId],
    );
  }
  return sellers.map(({ id }) => id);
}

/** PAYOUTS captured payments at the sandbox, their orders here, and a payout of each to transfer, with its event. */
async function seedPayouts(client, sandbox, razorpay, sellers) {
  const { rows: buyers } = await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
     VALUES ('bench-buyer', 'buyer@example.in', 'bench_buyer', true) RETURNING id`,
  );
  const payments = [];
  for (let n = 0; n < payoutCount; n += 1) {
    const amount = 20_000 + (n % 10) * 18_000;
    const order = await razorpay.orders.create({ amount, currency: 'INR', receipt: `bench-${n}` });
    const paid = await sandbox.payOrder(order.id, { outcome: 'success', delivery: 'never' });
    payments.push({
      amount,
      providerOrderId: order.id,
      providerPaymentId: paid.razorpay_payment_id,
      seller: sellers[n % sellers.length],
    });
  }
  await client.query('BEGIN');
  // One sale transaction per payout, as the ledger books it (the share owed to the seller, the rest Mandi's).
  await client.query(
    `WITH input AS (
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS i(amount, rzp_order, rzp_payment, seller, n)
     ), orders AS (
       INSERT INTO orders (user_id, status, payment_method, payment_status, paid_at, subtotal_paise, shipping_paise,
                           total_paise, total_weight_grams, address_name, address_mobile, address_flat_house_building,
                           address_area_or_street_or_village, address_landmark, address_taluk, address_district,
                           address_state, address_pincode)
       SELECT $5, 'confirmed', 'online', 'paid', now(), amount, 0, amount, 1000, 'Meera Iyer', '9123456780', '4 Lake View',
              'Indiranagar', 'Park', 'Bangalore East', 'Bangalore', 'Karnataka', '560038'
         FROM input ORDER BY n
       RETURNING id
     ), numbered AS (
       SELECT id, row_number() OVER (ORDER BY id) AS n FROM orders
     ), paid AS (
       INSERT INTO payments (order_id, provider, provider_order_id, provider_payment_id, amount_paise, status, captured_at)
       SELECT o.id, 'razorpay', i.rzp_order, i.rzp_payment, i.amount, 'captured', now()
         FROM numbered o JOIN input i ON i.n = o.n
       RETURNING order_id
     ), sales AS (
       INSERT INTO ledger_transactions (kind, source_key, order_id, seller_id, financial_year)
       SELECT 'sale', 'bench-sale:' || o.id, o.id, i.seller, 2026 FROM numbered o JOIN input i ON i.n = o.n
       RETURNING id, order_id, seller_id
     ), entries AS (
       INSERT INTO ledger_entries (transaction_id, account, seller_id, amount_paise)
       SELECT s.id, e.account::ledger_account, e.seller, e.amount
         FROM sales s JOIN numbered o ON o.id = s.order_id JOIN input i ON i.n = o.n,
              LATERAL (VALUES ('buyer_funds', NULL::int, i.amount), ('seller_payable', s.seller_id, -(i.amount * 9 / 10)),
                              ('commission_revenue', NULL, -(i.amount - i.amount * 9 / 10))) AS e(account, seller, amount)
       RETURNING 1
     )
     INSERT INTO seller_payouts (order_id, seller_id, sale_transaction_id, amount_paise, method, status,
                                 provider_payment_id, updated_at)
     SELECT s.order_id, s.seller_id, s.id, i.amount * 9 / 10, 'payment_transfer', 'to_transfer', i.rzp_payment, now()
       FROM sales s JOIN numbered o ON o.id = s.order_id JOIN input i ON i.n = o.n`,
    [
      payments.map((p) => p.amount),
      payments.map((p) => p.providerOrderId),
      payments.map((p) => p.providerPaymentId),
      payments.map((p) => p.seller),
      buyers[0].id,
    ],
  );
  await client.query('COMMIT');
}

/** Waits until every payout has reached `status` (polling), answering each payout's time from `start`. */
async function timeTo(client, status, column, start) {
  for (;;) {
    const { rows } = await client.query(`SELECT count(*) FILTER (WHERE status = $1) AS done FROM seller_payouts`, [
      status,
    ]);
    if (Number(rows[0].done) === payoutCount) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { rows } = await client.query(
    `SELECT extract(epoch FROM ${column} - $1::timestamptz) * 1000 AS ms FROM seller_payouts ORDER BY 1`,
    [new Date(start).toISOString()],
  );
  return rows.map((row) => Number(row.ms));
}

function print(title, times, elapsedMs, cpu) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${title.padEnd(34)} ${String(Math.round((payoutCount * 1000) / elapsedMs)).padStart(6)}/s   ` +
      `p50 ${percentile(sorted, 50).toFixed(0).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(0).padStart(6)} ms   ` +
      `worker CPU ${((cpu * 1e6) / payoutCount).toFixed(0)} µs per payout`,
  );
}

const emulator = await startAuthEmulator();
const sandbox = await startRazorpaySandbox({ port: 0, balance: 10_000_000_000 });
const razorpay = new Razorpay({ key_id: sandbox.keyId, key_secret: sandbox.keySecret });
// The SDK fixes Razorpay's host in its constructor; its axios instance is where the sandbox's URL goes.
/** @type {any} */ (razorpay.api).rq.defaults.baseURL = sandbox.url;
await freshDatabase(databaseUrl);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
console.log(`bench:payouts on ${cpus().length} cores: ${payoutCount} payouts of ${sellerCount} sellers`);
const sellers = await seedSellers(client, razorpay);
const seedStarted = performance.now();
await seedPayouts(client, sandbox, razorpay, sellers);
console.log(
  `seeded ${payoutCount} captured payments at the sandbox in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const apps = await startApps({
  port,
  databaseUrl,
  redisPrefix: `bench-payouts-${Date.now().toString(36)}`,
  env: {
    RAZORPAY_API_URL: sandbox.url,
    RAZORPAY_KEY_ID: sandbox.keyId,
    RAZORPAY_KEY_SECRET: sandbox.keySecret,
    RAZORPAY_WEBHOOK_SECRET: sandbox.webhookSecret,
    PAYOUT_SWEEP_MS: '200',
    LOG_LEVEL: 'warn',
  },
});
sandbox.addWebhookEndpoint(`${apps.url}/api/payment/webhook`);
const stopMemory = sampleMemory(apps.pids);
const workerPid = apps.pids.worker;
try {
  // The worker is up and idle: every payout's payout.ready goes into the outbox at once, as the ledger's bookings
  // would publish them, and the clock runs from that commit to each payout's record.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const cpuBefore = await cpuSeconds(workerPid);
  const started = Date.now();
  await client.query(
    `INSERT INTO outbox_events (type, aggregate_id, payload)
     SELECT 'payout.ready', id::text, jsonb_build_object('payoutId', id, 'orderId', order_id) FROM seller_payouts ORDER BY id`,
  );
  const transferred = await timeTo(client, 'on_hold', 'transferred_at', started);
  print(
    'transfer on hold (payout.transfer)',
    transferred,
    Math.max(...transferred),
    (await cpuSeconds(workerPid)) - cpuBefore,
  );

  // Delivered two days ago: the sweep makes every payout due at once and the release jobs lift the holds.
  await client.query(
    `UPDATE orders SET status = 'delivered', delivered_at = now() - interval '49 hours', shipped_at = now() - interval '50 hours'`,
  );
  const releaseStarted = Date.now();
  const cpuRelease = await cpuSeconds(workerPid);
  const released = await timeTo(client, 'released', 'released_at', releaseStarted);
  print(
    'release (payout.due, payout.release)',
    released,
    Math.max(...released),
    (await cpuSeconds(workerPid)) - cpuRelease,
  );
} finally {
  reportMemory(stopMemory());
  await apps.stop();
}

// Exactly one transfer per payout at the sandbox, for its amount, released.
const { rows } = await client.query('SELECT razorpay_transfer_id, amount_paise FROM seller_payouts');
const wrong = rows.filter((row) => {
  const transfer = sandbox.route.transfer(row.razorpay_transfer_id);
  return transfer.amount !== row.amount_paise || transfer.on_hold;
});
console.log(
  wrong.length === 0
    ? `checked: ${rows.length} payouts, each one released transfer at the sandbox for its amount`
    : `WRONG: ${wrong.length} payouts differ from their transfer`,
);
await client.end();
await sandbox.close();
await emulator.stop();
if (wrong.length > 0) process.exitCode = 1;

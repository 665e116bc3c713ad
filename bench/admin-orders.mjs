// `npm run bench:admin-orders`: the admin order list, the dashboard and GSTR-1 at 100,000 orders. Needs the built
// apps; uses the Auth emulator on 127.0.0.1:9099 (a running `npm start`'s, or one it starts and stops). Makes its own
// database (BENCH_ADMIN_ORDERS_DATABASE_URL, default mandi_bench_admin_orders, emptied on every run) with 2,000 buyers,
// 200 sellers and 100,000 orders of 1 to 3 lines of 14 products (every GST category's HSN and rate) spread over the
// last year (those under 8 hours old pending, older ones in later states, as a year of trading leaves them), delivered
// half in Karnataka (the seller's state) and half in five other states; the invoice of every paid order (issued when
// paid, numbered INV/26-27/000001... in one series per financial year, its figures from libs/domain's computeInvoice)
// and the credit note of every invoiced order since cancelled; and an admin signed in through the emulator; starts
// the API and worker on BENCH_PORT (default 3212); then runs for 10 s per load (DURATION overrides):
//  - filter=1y, the first page of 100 (the console's default page), by one admin and at CONNECTIONS (default 10) at once;
//  - filter=1y, page 500 of 100 (the deepest offset a year holds);
//  - filter=1y with a search by part of a username, and by a pincode;
//  - filter=24h;
//  - GET /api/admin/dashboard, by one admin and at CONNECTIONS at once;
//  - GET /api/admin/reports/gstr1?month= the last month (India time), by one admin and at CONNECTIONS at once
//    ('skipped: route not found' when the API has no such route);
// printing requests per second, p50 and p99, and the peak resident memory of the API and the worker.
import { cpus } from 'node:os';
import pg from 'pg';
import {
  CATEGORY_TAX,
  computeInvoice,
  financialYearOf,
  formatDocumentNumber,
  gstRatePercent,
  previousReturnMonth,
} from '@mandi/domain';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { emulatorAccount, freshDatabase, startApps } from './lib/apps.mjs';
import { duration, load, report, reportMemory, sampleMemory } from './lib/measure.mjs';

const databaseUrl =
  process.env.BENCH_ADMIN_ORDERS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_admin_orders';
const port = Number(process.env.BENCH_PORT ?? 3212);
// An admin panel is used by a few people at once; CONNECTIONS raises it.
const connections = Number(process.env.CONNECTIONS ?? 10);
const orderCount = 100_000;
const buyerCount = 2_000;
const sellerCount = 200;
const runId = Date.now().toString(36);
/** The seller of record's state (SELLER_STATE's default), and where orders are delivered: half of them in it. */
const sellerState = 'Karnataka';
const deliveryStates = [
  sellerState,
  sellerState,
  sellerState,
  sellerState,
  sellerState,
  'Maharashtra',
  'Tamil Nadu',
  'Kerala',
  'Telangana',
  'Delhi',
];
/** What the shop sells: [name, category, pre-packaged, price in paise]; HSN and rate come from libs/domain. */
const catalog = /** @type {[string, keyof typeof CATEGORY_TAX, boolean, number][]} */ ([
  ['Desi Tamatar', 'fresh_produce', false, 4_000],
  ['Nashik Pyaz', 'fresh_produce', false, 3_500],
  ['Kesar Mango', 'fresh_fruits', false, 60_000],
  ['Alphonso Mango', 'fresh_fruits', false, 90_000],
  ['Basmati Rice 5 kg', 'cereals', true, 65_000],
  ['Toor Dal 1 kg', 'pulses', true, 16_000],
  ['Loose Moong Dal', 'pulses', false, 13_000],
  ['Chakki Atta 5 kg', 'flour', true, 28_000],
  ['Desi Ghee 1 L', 'ghee_butter', true, 65_000],
  ['Haldi Powder', 'spices', true, 8_000],
  ['Kachi Ghani Mustard Oil', 'edible_oils', true, 24_000],
  ['Wild Forest Honey', 'honey', true, 45_000],
  ['Kolhapuri Gur', 'jaggery', false, 9_000],
  ['Aam ka Achar', 'pickles_preserves', true, 22_000],
]).map(([name, category, packaged, price]) => ({
  name,
  category,
  price,
  hsn: CATEGORY_TAX[category].hsn,
  rate: gstRatePercent(category, packaged),
}));

/** 2,000 buyers, 100,000 orders over the last year with 1 to 3 lines each, and the admin: its ID token. */
async function seedData(client) {
  const adminEmail = `bench-admin-${runId}@mandi.test`;
  const { uid, token } = await emulatorAccount(adminEmail);
  await client.query(
    `INSERT INTO users (firebase_uid, email, username, role, agreed_to_terms) VALUES ($1, $2, $3, 'admin', true)`,
    [uid, adminEmail, `bench_admin_${runId}`],
  );
  await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
     SELECT 'bench-buyer-' || n, 'buyer' || n || '@example.in', 'buyer_' || n || '_' || (ARRAY['asha','ravi','meera','kiran','arjun','divya','suresh','lakshmi'])[1 + n % 8], true
       FROM generate_series(1, $1) n`,
    [buyerCount],
  );
  await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
     SELECT 'bench-seller-' || n, 'seller' || n || '@example.in', (ARRAY['kolar','nashik','ratnagiri','mysuru','guntur','nagpur'])[1 + n % 6] || '_farms_' || n, true
       FROM generate_series(1, $1) n`,
    [sellerCount],
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
            '9876543210', '12, Residency Road', 'MG Road', 'Near the metro', 'Bangalore North', 'Bengaluru Urban', ($3::text[])[1 + n % 10],
            (560001 + n % 500)::text, a.created_at,
            CASE WHEN s.status = 'cancelled' THEN 'Not confirmed within 8 hours' END
       FROM generate_series(1, $1) n
       JOIN users u ON u.firebase_uid = 'bench-buyer-' || (1 + n % $2)
      -- Spread evenly over the year (n x 7919 mod 100,000 visits every slot once): a random() here would be computed
      -- once for the whole statement, putting every order at the same instant.
      CROSS JOIN LATERAL (SELECT now() - ((n::bigint * 7919) % $1) * (interval '364 days' / $1) AS created_at) a
      CROSS JOIN LATERAL (SELECT CASE
               WHEN a.created_at > now() - interval '8 hours' THEN 'pending'
               WHEN n % 20 = 0 THEN 'cancelled'
               WHEN a.created_at > now() - interval '2 days' THEN 'confirmed'
               WHEN a.created_at > now() - interval '5 days' THEN 'shipped'
               ELSE 'delivered' END AS status) s`,
    [orderCount, buyerCount, deliveryStates],
  );
  // Lines: 1 to 3 of the catalog's products, each from one of the sellers, at the catalog's price; then each order's
  // subtotal and total are its lines' (shipping stays Rs 30).
  await client.query(
    `INSERT INTO order_items (order_id, seller_id, product_name, unit_price_paise, quantity, weight_grams, category, hsn_code, gst_rate_percent)
     SELECT o.id, s.id, c.name, c.price, 1 + (o.id + k) % 3, 1000, c.category::product_category, c.hsn, c.rate
       FROM orders o CROSS JOIN LATERAL generate_series(1, 1 + o.id % 3) k
       JOIN (SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::int[]) WITH ORDINALITY
               AS c(name, category, price, hsn, rate, n)) c ON c.n = 1 + (o.id * 7 + k * 5) % $6
       JOIN users s ON s.firebase_uid = 'bench-seller-' || (1 + (o.id * 13 + k * 31) % $7)`,
    [
      catalog.map((p) => p.name),
      catalog.map((p) => p.category),
      catalog.map((p) => p.price),
      catalog.map((p) => p.hsn),
      catalog.map((p) => p.rate),
      catalog.length,
      sellerCount,
    ],
  );
  await client.query(
    `UPDATE orders o SET subtotal_paise = l.goods, total_paise = l.goods + o.shipping_paise
       FROM (SELECT order_id, sum(unit_price_paise * quantity)::int AS goods FROM order_items GROUP BY order_id) l
      WHERE l.order_id = o.id`,
  );
  await seedDocuments(client);
  await client.query('VACUUM ANALYZE');
  return token;
}

/**
 * The invoice of every paid order, issued when it was paid (online: 2 minutes after ordering; cash: on delivery, 4 days
 * later, or now if sooner), and the credit note of every invoiced order since cancelled (3 hours after ordering), as
 * the worker records them: figures from computeInvoice, numbers gap-free per financial year in order of issue.
 */
async function seedDocuments(client) {
  const { rows } = await client.query(
    `SELECT o.id, o.created_at, o.status::text AS status, o.payment_method::text AS method, o.address_state, o.shipping_paise,
            json_agg(json_build_array(i.product_name, i.hsn_code, i.quantity, i.unit_price_paise, i.gst_rate_percent) ORDER BY i.id) AS lines
       FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.payment_status = 'paid'
      GROUP BY o.id`,
  );
  const now = Date.now();
  const issue = (row) =>
    new Date(
      Math.min(now - 60_000, row.created_at.getTime() + (row.method === 'online' ? 2 * 60_000 : 4 * 86_400_000)),
    );
  const invoices = rows
    .map((row) => ({ row, issuedAt: issue(row) }))
    .sort((a, b) => a.issuedAt - b.issuedAt || a.row.id - b.row.id);
  const numbered = (documents, kind) => {
    const next = new Map();
    for (const document of documents) {
      const year = financialYearOf(document.issuedAt);
      const sequence = (next.get(year.label) ?? 0) + 1;
      next.set(year.label, sequence);
      Object.assign(document, {
        financialYear: year.startYear,
        sequence,
        number: formatDocumentNumber(kind, year.label, sequence),
      });
    }
  };
  numbered(invoices, 'invoice');
  for (const invoice of invoices) {
    const { row } = invoice;
    invoice.computed = computeInvoice({
      lines: row.lines.map(([description, hsn, quantity, unitPaise, ratePercent]) => ({
        description,
        hsn,
        quantity,
        unitPaise,
        ratePercent,
      })),
      shippingPaise: row.shipping_paise,
      sellerState,
      placeOfSupply: row.address_state,
    });
  }
  const column = (documents, pick) => documents.map(pick);
  for (let start = 0; start < invoices.length; start += 10_000) {
    const batch = invoices.slice(start, start + 10_000);
    await client.query(
      `INSERT INTO invoices (order_id, kind, number, financial_year, sequence, place_of_supply, taxable_paise, exempt_paise,
                             cgst_paise, sgst_paise, igst_paise, shipping_paise, total_paise, issued_at)
       SELECT * FROM unnest($1::int[], $2::invoice_kind[], $3::text[], $4::int[], $5::int[], $6::text[], $7::int[], $8::int[],
                            $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::timestamptz[])`,
      [
        column(batch, (d) => d.row.id),
        column(batch, (d) => d.computed.kind),
        column(batch, (d) => d.number),
        column(batch, (d) => d.financialYear),
        column(batch, (d) => d.sequence),
        column(batch, (d) => d.row.address_state),
        column(batch, (d) => d.computed.totals.taxablePaise),
        column(batch, (d) => d.computed.totals.exemptPaise),
        column(batch, (d) => d.computed.totals.cgstPaise),
        column(batch, (d) => d.computed.totals.sgstPaise),
        column(batch, (d) => d.computed.totals.igstPaise),
        column(batch, (d) => d.computed.totals.shippingPaise),
        column(batch, (d) => d.computed.totals.totalPaise),
        column(batch, (d) => d.issuedAt),
      ],
    );
  }
  const cancelled = invoices
    .filter((invoice) => invoice.row.status === 'cancelled')
    .map((invoice) => ({
      invoice,
      issuedAt: new Date(
        Math.max(invoice.issuedAt.getTime() + 60_000, invoice.row.created_at.getTime() + 3 * 3_600_000),
      ),
    }))
    .sort((a, b) => a.issuedAt - b.issuedAt || a.invoice.row.id - b.invoice.row.id);
  numbered(cancelled, 'credit_note');
  await client.query(
    `INSERT INTO credit_notes (invoice_id, order_id, number, financial_year, sequence, reason, total_paise, issued_at)
     SELECT i.id, c.order_id, c.number, c.financial_year, c.sequence, 'Not confirmed within 8 hours', c.total_paise, c.issued_at
       FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::timestamptz[])
            AS c(order_id, number, financial_year, sequence, total_paise, issued_at)
       JOIN invoices i ON i.order_id = c.order_id`,
    [
      column(cancelled, (d) => d.invoice.row.id),
      column(cancelled, (d) => d.number),
      column(cancelled, (d) => d.financialYear),
      column(cancelled, (d) => d.sequence),
      column(cancelled, (d) => d.invoice.computed.totals.totalPaise),
      column(cancelled, (d) => d.issuedAt),
    ],
  );
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
    ({
      rows: [counts],
    } = await client.query(
      `SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM order_items) AS lines,
              (SELECT count(*)::int FROM orders WHERE created_at >= now() - interval '365 days') AS in_year,
              (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM credit_notes) AS credit_notes`,
    ));
  } finally {
    await client.end();
  }
  const { api, worker, url, stop } = await startApps({ port, databaseUrl, redisPrefix: 'mandi-bench-admin-orders' });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${url}/api/admin/orders?filter=1y`, { headers });
    if (first.status !== 200) throw new Error(`GET /api/admin/orders answered ${first.status}: ${await first.text()}`);
    const listed = /** @type {unknown[]} */ (await first.json());
    console.log(
      `${counts.orders} orders (${counts.in_year} in the 1y filter, ${counts.lines} lines), ${buyerCount} buyers; ` +
        `${counts.invoices} invoices, ${counts.credit_notes} credit notes; ` +
        `${first.headers.get('x-total-count')} match 1y, ${listed.length} a page, ${(JSON.stringify(listed).length / 1024).toFixed(0)} KB of JSON; ` +
        `${duration} s per load, load generator on the same ${cpus().length} cores\n`,
    );
    const stopSampling = sampleMemory({ api: api.pid, worker: worker.pid });
    const list = (title, query, over = connections) =>
      load(title, { url: `${url}/api/admin/orders${query}`, headers, connections: over });
    const results = [
      await list('1y, page 1 of 100, 1 admin', '?filter=1y', 1),
      await list(`1y, page 1 of 100, ${connections} at once`, '?filter=1y'),
      await list(`1y, page 500 of 100, ${connections} at once`, '?filter=1y&page=500'),
      await list(`1y, search 'kiran', ${connections} at once`, '?filter=1y&search=kiran'),
      await list(`1y, search pincode, ${connections} at once`, '?filter=1y&search=560123'),
      await list(`24h, ${connections} at once`, '?filter=24h'),
    ];
    const dashboard = (title, over) => load(title, { url: `${url}/api/admin/dashboard`, headers, connections: over });
    const checked = await fetch(`${url}/api/admin/dashboard`, { headers });
    if (checked.status !== 200)
      throw new Error(`GET /api/admin/dashboard answered ${checked.status}: ${await checked.text()}`);
    results.push(
      await dashboard('dashboard, 1 admin', 1),
      await dashboard(`dashboard, ${connections} at once`, connections),
    );
    // GSTR-1 of the last month, India time: a month of invoices and credit notes with their lines.
    const month = previousReturnMonth(new Date());
    const gstr1 = `${url}/api/admin/reports/gstr1?month=${month}`;
    // The first request works the month out; the loads then measure the month kept while its documents are unchanged.
    const started = performance.now();
    const probe = await fetch(gstr1, { headers });
    if (probe.status === 404) {
      console.log(`GSTR-1 ${month}: skipped: route not found`);
    } else if (probe.status !== 200) {
      throw new Error(`GET /api/admin/reports/gstr1 answered ${probe.status}: ${await probe.text()}`);
    } else {
      const body = await probe.text();
      const firstMs = performance.now() - started;
      console.log(
        `GSTR-1 ${month}: ${(body.length / 1024).toFixed(0)} KB of JSON, worked out in ${firstMs.toFixed(0)} ms on the first request`,
      );
      const gst = (title, over) => load(title, { url: gstr1, headers, connections: over });
      results.push(
        await gst(`gstr1 ${month}, 1 admin`, 1),
        await gst(`gstr1 ${month}, ${connections} at once`, connections),
      );
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
  console.error(`bench:admin-orders failed: ${error.message}`);
  process.exit(1);
});

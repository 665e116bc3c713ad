// `npm run bench:gstr8`: GSTR-8 (docs/gst-returns.md, "GSTR-8") for a month of 100,000 orders. Needs the built apps;
// uses the Auth emulator on 127.0.0.1:9099 (a running `npm start`'s, or one it starts and stops). Makes its own
// database (BENCH_GSTR8_DATABASE_URL, default mandi_bench_gstr8, emptied on every run) with 200 registered sellers
// (each GSTIN sealed with the development SELLER_DATA_KEY, as the worker copies it onto their documents), ORDERS (default
// 100,000) orders of last month (India time), each with its seller's invoice (taxable value and TCS as the worker
// records them: half within Karnataka, CGST + SGST, half to other states, IGST) and a credit note for every 20th;
// signs an admin in; starts the API and worker on BENCH_PORT (default 3212); then measures, for DURATION s each:
// GET /api/admin/reports/gstr8 by one admin and at CONNECTIONS (default 10) at once, and the CSV and the portal JSON
// by one admin; printing requests per second, p50 and p99, and the peak resident memory of the API and the worker.
import { cpus } from 'node:os';
import pg from 'pg';
import { loadConfig } from '@mandi/config';
import { SealedText, sellerProfileSealContext } from '@mandi/database';
import { documentTcs, gstinCheckCharacter, previousReturnMonth, returnPeriod, splitTax } from '@mandi/domain';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { emulatorAccount, freshDatabase, startApps } from './lib/apps.mjs';
import { duration, load, report, reportMemory, sampleMemory } from './lib/measure.mjs';

const databaseUrl = process.env.BENCH_GSTR8_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_gstr8';
const port = Number(process.env.BENCH_PORT ?? 3212);
const connections = Number(process.env.CONNECTIONS ?? 10);
const orderCount = Number(process.env.ORDERS ?? 100_000);
const sellerCount = 200;
const runId = Date.now().toString(36);
const month = previousReturnMonth(new Date());
const period = returnPeriod(month, new Date());

/** 200 registered sellers, a month of orders with one seller's invoice each, every 20th credited; the admin's token. */
async function seed(client) {
  const adminEmail = `bench-admin-${runId}@mandi.test`;
  const { uid, token } = await emulatorAccount(adminEmail);
  await client.query(
    `INSERT INTO users (firebase_uid, email, username, role, agreed_to_terms) VALUES ($1, $2, $3, 'admin', true)`,
    [uid, adminEmail, `bench_admin_${runId}`],
  );
  const { rows: buyers } = await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms) VALUES ('bench-buyer', 'buyer@example.in', 'bench_buyer', true) RETURNING id`,
  );
  const { rows: sellers } = await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
     SELECT 'bench-seller-' || n, 'seller' || n || '@example.in', 'kaveri_farms_' || n, true FROM generate_series(1, $1) n
     RETURNING id`,
    [sellerCount],
  );
  // The key the bench's API runs with (development settings, as startApps gives them).
  const { SELLER_DATA_KEY } = loadConfig({ NODE_ENV: 'development', ...process.env, LOG_LEVEL: 'silent' });
  const sealer = new SealedText(SELLER_DATA_KEY);
  const gstinOf = (n) => {
    const pan = `AAB${'CFHP'[n % 4]}K${String(1000 + n).slice(-4)}L`;
    return `29${pan}1Z${gstinCheckCharacter(`29${pan}1Z`)}`;
  };
  const sealed = sellers.map(({ id }, n) =>
    Buffer.from(sealer.seal(gstinOf(n), sellerProfileSealContext('gstin', id))),
  );
  // Orders spread over the month, Rs 250 to Rs 2,240 of 5% goods plus Rs 40 shipping; the invoice's figures as the
  // worker works them out (splitTax on the goods and the shipping, documentTcs on the taxable value).
  const orders = [];
  const span = period.to.getTime() - period.from.getTime();
  for (let n = 0; n < orderCount; n += 1) {
    const goods = 25_000 + ((n * 7919) % 200) * 1_000;
    const interState = n % 2 === 1;
    const supply = interState ? 'inter_state' : 'intra_state';
    const parts = [splitTax(goods, 5, supply), splitTax(4_000, 5, supply)];
    const sum = (pick) => parts.reduce((total, part) => total + pick(part), 0);
    const taxable = sum((p) => p.taxablePaise);
    const issuedAt = new Date(period.from.getTime() + Math.floor(((n + 0.5) / orderCount) * span));
    orders.push({
      seller: n % sellerCount,
      total: goods + 4_000,
      state: interState ? 'Maharashtra' : 'Karnataka',
      taxable,
      cgst: sum((p) => p.cgstPaise),
      sgst: sum((p) => p.sgstPaise),
      igst: sum((p) => p.igstPaise),
      tcs: documentTcs(taxable, supply, issuedAt),
      issuedAt,
      sequence: Math.floor(n / sellerCount) + 1,
    });
  }
  const column = (pick) => orders.map(pick);
  for (let start = 0; start < orders.length; start += 20_000) {
    const batch = orders.slice(start, start + 20_000);
    const pickOf = (pick) => batch.map(pick);
    await client.query(
      `WITH o AS (
         INSERT INTO orders (user_id, status, payment_method, payment_status, subtotal_paise, shipping_paise, total_paise,
                             total_weight_grams, address_name, address_mobile, address_flat_house_building,
                             address_area_or_street_or_village, address_landmark, address_taluk, address_district,
                             address_state, address_pincode, created_at)
         SELECT $1, 'delivered', 'online', 'paid', t - 4000, 4000, t, 1000, 'Meera Iyer', '9876543210', '12 Residency Road',
                'MG Road', 'Near the metro', 'Bangalore North', 'Bengaluru Urban', s, '560001', at - interval '2 minutes'
           FROM unnest($2::int[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS x(t, s, at, k)
         RETURNING id
       )
       SELECT count(*) FROM o`,
      [buyers[0].id, pickOf((o) => o.total), pickOf((o) => o.state), pickOf((o) => o.issuedAt)],
    );
  }
  const { rows: orderIds } = await client.query(`SELECT id FROM orders ORDER BY id`);
  await client.query(
    `INSERT INTO invoices (order_id, supplier_key, seller_id, supplier_name, supplier_address, supplier_state,
                           supplier_gstin_sealed, kind, number, financial_year, sequence, place_of_supply, taxable_paise,
                           exempt_paise, cgst_paise, sgst_paise, igst_paise, shipping_paise, total_paise,
                           tcs_cgst_paise, tcs_sgst_paise, tcs_igst_paise, issued_at, pdf_file_key)
     SELECT o, 'seller-' || s, s, 'Kaveri Farms ' || s, 'Srirangapatna, Mandya, Karnataka 571438', 'Karnataka', g,
            'tax_invoice', 'INV/' || $14 || '/' || lpad(q::text, 6, '0'), $15, q, p, x, 0, c, sg, i, 4000, t, tc, ts, ti, at,
            'bench/none.pdf'
       FROM unnest($1::int[], $2::int[], $3::bytea[], $4::int[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[],
                   $10::int[], $11::int[], $12::int[], $13::timestamptz[], $16::int[])
            AS d(o, s, g, q, p, x, c, sg, i, t, tc, ts, at, ti)`,
    [
      orderIds.map((row) => row.id),
      column((o) => sellers[o.seller].id),
      column((o) => sealed[o.seller]),
      column((o) => o.sequence),
      column((o) => o.state),
      column((o) => o.taxable),
      column((o) => o.cgst),
      column((o) => o.sgst),
      column((o) => o.igst),
      column((o) => o.total),
      column((o) => o.tcs.cgstPaise),
      column((o) => o.tcs.sgstPaise),
      column((o) => o.issuedAt),
      period.from.getUTCMonth() >= 3
        ? fyLabel(period.from.getUTCFullYear())
        : fyLabel(period.from.getUTCFullYear() - 1),
      period.from.getUTCMonth() >= 3 ? period.from.getUTCFullYear() : period.from.getUTCFullYear() - 1,
      column((o) => o.tcs.igstPaise),
    ],
  );
  // Every 20th order cancelled and credited an hour after its invoice.
  await client.query(
    `INSERT INTO credit_notes (invoice_id, order_id, supplier_key, seller_id, number, financial_year, sequence, reason,
                               total_paise, issued_at, pdf_file_key)
     SELECT v.id, v.order_id, v.supplier_key, v.seller_id, 'CN/' || split_part(v.number, '/', 2) || '/' || lpad(r::text, 6, '0'),
            v.financial_year, r, 'Changed my mind', v.total_paise, least(v.issued_at + interval '1 hour', $1::timestamptz - interval '1 second'),
            'bench/none.pdf'
       FROM (SELECT v.*, row_number() OVER (PARTITION BY v.seller_id ORDER BY v.id) AS r
               FROM invoices v WHERE v.order_id % 20 = 0) v`,
    [period.to],
  );
  await client.query('VACUUM ANALYZE');
  return token;
}

const fyLabel = (startYear) =>
  `${String(startYear % 100).padStart(2, '0')}-${String((startYear + 1) % 100).padStart(2, '0')}`;

async function main() {
  const emulator = await startAuthEmulator();
  try {
    await freshDatabase(databaseUrl);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let token;
    let counts;
    try {
      token = await seed(client);
      ({
        rows: [counts],
      } = await client.query(
        `SELECT (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM credit_notes) AS credit_notes`,
      ));
    } finally {
      await client.end();
    }
    const { api, worker, url, stop } = await startApps({ port, databaseUrl, redisPrefix: 'mandi-bench-gstr8' });
    try {
      const headers = { authorization: `Bearer ${token}` };
      const gstr8 = `${url}/api/admin/reports/gstr8?month=${month}`;
      const started = performance.now();
      const probe = await fetch(gstr8, { headers });
      if (probe.status !== 200)
        throw new Error(`GET /api/admin/reports/gstr8 answered ${probe.status}: ${await probe.text()}`);
      const answer = /** @type {import('@mandi/contracts').Gstr8ReportAnswer} */ (await probe.json());
      console.log(
        `GSTR-8 ${month}: ${counts.invoices} invoices and ${counts.credit_notes} credit notes of ${sellerCount} sellers; ` +
          `${answer.rows.length} rows, net Rs ${answer.totals.net}, TCS Rs ${(answer.totals.igst + answer.totals.cgst + answer.totals.sgst).toFixed(2)}; ` +
          `first answer in ${(performance.now() - started).toFixed(0)} ms; ${duration} s per load, load generator on the same ${cpus().length} cores\n`,
      );
      const stopSampling = sampleMemory({ api: api.pid, worker: worker.pid });
      const results = [
        await load(`gstr8 ${month}, 1 admin`, { url: gstr8, headers, connections: 1 }),
        await load(`gstr8 ${month}, ${connections} at once`, { url: gstr8, headers, connections }),
        await load(`gstr8 csv, 1 admin`, {
          url: `${url}/api/admin/reports/gstr8/csv?month=${month}`,
          headers,
          connections: 1,
        }),
        await load(`gstr8 portal json, 1 admin`, {
          url: `${url}/api/admin/reports/gstr8/portal?month=${month}`,
          headers,
          connections: 1,
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
  } finally {
    await emulator.stop();
  }
}

main().catch((error) => {
  console.error(`bench:gstr8 failed: ${error.message}`);
  process.exit(1);
});

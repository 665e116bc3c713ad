// `npm run bench:invoices`: invoice PDFs. Needs the built apps (npm run build:server) and Debian's Chromium; uses the
// Auth emulator on 127.0.0.1:9099 (a running `npm start`'s, or one it starts and stops).
//  1. In-process, through the worker's own renderer (one warm Chromium, the pool of 4 pages): RENDERS (default 200)
//     orders of three documents each (Mandi's own invoice, a registered seller's, a farmer's bill of supply: issue 31)
//     one order after another (p50, p99 per order, documents per second), then the same number 4 at a time.
//     SAVE_PDFS=<folder> keeps the first order's three PDFs; BENCH_LANGUAGE=hi prints them in Hindi.
//  2. End to end, with the API and the worker on their own database (BENCH_INVOICES_DATABASE_URL, default
//     mandi_bench_invoices, emptied on every run) and port (BENCH_PORT, default 3212): an admin marks an order paid
//     (PUT /api/admin/orders/payment/{id}), and the clock stops when the invoice downloads as a PDF
//     (POST /api/invoices/generate says pdf_ready, then GET /api/invoices/{id}/download answers 200). First ORDERS
//     (default 30) orders one at a time, then a burst of BURST (default 50) marked paid at once.
// Prints the figures and the peak resident memory of the API, the worker, and the worker with its Chromium.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { loadConfig } from '@mandi/config';
import { splitOrderDocuments } from '@mandi/domain';
import {
  computeDocument,
  invoiceView,
  mandiSupplier,
  sellerFromConfig,
} from '../apps/worker/dist/invoices/invoice-document.js';
import { InvoiceTemplates } from '../apps/worker/dist/invoices/invoice-templates.js';
import { PdfRenderer } from '../apps/worker/dist/invoices/pdf-renderer.js';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { emulatorAccount, freshDatabase, startApps } from './lib/apps.mjs';
import { sampleMemory } from './lib/measure.mjs';

const databaseUrl =
  process.env.BENCH_INVOICES_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_invoices';
const port = Number(process.env.BENCH_PORT ?? 3212);
const renders = Number(process.env.RENDERS ?? 200);
const sequentialOrders = Number(process.env.ORDERS ?? 30);
const burst = Number(process.env.BURST ?? 50);
const runId = Date.now().toString(36);

/** The lines of every bench order: 2 x ghee at 5%, 3 x potatoes exempt, a 12% pickle; Rs 65 shipping. */
const LINES = [
  { name: 'A2 Desi Cow Ghee (500 ml jar)', hsn: '0405', quantity: 2, unitPaise: 65_000, rate: 5 },
  { name: 'Aloo (Potato) 1 kg', hsn: '0701', quantity: 3, unitPaise: 4_000, rate: 0 },
  { name: 'Mango Pickle (Aam ka Achaar) 400 g', hsn: '2001', quantity: 1, unitPaise: 18_999, rate: 12 },
];
const SHIPPING_PAISE = 6_500;
const SUBTOTAL_PAISE = LINES.reduce((sum, line) => sum + line.unitPaise * line.quantity, 0);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;

function summary(title, times) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${title.padEnd(46)} p50 ${ms(percentile(sorted, 50))}   p95 ${ms(percentile(sorted, 95))}   p99 ${ms(percentile(sorted, 99))}   max ${ms(sorted.at(-1))}`,
  );
}

/** The three suppliers of an in-process order: Mandi's own ghee, a registered seller's pickle, a farmer's potatoes. */
const SUPPLIERS = [
  { key: 'mandi', lines: [0] },
  {
    key: 'seller-2',
    lines: [2],
    supplier: {
      name: 'Kaveri Farmer Producer Company Limited',
      address: 'Survey No. 41, Srirangapatna, Mandya, Karnataka 571438',
      state: 'Karnataka',
      gstin: '29AAFCK1234L1ZQ',
    },
  },
  {
    key: 'seller-3',
    lines: [1],
    supplier: {
      name: 'रमेश गौड़ा (Ramesh Gowda)',
      address: 'Hosahalli, Hassan, Karnataka 573201',
      state: 'Karnataka',
      gstin: null,
    },
  },
];

/**
 * Renders through the worker's PdfRenderer and template, as invoice.render does, without the database: each order's
 * three documents (docs/invoices.md, "Suppliers"), each a PDF. SAVE_PDFS=<folder> keeps the first order's three.
 */
async function renderInProcess() {
  const config = loadConfig({ NODE_ENV: 'development', ...process.env, LOG_LEVEL: 'silent' });
  const mandi = sellerFromConfig(config);
  /** @type {import('../apps/worker/dist/invoices/invoices.repository.js').OrderForDocuments} */
  const order = {
    id: 1042,
    // The buyer's language names the document's texts (docs/i18n.md): BENCH_LANGUAGE, English by default.
    buyerLanguage: process.env.BENCH_LANGUAGE ?? 'en',
    status: 'confirmed',
    paymentStatus: 'paid',
    paymentMethod: 'cod',
    cancelReason: null,
    shippingPaise: SHIPPING_PAISE,
    totalPaise: SUBTOTAL_PAISE + SHIPPING_PAISE,
    createdAt: new Date(),
    address: {
      name: 'मीरा अय्यर (Meera Iyer)',
      flat_house_building: 'Flat 4B, Lotus Residency',
      area_or_street_or_village: 'Indiranagar 2nd Stage',
      landmark: 'Opposite the ESI hospital',
      taluk: 'Bangalore East',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      pincode: '560038',
    },
    lines: LINES.map((l, i) => ({
      id: i + 1,
      sellerId: null,
      productName: l.name,
      hsnCode: l.hsn,
      quantity: l.quantity,
      unitPricePaise: l.unitPaise,
      gstRatePercent: l.rate,
    })),
  };
  // One part per supplier, with its share of shipping, as the worker's issue job splits an order.
  const parts = splitOrderDocuments(
    SUPPLIERS.flatMap(({ key, lines }) =>
      lines.map((i) => ({ ...order.lines[i], supplierKey: key, grossPaise: LINES[i].unitPaise * LINES[i].quantity })),
    ),
    SHIPPING_PAISE,
  );
  const documents = parts.map((part) => {
    const { supplier } = SUPPLIERS.find((s) => s.key === part.supplierKey);
    const named = supplier ? { ...supplier, operator: mandi } : mandiSupplier(mandi);
    const computation = computeDocument(
      { state: named.state, registered: named.gstin !== null },
      part,
      order.address.state,
    );
    return { part, named, computation };
  });
  const templates = new InvoiceTemplates();
  const renderer = new PdfRenderer(config);
  const saveTo = process.env.SAVE_PDFS;
  const renderOne = async (n) => {
    const started = performance.now();
    for (const [d, { part, named, computation }] of documents.entries()) {
      /** @type {import('../apps/worker/dist/invoices/invoices.repository.js').InvoiceRow} */
      const invoice = {
        id: n * 3 + d,
        orderId: order.id,
        supplierKey: part.supplierKey,
        sellerId: part.supplierKey === 'mandi' ? null : d + 1,
        supplierName: null,
        supplierAddress: null,
        supplierState: null,
        supplierGstinSealed: null,
        orderItemIds: part.lines.map((line) => line.id),
        kind: computation.kind,
        number: `INV/26-27/${String(n + 1).padStart(6, '0')}`,
        placeOfSupply: order.address.state,
        ...computation.totals,
        tcsCgstPaise: 0,
        tcsSgstPaise: 0,
        tcsIgstPaise: 0,
        issuedAt: new Date(),
        pdfFileKey: null,
        language: order.buyerLanguage,
      };
      const view = invoiceView(named, order, invoice);
      const pdf = await renderer.render(templates.html(view), view.footer, view.pageOf);
      if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
      if (saveTo && n === 0) writeFileSync(`${saveTo}/${part.supplierKey}-${computation.kind}.pdf`, pdf);
    }
    return performance.now() - started;
  };
  try {
    const coldStarted = performance.now();
    await renderOne(0);
    console.log(`first PDF (starts Chromium)                   ${ms(performance.now() - coldStarted)}`);
    const sequential = [];
    const seqStarted = performance.now();
    for (let n = 1; n <= renders; n += 1) sequential.push(await renderOne(n));
    const seqSeconds = (performance.now() - seqStarted) / 1000;
    summary(`${renders} orders of 3 documents, one at a time`, sequential);
    console.log(
      `  -> ${((3 * renders) / seqSeconds).toFixed(1)} documents/s, ${(renders / seqSeconds).toFixed(1)} orders/s one at a time`,
    );
    const poolStarted = performance.now();
    let next = renders + 1;
    const parallel = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next <= 2 * renders) parallel.push(await renderOne(next++));
      }),
    );
    const poolSeconds = (performance.now() - poolStarted) / 1000;
    summary(`${renders} orders of 3 documents, 4 at a time`, parallel);
    console.log(
      `  -> ${((3 * renders) / poolSeconds).toFixed(1)} documents/s, ${(renders / poolSeconds).toFixed(1)} orders/s 4 at a time`,
    );
  } finally {
    await renderer.onApplicationShutdown();
  }
}

/** An admin (signed in) and `count` unpaid cash-on-delivery orders of a buyer, each with the bench's lines. */
async function seed(client, count) {
  const adminEmail = `bench-admin-${runId}@mandi.test`;
  const admin = await emulatorAccount(adminEmail);
  await client.query(
    `INSERT INTO users (firebase_uid, email, username, role, agreed_to_terms) VALUES ($1, $2, $3, 'admin', true)`,
    [admin.uid, adminEmail, `bench_admin_${runId}`],
  );
  const {
    rows: [buyer],
  } = await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms) VALUES ($1, $2, $3, true) RETURNING id`,
    [`bench-buyer-${runId}`, `bench-buyer-${runId}@mandi.test`, `bench_buyer_${runId}`],
  );
  const { rows } = await client.query(
    `INSERT INTO orders (user_id, payment_method, subtotal_paise, shipping_paise, total_paise, total_weight_grams, address_name,
                         address_mobile, address_flat_house_building, address_area_or_street_or_village, address_landmark,
                         address_taluk, address_district, address_state, address_pincode)
     SELECT $1, 'cod', $2::int, $3::int, $2::int + $3::int, 2900, 'मीरा अय्यर (Meera Iyer)', '9876543210', 'Flat 4B, Lotus Residency',
            'Indiranagar 2nd Stage', 'Opposite the ESI hospital', 'Bangalore East', 'Bengaluru Urban', 'Karnataka', '560038'
       FROM generate_series(1, $4)
     RETURNING id`,
    [buyer.id, SUBTOTAL_PAISE, SHIPPING_PAISE, count],
  );
  const ids = rows.map((row) => row.id);
  for (const line of LINES) {
    await client.query(
      `INSERT INTO order_items (order_id, product_name, unit_price_paise, quantity, weight_grams, category, hsn_code, gst_rate_percent)
       SELECT id, $2, $3, $4, 500, 'ghee_butter', $5, $6 FROM unnest($1::int[]) AS id`,
      [ids, line.name, line.unitPaise, line.quantity, line.hsn, line.rate],
    );
  }
  return { token: admin.token, orderIds: ids };
}

/**
 * Memory of a process and all its descendants (the worker and its Chromium), in kB: the sum of their RSS, which counts
 * pages they share once per process, and of their PSS (proportional set size), which shares them out.
 */
function treeMemory(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let rss = 0;
  let pss = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop();
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone, or not ours to read.
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return { rss, pss };
}

async function endToEnd() {
  await freshDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let data;
  try {
    data = await seed(client, sequentialOrders + burst);
  } finally {
    await client.end();
  }
  const { api, worker, url, stop } = await startApps({
    port,
    databaseUrl,
    redisPrefix: 'mandi-bench-invoices',
    env: { LOG_LEVEL: 'warn' },
  });
  const headers = { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' };
  const stopSampling = sampleMemory({ api: api.pid, worker: worker.pid });
  const treePeak = { rss: 0, pss: 0 };
  const treeTimer = setInterval(() => {
    const now = treeMemory(worker.pid);
    treePeak.rss = Math.max(treePeak.rss, now.rss);
    treePeak.pss = Math.max(treePeak.pss, now.pss);
  }, 200);

  /**
   * Marks `orderId` paid and waits until its invoice downloads, asking every `pollMs`; answers the milliseconds it took.
   * The burst asks less often, so 50 pollers do not take the CPU the worker needs.
   */
  async function paidToDownloadable(orderId, pollMs = 10) {
    const started = performance.now();
    const paid = await fetch(`${url}/api/admin/orders/payment/${orderId}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ status: 'paid' }),
    });
    if (paid.status !== 200) throw new Error(`mark-paid of ${orderId} answered ${paid.status}: ${await paid.text()}`);
    for (;;) {
      const answer = await fetch(`${url}/api/invoices/generate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ orderId }),
      });
      const body = /** @type {any} */ (await answer.json());
      if (body.document?.pdf_ready) {
        const pdf = await fetch(`${url}/api/invoices/${body.document.invoice_id}/download`, { headers });
        const bytes = Buffer.from(await pdf.arrayBuffer());
        if (pdf.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-')
          throw new Error(`download of ${body.document.invoice_id}: ${pdf.status}`);
        return performance.now() - started;
      }
      if (performance.now() - started > 60_000) throw new Error(`order ${orderId} had no invoice after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  try {
    // Warm-up: the worker's Chromium starts at boot, the first render opens pages.
    await paidToDownloadable(data.orderIds[0]);
    const one = [];
    for (const orderId of data.orderIds.slice(1, sequentialOrders)) one.push(await paidToDownloadable(orderId));
    summary(`mark-paid -> PDF downloadable, one at a time (${one.length})`, one);
    const burstIds = data.orderIds.slice(sequentialOrders);
    const burstStarted = performance.now();
    const all = await Promise.all(burstIds.map((orderId) => paidToDownloadable(orderId, 100)));
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    summary(`mark-paid -> PDF downloadable, ${burstIds.length} at once (asked every 100 ms)`, all);
    console.log(
      `  -> all ${burstIds.length} downloadable after ${burstSeconds.toFixed(2)} s (${(burstIds.length / burstSeconds).toFixed(1)} invoices/s end to end)`,
    );
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const {
      rows: [numbers],
    } = await check.query(
      `SELECT count(*)::int AS invoices, min(sequence) AS first, max(sequence) AS last, count(DISTINCT number)::int AS distinct_numbers,
              (SELECT last_value FROM document_sequences WHERE kind = 'invoice') AS series
         FROM invoices`,
    );
    await check.end();
    console.log(
      `\nrecorded: ${numbers.invoices} invoices numbered ${numbers.first}..${numbers.last} (${numbers.distinct_numbers} distinct, series at ${numbers.series})`,
    );
  } finally {
    clearInterval(treeTimer);
    const peaks = stopSampling();
    for (const name of ['api', 'worker']) {
      const peak = peaks.get(name);
      console.log(
        `${name.padEnd(7)} peak RSS ${(peak.rss / 1024).toFixed(0)} MB (VmHWM ${(peak.hwm / 1024).toFixed(0)} MB)`,
      );
    }
    console.log(
      `worker with its Chromium: peak PSS ${(treePeak.pss / 1024).toFixed(0)} MB (sum of RSS ${(treePeak.rss / 1024).toFixed(0)} MB, counting shared pages per process)`,
    );
    await stop();
  }
}

async function main() {
  console.log(
    `invoices bench on ${cpus().length} cores (load generator, API, worker, Chromium and PostgreSQL share them)\n`,
  );
  await renderInProcess();
  console.log('');
  const emulator = await startAuthEmulator();
  try {
    await endToEnd();
  } finally {
    await emulator.stop();
  }
}

main().catch((error) => {
  console.error(`bench:invoices failed: ${error.stack ?? error.message}`);
  process.exit(1);
});

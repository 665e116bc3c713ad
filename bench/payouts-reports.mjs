// `npm run bench:payouts-reports`: issue 32's "a seller's statement and the reconciliation at 100,000 orders (p99,
// memory)" (docs/payouts.md, "Statements and commission invoices"; docs/console.md and docs/seller-dashboard.md,
// "Payouts"). Needs the built apps (`npm run build:server`); uses the Auth emulator on 127.0.0.1:9099 (a running
// `npm start`'s, or one it starts and stops). Makes its own database (BENCH_PAYOUTS_REPORTS_DATABASE_URL, default
// mandi_bench_payouts_reports, emptied on every run) and a Razorpay sandbox of its own in this process, and seeds, with
// set-based SQL: 50 approved sellers (companies in Karnataka, PAN and GSTIN sealed as the profile seals them), each
// with an activated Route linked account made at the sandbox through the official SDK; ORDERS (default 100,000) paid
// online orders over the last 5 completed India weeks, one seller's own tax invoice each, booked as the worker's
// ledger.book books them (the receipt, then the sale worked out by libs/domain's saleOfDocument: the seller's net,
// commission, GST on commission, TCS, TDS), each with its payout transferred at once (the `payout` transaction, keyed
// by its Route transfer), then released and settled with a UTR; in the last week a third still on hold (not delivered
// yet) and a third released but not settled. One seller is much bigger than the rest: BIG_ORDERS (default 10,000) of
// the orders are theirs, all in the last week, so their statement is the worst case. Every transfer is put straight
// into the sandbox's Route store (its Map of transfers, oldest first; creating 100,000 through the API takes minutes,
// each create scans every transfer), with its settlement, so the reconciliation compares every row.
// Then it starts the API and the worker on BENCH_PORT (default 3214), files and mail in a temporary directory, and
// measures the worker's statements sweep (STATEMENT_SWEEP_MS=5000: its pass at boot, then one every 5 s, since a pass
// renders at most 50 commission invoices) making and mailing every due weekly statement (PDF and CSV) and monthly
// commission invoice: the whole sweep, each statement, and the big seller's (it stops waiting for a statement whose
// print has failed twice, read from the worker's PDF metrics). Then, the apps started again with the sweep off, for
// DURATION s each (default 10): the big seller's GET /api/seller-dashboard/{uid}/payouts (page 1 at 1 and
// CONNECTIONS, default 10, at once, and the last page) and /statements (1 and CONNECTIONS), the PDF and CSV of their
// newest statement; an admin's GET /api/admin/payouts; and RECONCILIATIONS (default 5) runs of GET
// /api/admin/payouts/reconciliation over the whole seeded period, one after another (p50, p99, mismatches: expect 0).
// Prints requests per second, p50 and p99, and the peak memory of the API, the worker and the worker's Chromium (all
// its processes: Pss and RSS summed, and its largest process).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import Razorpay from 'razorpay';
import { loadConfig } from '@mandi/config';
import { SealedText, sellerProfileSealContext } from '@mandi/database';
import {
  addIndiaDays,
  basisPointsOf,
  documentTcs,
  financialYearOf,
  gstinCheckCharacter,
  indiaDayOf,
  indiaDayStart,
  saleOfDocument,
  splitTax,
  statementWeekOf,
  supplyType,
} from '@mandi/domain';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { startRazorpaySandbox } from '../tools/razorpay-sandbox/sandbox.mjs';
import { emulatorAccount, freshDatabase, startApps } from './lib/apps.mjs';
import { duration, load, report, reportMemory, sampleMemory } from './lib/measure.mjs';
import { createLinkedAccount } from './lib/route-accounts.mjs';

const databaseUrl =
  process.env.BENCH_PAYOUTS_REPORTS_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_payouts_reports';
const port = Number(process.env.BENCH_PORT ?? 3214);
const connections = Number(process.env.CONNECTIONS ?? 10);
const orderCount = Number(process.env.ORDERS ?? 100_000);
const bigOrders = Math.min(Number(process.env.BIG_ORDERS ?? 10_000), orderCount);
const reconciliations = Number(process.env.RECONCILIATIONS ?? 5);
const sellerCount = 50;
const weekCount = 5;
const runId = Date.now().toString(36);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const COMMISSION_BASIS_POINTS = 800;

const config = loadConfig({ NODE_ENV: 'development', ...process.env, LOG_LEVEL: 'silent' });
const mandiState = config.SELLER_STATE;
const now = new Date();
const thisWeek = statementWeekOf(now);
const weeks = Array.from({ length: weekCount }, (_, k) => {
  const start = addIndiaDays(thisWeek.start, -7 * (weekCount - k));
  return { start, from: indiaDayStart(start).getTime() };
});
const lastWeek = weeks[weekCount - 1];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const transferIdOf = (n) => `trf_B${n.toString(36).padStart(13, '0')}`;

/** Sellers with approved profiles (companies in Mandi's state) and activated linked accounts at the sandbox. */
async function seedSellers(client, razorpay, bigUid) {
  const { rows: sellers } = await client.query(
    `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
     SELECT CASE WHEN n = 1 THEN $2 ELSE 'bench-seller-' || n END, 'seller' || n || '@example.in',
            'kaveri_farms_' || n, true
       FROM generate_series(1, $1) n ORDER BY n
     RETURNING id, username`,
    [sellerCount, bigUid],
  );
  sellers.sort((a, b) => a.id - b.id);
  const sealer = new SealedText(config.SELLER_DATA_KEY);
  const seal = (text, column, id) => Buffer.from(sealer.seal(text, sellerProfileSealContext(column, id)));
  const pans = sellers.map((_, n) => `AABCK${String(1000 + n).slice(-4)}L`);
  const gstins = pans.map((pan) => `29${pan}1Z${gstinCheckCharacter(`29${pan}1Z`)}`);
  await client.query(
    `INSERT INTO seller_profiles (user_id, legal_name, business_kind, pan_sealed, pan_last4, gstin_sealed, gstin_last4,
                                  pickup_name, pickup_mobile, pickup_flat_house_building,
                                  pickup_area_or_street_or_village, pickup_landmark, pickup_taluk, pickup_district,
                                  pickup_state, pickup_pincode, bank_account_holder, bank_account_sealed,
                                  bank_account_last4, ifsc, bank_name, status, reviewed_at)
     SELECT id, 'Kaveri Farms ' || k || ' Private Limited', 'company', pan, right(pan_text, 4), gstin, right(gstin_text, 4),
            'Kaveri Rao', '9876543210', 'Survey No. 12', 'Hesaraghatta', 'Near the lake', 'Srirangapatna', 'Mandya',
            $7, '571438', 'Kaveri Farms', bank, '9012', 'SBIN0000001', 'State Bank of India', 'approved', now()
       FROM unnest($1::int[], $2::bytea[], $3::text[], $4::bytea[], $5::text[], $6::bytea[])
            WITH ORDINALITY AS s(id, pan, pan_text, gstin, gstin_text, bank, k)`,
    [
      sellers.map((s) => s.id),
      sellers.map((s, n) => seal(pans[n], 'pan', s.id)),
      pans,
      sellers.map((s, n) => seal(gstins[n], 'gstin', s.id)),
      gstins,
      sellers.map((s) => seal('123456789012', 'bank_account', s.id)),
      mandiState,
    ],
  );
  const accounts = [];
  for (const { id } of sellers) {
    const { accountId } = await createLinkedAccount(razorpay, id, {
      legalName: 'Kaveri Farms Private Limited',
      type: 'private_limited',
      pan: 'AABCK1000L',
      holder: 'Kaveri Farms',
    });
    accounts.push(accountId);
  }
  await client.query(
    `INSERT INTO seller_route_accounts (user_id, status, razorpay_account_id, product_id, activated_at, updated_at)
     SELECT id, 'activated', account, 'acc_prd_bench' || id, now() - interval '60 days', now()
       FROM unnest($1::int[], $2::text[]) AS a(id, account)`,
    [sellers.map((s) => s.id), accounts],
  );
  return sellers.map((s, n) => ({ id: s.id, username: s.username, account: accounts[n], gstin: gstins[n] }));
}

/**
 * ORDERS orders, each worked out as the worker would: its seller's invoice (splitTax, documentTcs), and the sale
 * saleOfDocument books for it; then its payout's life (transfer at once, delivery, release, settlement).
 */
function planOrders(sellers) {
  const orders = [];
  const others = orderCount - bigOrders;
  const sequences = new Map();
  const settlements = new Map();
  const span = weekCount * 7 * DAY - 30 * MINUTE;
  const lastSpan = 7 * DAY - 30 * MINUTE;
  for (let n = 0; n < orderCount; n += 1) {
    const big = n < bigOrders;
    const seller = sellers[big ? 0 : (n - bigOrders) % sellerCount];
    const at = big
      ? lastWeek.from + Math.floor(((n + 0.5) / bigOrders) * lastSpan)
      : weeks[0].from + Math.floor(((n - bigOrders + 0.5) / others) * span);
    const inLastWeek = at >= lastWeek.from;
    const goods = 25_000 + ((n * 7919) % 200) * 1_000;
    const placeOfSupply = n % 2 === 0 ? 'Karnataka' : 'Maharashtra';
    const supply = supplyType(mandiState, placeOfSupply);
    const parts = [splitTax(goods, 5, supply), splitTax(4_000, 5, supply)];
    const sum = (pick) => parts.reduce((total, part) => total + pick(part), 0);
    const taxable = sum((p) => p.taxablePaise);
    const tax = sum((p) => p.cgstPaise + p.sgstPaise + p.igstPaise);
    const total = goods + 4_000;
    const issuedAt = new Date(at + 2 * MINUTE);
    const tcs = documentTcs(taxable, supply, issuedAt);
    const [posting] = saleOfDocument({
      totalPaise: total,
      taxPaise: tax,
      supplier: {
        seller: {
          sellerId: seller.id,
          valuePaise: taxable,
          gstPaise: tax,
          commissionPaise: basisPointsOf(goods, COMMISSION_BASIS_POINTS),
          tcsPaise: tcs.cgstPaise + tcs.sgstPaise + tcs.igstPaise,
          state: mandiState,
          payee: { hasPan: true, individual: false, yearGrossBeforePaise: 0 },
        },
      },
      mandiState,
      day: indiaDayOf(issuedAt),
    });
    const sequence = (sequences.get(seller.id) ?? 0) + 1;
    sequences.set(seller.id, sequence);
    // In the last week a third is not delivered yet (on hold), a third released and not yet settled.
    const status = !inLastWeek ? 'settled' : ['on_hold', 'released', 'settled'][n % 3];
    const deliveredAt = status === 'on_hold' ? null : at + 2 * DAY;
    const releasedAt = deliveredAt === null ? null : deliveredAt + 48 * HOUR + 5 * MINUTE;
    const settledAt = status === 'settled' ? Math.min(releasedAt + DAY, now.getTime() - HOUR) : null;
    let settlement = null;
    if (settledAt !== null) {
      const key = `${seller.id}:${indiaDayOf(new Date(settledAt))}`;
      settlement = settlements.get(key);
      if (!settlement) {
        const id = `setl_B${settlements.size.toString(36).padStart(12, '0')}`;
        settlement = {
          id,
          utr: `${Math.floor(settledAt / 1000)}b${settlements.size.toString(36).padStart(5, '0')}`,
          at: settledAt,
          amount: 0,
        };
        settlements.set(key, settlement);
      }
      settlement.amount += posting.breakdown.netPaise;
    }
    orders.push({
      n,
      seller,
      at,
      placeOfSupply,
      total,
      taxable,
      cgst: sum((p) => p.cgstPaise),
      sgst: sum((p) => p.sgstPaise),
      igst: sum((p) => p.igstPaise),
      tcs,
      issuedAt: issuedAt.getTime(),
      sequence,
      posting,
      status,
      deliveredAt,
      releasedAt,
      settledAt,
      settlement,
    });
  }
  return { orders, settlements: [...settlements.values()] };
}

/** The account's amount on a posting's lines (0 when the posting has no such line). */
const amountOn = (posting, account) => posting.lines.find((line) => line.account === account)?.amountPaise ?? 0;

/** Orders, payments, invoices, the ledger and the payouts, in one database transaction, ids given (an empty database). */
async function seedOrders(client, buyerId, orders) {
  const iso = (ms) => (ms === null ? null : new Date(ms).toISOString());
  const col = (pick) => orders.map(pick);
  const year = financialYearOf(new Date(orders[0].issuedAt));
  await client.query('BEGIN');
  await client.query(
    `CREATE TEMPORARY TABLE plan ON COMMIT DROP AS
     SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::text[], $5::int[], $6::int[], $7::int[],
                          $8::int[], $9::int[], $10::int[], $11::int[], $12::int[], $13::timestamptz[], $14::int[],
                          $15::int[], $16::int[], $17::int[], $18::int[], $19::int[], $20::int[], $21::text[],
                          $22::timestamptz[], $23::timestamptz[], $24::timestamptz[], $25::text[], $26::text[])
              AS p(n, seller_id, at, place, total, taxable, cgst, sgst, igst, tcs_cgst, tcs_sgst, tcs_igst, issued_at,
                   sequence, net, commission, commission_gst, tcs, tds, tds_base, status, delivered_at, released_at,
                   settled_at, settlement_id, utr)`,
    [
      col((o) => o.n + 1),
      col((o) => o.seller.id),
      col((o) => iso(o.at)),
      col((o) => o.placeOfSupply),
      col((o) => o.total),
      col((o) => o.taxable),
      col((o) => o.cgst),
      col((o) => o.sgst),
      col((o) => o.igst),
      col((o) => o.tcs.cgstPaise),
      col((o) => o.tcs.sgstPaise),
      col((o) => o.tcs.igstPaise),
      col((o) => iso(o.issuedAt)),
      col((o) => o.sequence),
      col((o) => o.posting.breakdown.netPaise),
      col((o) => -amountOn(o.posting, 'commission_revenue')),
      col((o) => -amountOn(o.posting, 'commission_gst')),
      col((o) => -amountOn(o.posting, 'tcs_payable')),
      col((o) => -amountOn(o.posting, 'tds_payable')),
      col((o) => o.posting.breakdown.tdsBasePaise),
      col((o) => o.status),
      col((o) => iso(o.deliveredAt)),
      col((o) => iso(o.releasedAt)),
      col((o) => iso(o.settledAt)),
      col((o) => o.settlement?.id ?? null),
      col((o) => o.settlement?.utr ?? null),
    ],
  );
  // Each sale's entries must be what saleOfDocument gave: the seller's own document, nothing resold.
  for (const o of orders)
    if (amountOn(o.posting, 'mandi_output_gst') !== 0 || amountOn(o.posting, 'buyer_funds') !== o.total)
      throw new Error(`order ${o.n}: the sale is not a seller's own document`);
  await client.query(
    `INSERT INTO orders (id, user_id, status, payment_method, payment_status, paid_at, shipped_at, delivered_at,
                         subtotal_paise, shipping_paise, total_paise, total_weight_grams, address_name, address_mobile,
                         address_flat_house_building, address_area_or_street_or_village, address_landmark,
                         address_taluk, address_district, address_state, address_pincode, created_at, updated_at)
     SELECT n, $1, CASE WHEN delivered_at IS NULL THEN 'shipped' ELSE 'delivered' END::order_status, 'online', 'paid',
            at + interval '1 minute', at + interval '1 day', delivered_at, total - 4000, 4000, total, 1000, 'Meera Iyer',
            '9123456780', '4 Lake View', 'Indiranagar', 'Park', 'Bangalore East', 'Bengaluru Urban', place, '560038',
            at, coalesce(delivered_at, at + interval '1 day')
       FROM plan`,
    [buyerId],
  );
  await client.query(
    `INSERT INTO payments (id, order_id, provider, provider_order_id, provider_payment_id, amount_paise, status,
                           signature_verified, method, captured_at, created_at, updated_at)
     SELECT n, n, 'razorpay', 'order_B' || lpad(n::text, 10, '0'), 'pay_B' || lpad(n::text, 10, '0'), total, 'captured',
            true, 'upi', at + interval '1 minute', at, at + interval '1 minute'
       FROM plan`,
  );
  await client.query(
    `INSERT INTO invoices (id, order_id, supplier_key, seller_id, supplier_name, supplier_address, supplier_state,
                           supplier_gstin_sealed, kind, number, financial_year, sequence, place_of_supply, taxable_paise,
                           exempt_paise, cgst_paise, sgst_paise, igst_paise, shipping_paise, total_paise,
                           tcs_cgst_paise, tcs_sgst_paise, tcs_igst_paise, issued_at, pdf_file_key)
     SELECT p.n, p.n, 'seller-' || p.seller_id, p.seller_id, s.legal_name,
            'Survey No. 12, Hesaraghatta, Srirangapatna, Mandya, Karnataka 571438', s.pickup_state, s.gstin_sealed,
            'tax_invoice', 'INV/' || $1 || '/' || lpad(p.sequence::text, 6, '0'), $2, p.sequence, p.place, p.taxable, 0,
            p.cgst, p.sgst, p.igst, 4000, p.total, p.tcs_cgst, p.tcs_sgst, p.tcs_igst, p.issued_at, 'bench/none.pdf'
       FROM plan p JOIN seller_profiles s ON s.user_id = p.seller_id`,
    [year.label, year.startYear],
  );
  // Three transactions per order, as ledger.book and payout.transfer book them: the receipt (payment:<id>), the sale
  // (invoice:<id>:seller-<uid>) and the payout (payout:<payout>:<transfer>).
  await client.query(
    `INSERT INTO ledger_transactions (id, kind, source_key, order_id, seller_id, invoice_id, payout_id, tds_base_paise,
                                      financial_year, created_at)
     SELECT 3 * n - 2, 'receipt'::ledger_kind, 'payment:' || n, n, NULL::int, NULL::int, NULL::int, 0, $1::int, at + interval '1 minute' FROM plan
     UNION ALL
     SELECT 3 * n - 1, 'sale'::ledger_kind, 'invoice:' || n || ':seller-' || seller_id, n, seller_id, n, NULL, tds_base, $1::int,
            issued_at FROM plan`,
    [year.startYear],
  );
  await client.query(
    `INSERT INTO ledger_transactions (id, kind, source_key, order_id, seller_id, payout_id, financial_year, created_at)
     SELECT 3 * n, 'payout', 'payout:' || n || ':' || t, n, seller_id, n, $1, at + interval '3 minutes'
       FROM plan JOIN unnest($2::int[], $3::text[]) AS x(k, t) ON x.k = plan.n`,
    [year.startYear, col((o) => o.n + 1), col((o) => transferIdOf(o.n + 1))],
  );
  await client.query(
    `INSERT INTO ledger_entries (transaction_id, account, seller_id, amount_paise)
     SELECT 3 * n - 2, 'razorpay_balance'::ledger_account, NULL::int, total FROM plan
     UNION ALL SELECT 3 * n - 2, 'buyer_funds', NULL, -total FROM plan
     UNION ALL SELECT 3 * n - 1, e.account::ledger_account, e.seller, e.amount
       FROM plan, LATERAL (VALUES ('buyer_funds', NULL::int, total), ('seller_payable', seller_id, -net),
                                  ('commission_revenue', NULL, -commission), ('commission_gst', NULL, -commission_gst),
                                  ('tcs_payable', NULL, -tcs), ('tds_payable', NULL, -tds)) AS e(account, seller, amount)
      WHERE e.amount <> 0
     UNION ALL SELECT 3 * n, 'seller_payable', seller_id, net FROM plan
     UNION ALL SELECT 3 * n, 'razorpay_balance', NULL, -net FROM plan`,
  );
  await client.query(
    `INSERT INTO seller_payouts (id, order_id, seller_id, sale_transaction_id, amount_paise, method, status,
                                 provider_payment_id, razorpay_transfer_id, settlement_id, utr, attempts, transferred_at,
                                 released_at, settled_at, created_at, updated_at)
     SELECT n, n, seller_id, 3 * n - 1, net, 'payment_transfer', status::payout_status, 'pay_B' || lpad(n::text, 10, '0'),
            t, settlement_id, utr, 1, at + interval '3 minutes', released_at, settled_at, issued_at,
            coalesce(settled_at, released_at, at + interval '3 minutes')
       FROM plan JOIN unnest($1::int[], $2::text[]) AS x(k, t) ON x.k = plan.n`,
    [col((o) => o.n + 1), col((o) => transferIdOf(o.n + 1))],
  );
  await client.query(
    `INSERT INTO seller_tax_years (seller_id, financial_year, gross_paise)
     SELECT seller_id, $1, sum(tds_base) FROM plan GROUP BY seller_id`,
    [year.startYear],
  );
  for (const table of ['orders', 'payments', 'invoices', 'ledger_transactions', 'seller_payouts'])
    await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  await client.query(
    `INSERT INTO document_sequences (kind, supplier_key, financial_year, last_value)
     SELECT 'invoice', 'seller-' || seller_id, $1, max(sequence) FROM plan GROUP BY seller_id`,
    [year.startYear],
  );
  await client.query('COMMIT');
}

/**
 * Every payout's transfer into the sandbox's Route store, oldest first as the sandbox keeps them (its lists are newest
 * first), shaped as its own transfers; the settlements that paid them.
 */
function seedSandbox(sandbox, orders, settlements) {
  const route = sandbox.route;
  const seconds = (ms) => Math.floor(ms / 1000);
  for (const settlement of settlements)
    route.settlements.set(settlement.id, {
      id: settlement.id,
      entity: 'settlement',
      amount: settlement.amount,
      status: 'processed',
      fees: 0,
      tax: 0,
      utr: settlement.utr,
      created_at: seconds(settlement.at),
    });
  const byTransfer = [...orders].sort((a, b) => a.at - b.at || a.n - b.n);
  for (const o of byTransfer) {
    const id = transferIdOf(o.n + 1);
    const amount = o.posting.breakdown.netPaise;
    const fees = Math.ceil((amount * 295) / 100_000);
    const created = seconds(o.at + 3 * MINUTE);
    route.transfers.set(id, {
      id,
      entity: 'transfer',
      status: 'processed',
      source: `pay_B${String(o.n + 1).padStart(10, '0')}`,
      recipient: o.seller.account,
      amount,
      currency: 'INR',
      amount_reversed: 0,
      fees,
      tax: fees - Math.round((fees * 100) / 118),
      notes: { mandi_payout_id: String(o.n + 1) },
      linked_account_notes: [],
      on_hold: o.status === 'on_hold',
      on_hold_until: null,
      settlement_status: o.status === 'on_hold' ? 'on_hold' : o.status === 'released' ? 'pending' : 'settled',
      recipient_settlement_id: o.settlement?.id ?? null,
      created_at: created,
      processed_at: created,
      error: {
        code: null,
        description: null,
        reason: null,
        field: null,
        step: null,
        id,
        source: null,
        metadata: null,
      },
    });
  }
}

/**
 * The memory of the worker's Chromium, summed over its processes, in kB: resident (which counts the pages they share
 * once per process) and proportional (Pss of /proc/<pid>/smaps_rollup: shared pages split between their sharers);
 * and its largest process's resident memory. Its processes are the browser the worker started (puppeteer launches it
 * as a process group of its own) and every process of that group: the zygote's renderers, which need not descend
 * from the browser as /proc shows it.
 */
function chromiumKb(workerPid) {
  const processes = [];
  for (const entry of readdirSync('/proc')) {
    if (entry < '0' || entry > '9') continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!name.toLowerCase().includes('chrom')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.push({ pid: Number(entry), ppid: Number(fields[1]), pgrp: Number(fields[2]) });
    } catch {
      // gone meanwhile
    }
  }
  const browsers = new Set(processes.filter((p) => p.ppid === workerPid).map((p) => p.pid));
  const total = { rss: 0, pss: 0, largest: 0 };
  for (const { pid } of processes.filter((p) => browsers.has(p.pgrp) || browsers.has(p.pid))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const at = status.indexOf('\nVmRSS:');
      const rss = at < 0 ? 0 : Number.parseInt(status.slice(at + 7).trim(), 10) || 0;
      total.rss += rss;
      total.largest = Math.max(total.largest, rss);
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const pssAt = rollup.indexOf('\nPss:');
      if (pssAt >= 0) total.pss += Number.parseInt(rollup.slice(pssAt + 5).trim(), 10) || 0;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Samples {@link chromiumKb} every 250 ms; `stop()` answers the peaks seen. */
function sampleChromium(workerPid) {
  const peak = { rss: 0, pss: 0, largest: 0 };
  const sample = () => {
    const now = chromiumKb(workerPid);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.pss = Math.max(peak.pss, now.pss);
    peak.largest = Math.max(peak.largest, now.largest);
  };
  const timer = setInterval(sample, 250);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/** The worker's PDF renders so far, by outcome (its mandi_pdf_render_duration_seconds histogram's counts). */
async function pdfRenders(metricsUrl) {
  const text = await fetch(metricsUrl).then(
    (response) => response.text(),
    () => '',
  );
  const count = (outcome) => {
    const name = `mandi_pdf_render_duration_seconds_count{outcome="${outcome}"} `;
    const at = text.indexOf(name);
    return at < 0 ? 0 : Number.parseFloat(text.slice(at + name.length, text.indexOf('\n', at)));
  };
  return { rendered: count('rendered'), failed: count('failed') };
}

/**
 * Waits until every due statement and commission invoice is made, rendered and mailed, or until the only statements
 * missing are ones whose print has failed in two passes (the worker logs it and tries again on every pass); times
 * each statement as it appears (polling every 50 ms).
 */
async function timeSweep(client, started, due, big, metricsUrl) {
  const seen = new Map();
  const deadline = started + 30 * MINUTE;
  let renders;
  for (;;) {
    const { rows } = await client.query(
      `SELECT id, seller_id, week_start::text AS week, created_at, mailed_at IS NOT NULL AS mailed FROM seller_statements`,
    );
    const at = performance.timeOrigin + performance.now();
    for (const row of rows) if (!seen.has(row.id)) seen.set(row.id, { ...row, seenAt: at });
    const {
      rows: [invoices],
    } = await client.query(
      `SELECT count(*) FILTER (WHERE pdf_file_key IS NOT NULL AND mailed_at IS NOT NULL)::int AS done FROM commission_invoices`,
    );
    renders = await pdfRenders(metricsUrl);
    const settled = rows.length >= due.statements || renders.failed >= 2;
    if (settled && rows.every((row) => row.mailed) && invoices.done >= due.invoices) break;
    if (Date.now() > deadline)
      throw new Error(`the statements sweep did not finish in 30 minutes (${rows.length} of ${due.statements})`);
    await sleep(50);
  }
  const made = [...seen.values()].sort((a, b) => a.id - b.id);
  const index = made.findIndex((row) => row.seller_id === big.sellerId && row.week === big.week);
  const perStatement = made.slice(1).map((row, i) => row.seenAt - made[i].seenAt);
  const bigRow = made[index];
  return {
    made: made.length,
    renders,
    statementsMs: made.at(-1).seenAt - started,
    wholeMs: performance.timeOrigin + performance.now() - started,
    perStatement: perStatement.sort((a, b) => a - b),
    big: bigRow && {
      wholeMs: bigRow.seenAt - (index > 0 ? made[index - 1].seenAt : started),
      renderMs: bigRow.seenAt - bigRow.created_at.getTime(),
    },
  };
}

/** A TCP port free on 127.0.0.1 now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(free));
    });
  });
}

/** `runs` reconciliations, one after another: their times, and the last answer. */
async function timeReconciliations(url, headers) {
  const times = [];
  let answer;
  for (let run = 0; run < reconciliations; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`reconciliation answered ${response.status}: ${body.slice(0, 500)}`);
    answer = JSON.parse(body);
  }
  return { times: times.sort((a, b) => a - b), answer };
}

async function main() {
  const emulator = await startAuthEmulator();
  const sandbox = await startRazorpaySandbox({ port: 0, balance: 10_000_000_000 });
  const razorpay = new Razorpay({ key_id: sandbox.keyId, key_secret: sandbox.keySecret });
  // The SDK fixes Razorpay's host in its constructor; its axios instance is where the sandbox's URL goes.
  /** @type {any} */ (razorpay.api).rq.defaults.baseURL = sandbox.url;
  const scratch = mkdtempSync(join(tmpdir(), 'bench-payouts-reports-'));
  try {
    await freshDatabase(databaseUrl);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const seedStarted = performance.now();
      const adminEmail = `bench-admin-${runId}@mandi.test`;
      const admin = await emulatorAccount(adminEmail);
      await client.query(
        `INSERT INTO users (firebase_uid, email, username, role, agreed_to_terms) VALUES ($1, $2, $3, 'admin', true)`,
        [admin.uid, adminEmail, `bench_admin_${runId}`],
      );
      const bigSeller = await emulatorAccount(`bench-seller-${runId}@mandi.test`);
      const {
        rows: [buyer],
      } = await client.query(
        `INSERT INTO users (firebase_uid, email, username, agreed_to_terms)
         VALUES ('bench-buyer', 'buyer@example.in', 'bench_buyer', true) RETURNING id`,
      );
      const sellers = await seedSellers(client, razorpay, bigSeller.uid);
      const { orders, settlements } = planOrders(sellers);
      await seedOrders(client, buyer.id, orders);
      seedSandbox(sandbox, orders, settlements);
      await client.query('VACUUM ANALYZE');
      const {
        rows: [due],
      } = await client.query(
        `SELECT (SELECT count(*)::int FROM (SELECT DISTINCT seller_id, date_trunc('week', created_at AT TIME ZONE 'Asia/Kolkata')
                                              FROM ledger_transactions WHERE seller_id IS NOT NULL AND created_at < $1) w) AS statements,
                (SELECT count(*)::int FROM (SELECT DISTINCT seller_id, date_trunc('month', created_at AT TIME ZONE 'Asia/Kolkata')
                                              FROM ledger_transactions WHERE kind = 'sale' AND created_at < $2) m) AS invoices,
                (SELECT count(*)::int FROM ledger_transactions) AS transactions,
                (SELECT count(*)::int FROM ledger_entries) AS entries`,
        [thisWeek.from, indiaDayStart(`${indiaDayOf(now).slice(0, 8)}01`)],
      );
      console.log(
        `bench:payouts-reports on ${cpus().length} cores: ${orders.length} orders of ${sellerCount} sellers over the weeks ` +
          `${weeks[0].start} to ${addIndiaDays(thisWeek.start, -1)} (${bigOrders} of one seller in the week of ${lastWeek.start}); ` +
          `${due.transactions} ledger transactions, ${due.entries} entries, ${orders.length} payouts and transfers at the sandbox; ` +
          `seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${due.statements} statements and ` +
          `${due.invoices} commission invoices due; ${duration} s per load, load generator on the same cores\n`,
      );

      const appEnv = {
        RAZORPAY_API_URL: sandbox.url,
        RAZORPAY_KEY_ID: sandbox.keyId,
        RAZORPAY_KEY_SECRET: sandbox.keySecret,
        RAZORPAY_WEBHOOK_SECRET: sandbox.webhookSecret,
        FILE_STORE_DIR: join(scratch, 'files'),
        MAIL_CAPTURE_DIR: join(scratch, 'mail'),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      };
      const redisPrefix = `mandi-bench-payouts-reports-${runId}`;
      // The sweep: the worker's pass at boot, then one every 5 s (a pass renders at most 50 commission invoices; the
      // hourly pass would leave the rest for an hour), until every statement and invoice is made and mailed.
      const {
        rows: [bigWeek],
      } = await client.query(
        `SELECT count(*)::int AS lines FROM ledger_transactions
          WHERE seller_id = $1 AND created_at >= $2 AND created_at < $3 AND kind IN ('sale', 'payout')`,
        [sellers[0].id, new Date(lastWeek.from), new Date(lastWeek.from + 7 * DAY)],
      );
      const metricsPort = await freePort();
      const sweepStarted = performance.timeOrigin + performance.now();
      const sweeping = await startApps({
        port,
        databaseUrl,
        redisPrefix,
        env: { ...appEnv, STATEMENT_SWEEP_MS: '5000', WORKER_METRICS_PORT: String(metricsPort) },
      });
      try {
        const stopMemory = sampleMemory({ worker: sweeping.worker.pid });
        const stopChromium = sampleChromium(sweeping.worker.pid);
        const sweep = await timeSweep(
          client,
          sweepStarted,
          due,
          { sellerId: sellers[0].id, week: lastWeek.start },
          `http://127.0.0.1:${metricsPort}/metrics`,
        );
        console.log(
          `statements sweep: ${sweep.made} of ${due.statements} weekly statements (PDF + CSV) made and mailed ` +
            `${(sweep.statementsMs / 1000).toFixed(1)} s after the worker's start (each: p50 ` +
            `${percentile(sweep.perStatement, 50).toFixed(0)} ms, p99 ${percentile(sweep.perStatement, 99).toFixed(0)} ms); ` +
            `with ${due.invoices} commission invoices rendered and mailed, ${(sweep.wholeMs / 1000).toFixed(1)} s; ` +
            `Chromium printed ${sweep.renders.rendered} PDFs, ${sweep.renders.failed} failed`,
        );
        console.log(
          sweep.big
            ? `the big seller's statement of ${lastWeek.start} (${bigWeek.lines} lines): ` +
                `${(sweep.big.wholeMs / 1000).toFixed(1)} s from the statement before it, of which ` +
                `${(sweep.big.renderMs / 1000).toFixed(1)} s after its ledger reads (the PDF, the CSV, the store)`
            : `the big seller's statement of ${lastWeek.start} (${bigWeek.lines} lines): NOT MADE, its print failed in ` +
                `every pass (${sweep.renders.failed} failed prints; the worker tries again on every pass)`,
        );
        reportMemory(stopMemory());
        const chromium = stopChromium();
        console.log(
          `chromium (the worker's, all its processes): peak during the sweep ${(chromium.pss / 1024).toFixed(0)} MB ` +
            `proportional (Pss), ${(chromium.rss / 1024).toFixed(0)} MB RSS summed (shared pages counted per process), ` +
            `largest process ${(chromium.largest / 1024).toFixed(0)} MB RSS\n`,
        );
        if (!sweep.big) process.exitCode = 1;
      } finally {
        await sweeping.stop();
      }

      // The routes, with the statements sweep off: a statement whose print keeps failing would be tried again by the
      // pass at boot, Chromium busy beside the loads.
      const apps = await startApps({ port, databaseUrl, redisPrefix, env: { ...appEnv, STATEMENT_SWEEP_MS: '0' } });
      try {
        await sleep(3_000);
        const stopMemory = sampleMemory({ api: apps.api.pid, worker: apps.worker.pid });
        const sellerHeaders = { authorization: `Bearer ${bigSeller.token}` };
        const adminHeaders = { authorization: `Bearer ${admin.token}` };
        const dashboard = `${url(apps)}/api/seller-dashboard/${bigSeller.uid}`;
        const probe = await fetch(`${dashboard}/payouts`, { headers: sellerHeaders });
        if (probe.status !== 200) throw new Error(`GET payouts answered ${probe.status}: ${await probe.text()}`);
        const statementsProbe = await fetch(`${dashboard}/statements`, { headers: sellerHeaders });
        if (statementsProbe.status !== 200)
          throw new Error(`GET statements answered ${statementsProbe.status}: ${await statementsProbe.text()}`);
        const lastPage = Math.ceil((bigOrders + (orderCount - bigOrders) / sellerCount) / 20);
        const {
          rows: [newest],
        } = await client.query(
          `SELECT week_start::text AS week FROM seller_statements WHERE seller_id = $1 ORDER BY week_start DESC LIMIT 1`,
          [sellers[0].id],
        );
        const week = newest?.week ?? lastWeek.start;
        const results = [
          await load('seller payouts p1, 1 seller', {
            url: `${dashboard}/payouts`,
            headers: sellerHeaders,
            connections: 1,
          }),
          await load(`seller payouts p1, ${connections} at once`, {
            url: `${dashboard}/payouts`,
            headers: sellerHeaders,
            connections,
          }),
          await load(`seller payouts p${lastPage}, 1 seller`, {
            url: `${dashboard}/payouts?page=${lastPage}`,
            headers: sellerHeaders,
            connections: 1,
          }),
          await load('seller statements, 1 seller', {
            url: `${dashboard}/statements`,
            headers: sellerHeaders,
            connections: 1,
          }),
          await load(`seller statements, ${connections} at once`, {
            url: `${dashboard}/statements`,
            headers: sellerHeaders,
            connections,
          }),
          await load(`statement ${week} PDF, 1 seller`, {
            url: `${dashboard}/statements/${week}/pdf`,
            headers: sellerHeaders,
            connections: 1,
          }),
          await load(`statement ${week} CSV, 1 seller`, {
            url: `${dashboard}/statements/${week}/csv`,
            headers: sellerHeaders,
            connections: 1,
          }),
          await load('admin payouts, 1 admin', {
            url: `${url(apps)}/api/admin/payouts`,
            headers: adminHeaders,
            connections: 1,
          }),
        ];
        const clean = results.map(report).every(Boolean);
        const from = weeks[0].start;
        const to = indiaDayOf(now);
        const { times, answer } = await timeReconciliations(
          `${url(apps)}/api/admin/payouts/reconciliation?from=${from}&to=${to}`,
          adminHeaders,
        );
        console.log(
          `${'reconciliation, 1 admin'.padEnd(34)} ${from} to ${to}: ${reconciliations} runs, p50 ${percentile(times, 50).toFixed(0)} ms, ` +
            `p99 ${percentile(times, 99).toFixed(0)} ms; ${answer.razorpay_transfers} Razorpay transfers, ${answer.payouts} payouts ` +
            `compared, ${answer.matched} matched, ${answer.mismatch_count} mismatches`,
        );
        console.log('');
        reportMemory(stopMemory());
        if (!clean || answer.mismatch_count !== 0 || answer.payouts !== orders.length) process.exitCode = 1;
      } finally {
        await apps.stop();
      }
    } finally {
      await client.end();
    }
  } finally {
    await sandbox.close();
    await emulator.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

const url = (apps) => apps.url;

main().catch((error) => {
  console.error(`bench:payouts-reports failed: ${error.stack ?? error.message}`);
  process.exit(1);
});

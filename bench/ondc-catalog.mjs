// `node bench/ondc-catalog.mjs`: the full catalogue's on_search (docs/ondc.md, "Answering calls: the worker and the
// catalogue") at PRODUCTS (default 20,000) products of SELLERS (default 200) approved sellers and Mandi's official
// seller, in its own database (BENCH_ONDC_DATABASE_URL, default mandi_bench_ondc, dropped and migrated on every run).
// Runs the worker's own code (apps/worker/dist: `npm run build:server` first) the way the ondc.respond job does, ROUNDS
// (default 5) times: read the providers and products (OndcCatalogReader), build the catalogue (libs/domain), record the
// on_search row with its ondc.callback_ready (recordCallback), then what ondc.send_callback does before posting: read
// the row back, its JSON text and the Authorization header over it. Prints each step's median, the body's size (and
// gzipped, as a buyer app may take it), the process's CPU time per build and its peak resident memory.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { loadConfig } from '@mandi/config';
import { PrismaService } from '@mandi/database';
import { ondcFullCatalog } from '@mandi/domain';
import { authorizationHeader } from '@mandi/ondc';
import { LocalFileStore } from '@mandi/storage';
import { recordCallback } from '../apps/worker/dist/ondc/callbacks/callback-record.repository.js';
import { OndcCallsRepository } from '../apps/worker/dist/ondc/callbacks/ondc-calls.repository.js';
import { OndcCatalogRepository } from '../apps/worker/dist/ondc/catalog/catalog.repository.js';
import { OndcCatalogReader } from '../apps/worker/dist/ondc/catalog/catalog.reader.js';
import { freshDatabase } from './lib/apps.mjs';

const databaseUrl = process.env.BENCH_ONDC_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench_ondc';
const productCount = Number(process.env.PRODUCTS ?? 20_000);
const sellerCount = Number(process.env.SELLERS ?? 200);
const rounds = Number(process.env.ROUNDS ?? 5);
const officialUid = 'bench-official';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const since = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Approved sellers across India with profiles at real pincodes, the official seller, and the products. */
async function seed(client) {
  await client.query('SELECT setseed(0.33)');
  await client.query(
    `INSERT INTO users (firebase_uid, username, email, agreed_to_terms)
     SELECT 'bench-seller-' || n, 'farm_' || n, 'farm' || n || '@example.in', true FROM generate_series(1, $1::int) n`,
    [sellerCount],
  );
  await client.query(
    `INSERT INTO users (firebase_uid, username, email, role, agreed_to_terms)
     VALUES ($1, 'mandi_official', 'official@example.in', 'admin', true)`,
    [officialUid],
  );
  // Each seller at a pincode of the directory, picked across the country; half with an FSSAI number.
  await client.query(`
    WITH places AS (
      SELECT row_number() OVER (ORDER BY pincode) AS n, pincode, district, state, taluk
        FROM (SELECT DISTINCT ON (pincode) pincode, district, state, taluk FROM pincodes ORDER BY pincode, id) p
    ), total AS (SELECT count(*) AS c FROM places), sellers AS (
      SELECT u.id, row_number() OVER (ORDER BY u.id) AS n FROM users u WHERE u.firebase_uid LIKE 'bench-seller-%'
    )
    INSERT INTO seller_profiles (user_id, legal_name, business_kind, pan_sealed, pan_last4, fssai_number, pickup_name,
                                 pickup_mobile, pickup_flat_house_building, pickup_area_or_street_or_village,
                                 pickup_landmark, pickup_taluk, pickup_district, pickup_state, pickup_pincode,
                                 bank_account_holder, bank_account_sealed, bank_account_last4, ifsc, bank_name,
                                 status, reviewed_at)
    SELECT s.id, 'Kisan Producer Company ' || s.n, 'farmer_producer_organisation', '\\x01', '234F',
           CASE WHEN s.n % 2 = 0 THEN '1' || lpad(s.n::text, 13, '0') END, 'Manager ' || s.n,
           '98' || lpad(s.n::text, 8, '0'), 'Survey No. ' || s.n, 'Village ' || s.n, 'Near the market', p.taluk,
           p.district, p.state, p.pincode, 'Kisan Producer Company ' || s.n, '\\x02', '9012', 'SBIN0000001',
           'State Bank of India', 'approved', now()
      FROM sellers s, total t JOIN places p ON true
     WHERE p.n = 1 + ((s.n * 7919) % t.c)`);
  // Products: every category (seeds are left off the network), a few pre-packaged, a third counted, 1 % official.
  await client.query(
    `
    WITH sellers AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE firebase_uid LIKE 'bench-seller-%'),
         official AS (SELECT id FROM users WHERE firebase_uid = $2)
    INSERT INTO products (seller_id, name, description, price_paise, original_price_paise, valid_until, seller_phone,
                          weight_grams, official_brand, category, pre_packaged, stock)
    SELECT CASE WHEN n % 100 = 0 THEN o.id ELSE s.ids[1 + (n % array_length(s.ids, 1))] END,
           left((ARRAY['Desi Tamatar', 'Alphonso Mango', 'Sona Masoori Rice', 'Toor Dal', 'Chakki Atta', 'A2 Cow Ghee',
                       'Byadgi Chilli Powder', 'Cold Pressed Groundnut Oil', 'Wild Forest Honey', 'Organic Jaggery',
                       'Mango Pickle', 'Okra Seeds'])[1 + (n % 12)] || ' ' || n, 50),
           'Grown and packed by the farmers of the producer company, sorted by hand, delivered within three days.',
           (2000 + floor(random() * 98000))::int,
           CASE WHEN random() < 0.3 THEN 100000 END, now() + interval '30 days', '9876543210',
           (ARRAY[250, 500, 1000, 2000, 5000])[1 + floor(random() * 5)::int], n % 100 = 0,
           (ARRAY['fresh_produce', 'fresh_fruits', 'cereals', 'pulses', 'flour', 'ghee_butter', 'spices', 'edible_oils',
                  'honey', 'jaggery', 'pickles_preserves', 'seeds'])[1 + (n % 12)]::product_category,
           random() < 0.1, CASE WHEN random() < 0.33 THEN floor(random() * 100)::int END
      FROM generate_series(1, $1::int) n, sellers s, official o`,
    [productCount, officialUid],
  );
  await client.query(`
    INSERT INTO product_images (product_id, position, file_key, content_type, card_key, thumb_key)
    SELECT id, 0, 'products/' || id || '/3f9c0d2e7a1b4c5d.jpg', 'image/jpeg', 'products/' || id || '/3f9c0d2e7a1b4c5d-card.webp',
           'products/' || id || '/3f9c0d2e7a1b4c5d-thumb.webp'
      FROM products`);
  await client.query('ANALYZE');
}

/** A search as the API records it, to be answered. */
async function inboundSearch(client) {
  const { rows } = await client.query(
    `INSERT INTO ondc_calls (direction, action, transaction_id, message_id, bap_id, bap_uri, body, ack_status, due_by)
     VALUES ('inbound', 'search', $1, $2, 'buyer.example', 'https://buyer.example/ondc', $3::jsonb, 'ACK',
             now() + interval '30 seconds')
     RETURNING id, transaction_id, message_id`,
    [
      randomUUID(),
      randomUUID(),
      JSON.stringify({
        context: {
          domain: 'ONDC:RET10',
          country: 'IND',
          city: 'std:080',
          action: 'search',
          core_version: '1.2.0',
          bap_id: 'buyer.example',
          bap_uri: 'https://buyer.example/ondc',
          transaction_id: 't',
          message_id: 'm',
          timestamp: new Date().toISOString(),
          ttl: 'PT30S',
        },
        message: { intent: { fulfillment: { type: 'Delivery' } } },
      }),
    ],
  );
  return rows[0];
}

await freshDatabase(databaseUrl);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const seeding = process.hrtime.bigint();
await seed(client);
const {
  rows: [counts],
} = await client.query(
  `SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM seller_profiles)::int AS sellers`,
);
console.log(
  `${counts.products} products of ${counts.sellers} approved sellers and Mandi (seeded in ${(since(seeding) / 1000).toFixed(1)} s)`,
);

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  OFFICIAL_SELLER_UID: officialUid,
});
const prisma = new PrismaService(databaseUrl);
await prisma.onModuleInit();
const reader = new OndcCatalogReader(
  new OndcCatalogRepository(prisma),
  new LocalFileStore(config.FILE_STORE_DIR),
  config,
);
const calls = new OndcCallsRepository(prisma);
const identity = {
  subscriberId: config.ondc.subscriberId,
  uniqueKeyId: config.ondc.uniqueKeyId,
  privateKey: config.ondc.signingPrivateKey,
};

const steps = { read: [], build: [], record: [], readBack: [], sign: [], cpu: [] };
// What the process holds before the first catalogue: Node, Prisma's query compiler, the pool.
const baseline = process.memoryUsage().rss;
let heapPeak = 0;
let size = 0;
let gzipped = 0;
let providers = 0;
let items = 0;
for (let round = 0; round < rounds; round += 1) {
  const search = await inboundSearch(client);
  const cpu = process.cpuUsage();
  let start = process.hrtime.bigint();
  const { sellers, products } = await reader.onSale();
  steps.read.push(since(start));
  start = process.hrtime.bigint();
  const now = new Date();
  const catalog = ondcFullCatalog(sellers, products, reader.site(), now);
  steps.build.push(since(start));
  providers = catalog['bpp/providers'].length;
  items = catalog['bpp/providers'].reduce((sum, provider) => sum + provider.items.length, 0);
  start = process.hrtime.bigint();
  const body = {
    context: {
      action: 'on_search',
      transaction_id: search.transaction_id,
      message_id: search.message_id,
      timestamp: now.toISOString(),
    },
    message: { catalog },
  };
  const id = await prisma.$transaction((tx) =>
    recordCallback(tx, {
      action: 'on_search',
      transactionId: search.transaction_id,
      messageId: search.message_id,
      bapId: 'buyer.example',
      bapUri: 'https://buyer.example/ondc',
      body,
      replyToId: BigInt(search.id),
      unsolicitedKey: null,
      orderId: null,
      dueBy: null,
    }),
  );
  steps.record.push(since(start));
  start = process.hrtime.bigint();
  const callback = await calls.callback(id);
  steps.readBack.push(since(start));
  start = process.hrtime.bigint();
  const text = JSON.stringify(callback.body);
  authorizationHeader(text, identity);
  steps.sign.push(since(start));
  const used = process.cpuUsage(cpu);
  steps.cpu.push((used.user + used.system) / 1000);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  size = Buffer.byteLength(text);
  gzipped = gzipSync(text).length;
}
await prisma.onModuleDestroy();
await client.end();

const ms = (values) => `${median(values).toFixed(0)} ms`;
const total = steps.read.map((_, i) => steps.read[i] + steps.build[i] + steps.record[i]);
console.log(
  `on_search: ${providers} providers, ${items} items; body ${mb(size)} (${mb(gzipped)} gzipped), ${(size / items).toFixed(0)} bytes an item`,
);
console.log(
  `median of ${rounds}: read ${ms(steps.read)}, build ${ms(steps.build)}, record ${ms(steps.record)} ` +
    `(ondc.respond: ${ms(total)}); send's read back ${ms(steps.readBack)}, JSON text and signature ${ms(steps.sign)}`,
);
console.log(
  `CPU of this process per round (median): ${ms(steps.cpu)}; resident memory ${mb(baseline)} before the first round, ` +
    `peak ${mb(process.resourceUsage().maxRSS * 1024)}; heap in use at most ${mb(heapPeak)} (at a round's end)`,
);

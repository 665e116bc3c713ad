// `npm run bench:catalog-seed`: a catalog of 1,000,000 products (PRODUCTS overrides) in its own database,
// `mandi_bench` (BENCH_DATABASE_URL overrides), for `npm run bench:catalog`. The database is dropped, created and
// migrated with scripts/db/migrate.mjs, then filled in SQL (generate_series, no rows travel from Node):
// several thousand sellers with profiles, one official seller (the admin), and products named the way Indian
// sellers name produce: English and Hindi names in Latin letters, varieties, places, qualifiers and pack sizes
// ("Organic Nashik Tamatar 1kg", "Ratnagiri Alphonso Mango"), posted over the past year, about 15 % expired and
// 1 % official, each with one image; seven in ten unlimited (stock null), the rest counted, one in five of those
// sold out (about 6 % of the catalog). Takes a few minutes on two cores.
//
// The bulk insert runs with the products' search-word triggers off and the GIN indexes dropped; both are put back
// afterwards (search_words and search_names recounted by their rebuild functions), which is much faster than maintaining them row by
// row, and leaves the same database the triggers would have.
import pg from 'pg';
import { databaseName, migrate, quoteIdentifier, withServer } from '../scripts/db/migrate.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench';
const productCount = Number(process.env.PRODUCTS ?? 1_000_000);
const sellerCount = Number(process.env.SELLERS ?? 5_000);

// English name, Hindi name in Latin letters (null when sellers use the English one), category.
const produce = [
  ['Tomatoes', 'Tamatar', 'fresh_produce'],
  ['Potatoes', 'Aloo', 'fresh_produce'],
  ['Onions', 'Pyaz', 'fresh_produce'],
  ['Okra', 'Bhindi', 'fresh_produce'],
  ['Brinjal', 'Baingan', 'fresh_produce'],
  ['Spinach', 'Palak', 'fresh_produce'],
  ['Cauliflower', 'Gobhi', 'fresh_produce'],
  ['Cabbage', 'Patta Gobhi', 'fresh_produce'],
  ['Ginger', 'Adrak', 'fresh_produce'],
  ['Garlic', 'Lehsun', 'fresh_produce'],
  ['Carrots', 'Gajar', 'fresh_produce'],
  ['Radish', 'Mooli', 'fresh_produce'],
  ['Green Peas', 'Matar', 'fresh_produce'],
  ['Pumpkin', 'Kaddu', 'fresh_produce'],
  ['Bottle Gourd', 'Lauki', 'fresh_produce'],
  ['Bitter Gourd', 'Karela', 'fresh_produce'],
  ['Sweet Potato', 'Shakarkandi', 'fresh_produce'],
  ['Cucumber', 'Kheera', 'fresh_produce'],
  ['Capsicum', 'Shimla Mirch', 'fresh_produce'],
  ['Green Chilli', 'Hari Mirch', 'fresh_produce'],
  ['Coriander', 'Dhaniya', 'fresh_produce'],
  ['Mint', 'Pudina', 'fresh_produce'],
  ['Fenugreek', 'Methi', 'fresh_produce'],
  ['Beetroot', 'Chukandar', 'fresh_produce'],
  ['Mushrooms', 'Khumbi', 'fresh_produce'],
  ['Drumsticks', 'Sahjan', 'fresh_produce'],
  ['Sweet Corn', 'Makka', 'fresh_produce'],
  ['Ridge Gourd', 'Turai', 'fresh_produce'],
  ['Colocasia', 'Arbi', 'fresh_produce'],
  ['Jackfruit', 'Kathal', 'fresh_produce'],
  ['Mango', 'Aam', 'fresh_fruits'],
  ['Banana', 'Kela', 'fresh_fruits'],
  ['Orange', 'Santra', 'fresh_fruits'],
  ['Grapes', 'Angoor', 'fresh_fruits'],
  ['Pomegranate', 'Anar', 'fresh_fruits'],
  ['Apple', 'Seb', 'fresh_fruits'],
  ['Lemon', 'Nimbu', 'fresh_fruits'],
  ['Guava', 'Amrood', 'fresh_fruits'],
  ['Papaya', 'Papita', 'fresh_fruits'],
  ['Watermelon', 'Tarbooz', 'fresh_fruits'],
  ['Muskmelon', 'Kharbooja', 'fresh_fruits'],
  ['Coconut', 'Nariyal', 'fresh_fruits'],
  ['Custard Apple', 'Sitaphal', 'fresh_fruits'],
  ['Lychee', 'Litchi', 'fresh_fruits'],
  ['Sapota', 'Chikoo', 'fresh_fruits'],
  ['Pineapple', 'Ananas', 'fresh_fruits'],
  ['Pear', 'Nashpati', 'fresh_fruits'],
  ['Figs', 'Anjeer', 'fresh_fruits'],
  ['Dates', 'Khajoor', 'fresh_fruits'],
  ['Amla', null, 'fresh_fruits'],
  ['Jamun', null, 'fresh_fruits'],
  ['Rice', 'Chawal', 'cereals'],
  ['Basmati Rice', 'Basmati Chawal', 'cereals'],
  ['Brown Rice', null, 'cereals'],
  ['Wheat', 'Gehun', 'cereals'],
  ['Pearl Millet', 'Bajra', 'cereals'],
  ['Finger Millet', 'Ragi', 'cereals'],
  ['Sorghum', 'Jowar', 'cereals'],
  ['Wheat Flour', 'Atta', 'flour'],
  ['Besan', null, 'flour'],
  ['Multigrain Atta', null, 'flour'],
  ['Toor Dal', 'Arhar Dal', 'pulses'],
  ['Moong Dal', null, 'pulses'],
  ['Chana Dal', null, 'pulses'],
  ['Masoor Dal', null, 'pulses'],
  ['Urad Dal', null, 'pulses'],
  ['Chickpeas', 'Kabuli Chana', 'pulses'],
  ['Rajma', null, 'pulses'],
  ['Ghee', 'Desi Ghee', 'ghee_butter'],
  ['White Butter', 'Makhan', 'ghee_butter'],
  ['Turmeric Powder', 'Haldi', 'spices'],
  ['Red Chilli Powder', 'Lal Mirch', 'spices'],
  ['Cumin Seeds', 'Jeera', 'spices'],
  ['Coriander Powder', 'Dhaniya Powder', 'spices'],
  ['Black Pepper', 'Kali Mirch', 'spices'],
  ['Cardamom', 'Elaichi', 'spices'],
  ['Cloves', 'Laung', 'spices'],
  ['Cinnamon', 'Dalchini', 'spices'],
  ['Fennel Seeds', 'Saunf', 'spices'],
  ['Garam Masala', null, 'spices'],
  ['Mustard Oil', 'Sarson Tel', 'edible_oils'],
  ['Groundnut Oil', 'Moongfali Tel', 'edible_oils'],
  ['Coconut Oil', 'Nariyal Tel', 'edible_oils'],
  ['Sesame Oil', 'Til Tel', 'edible_oils'],
  ['Honey', 'Shahad', 'honey'],
  ['Jaggery', 'Gud', 'jaggery'],
  ['Jaggery Powder', 'Gud Powder', 'jaggery'],
  ['Mango Pickle', 'Aam Achar', 'pickles_preserves'],
  ['Lemon Pickle', 'Nimbu Achar', 'pickles_preserves'],
  ['Mustard Seeds', 'Sarson', 'seeds'],
  ['Flax Seeds', 'Alsi', 'seeds'],
  ['Almonds', 'Badam', 'seeds'],
  ['Cashews', 'Kaju', 'seeds'],
  ['Walnuts', 'Akhrot', 'seeds'],
  ['Raisins', 'Kishmish', 'seeds'],
];
const qualifiers = [
  'Organic',
  'Desi',
  'Fresh',
  'Farm Fresh',
  'Premium',
  'Hybrid',
  'Pahadi',
  'Handpicked',
  'Natural',
  'Chemical Free',
  'Pure',
  'Village',
  'Homegrown',
  'Seasonal',
  'Export Quality',
  'Naturally Grown',
  'Sun Dried',
  'Stone Ground',
  'Cold Pressed',
  'A2',
  'Heirloom',
  'Wild',
  'Tribal',
  'Kisan',
  'Green',
  'Alphonso',
  'Kesar',
  'Langra',
  'Dasheri',
  'Totapuri',
  'Nagpur',
  'Robusta',
  'Elaichi',
  'Sona Masoori',
  'Lakadong',
  'Byadgi',
  'Bhut Jolokia',
  'Kashmiri',
];
const places = [
  'Nashik',
  'Ratnagiri',
  'Shimla',
  'Ooty',
  'Nagpur',
  'Guntur',
  'Erode',
  'Coorg',
  'Darjeeling',
  'Himachal',
  'Punjab',
  'Kerala',
  'Malabar',
  'Lasalgaon',
  'Indore',
  'Bihar',
  'Devgad',
  'Salem',
  'Mysore',
  'Kolar',
  'Belgaum',
  'Agra',
  'Farrukhabad',
  'Jalgaon',
  'Solapur',
  'Sangli',
  'Bhusawal',
  'Lucknow',
  'Malihabad',
  'Kutch',
  'Bikaner',
  'Assam',
  'Kangra',
  'Kinnaur',
  'Uttarakhand',
  'Konkan',
  'Mahabaleshwar',
  'Anantapur',
  'Chittoor',
  'Meghalaya',
  'Sikkim',
  'Wayanad',
  'Idukki',
  'Theni',
  'Dharwad',
  'Hassan',
  'Junagadh',
  'Rajkot',
  'Bundelkhand',
  'Jhansi',
];
const packs = ['1kg', '500g', '250g', '2kg', '5kg', '10kg', '1 Dozen', 'Pack of 6', '1L', '500ml', '3kg Box', '100g'];
const farms = [
  'Patil',
  'Sharma',
  'Reddy',
  'Gowda',
  'Naidu',
  'Singh',
  'Yadav',
  'Deshmukh',
  'Pawar',
  'Kulkarni',
  'Nair',
  'Menon',
  'Iyer',
  'Choudhary',
  'Jadhav',
  'Shinde',
  'Thakur',
  'Rawat',
  'Negi',
  'Bhatt',
  'Joshi',
  'Mishra',
  'Tiwari',
  'Verma',
];

const sqlText = (value) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);
const sqlArray = (values) => `ARRAY[${values.map(sqlText).join(', ')}]::text[]`;

async function main() {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const name = databaseName(databaseUrl);
  await withServer(databaseUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`),
  );
  await migrate(databaseUrl);
  console.log(`${name}: created and migrated (${elapsed()})`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET client_min_messages = warning`);
    // Reproducible names and dates from one run to the next.
    await client.query('SELECT setseed(0.42)');

    await client.query(
      `
      INSERT INTO users (firebase_uid, username, email, role, agreed_to_terms, agreed_at, terms_version, created_at)
      SELECT 'bench-' || i, 'seller_' || i, 'seller' || i || '@bench.mandi.test', 'user', true, now(), 'v1.0',
             now() - interval '400 days'
        FROM generate_series(1, $1::int) AS i`,
      [sellerCount],
    );
    await client.query(`
      INSERT INTO users (firebase_uid, username, email, role, agreed_to_terms, agreed_at, terms_version, created_at)
      VALUES ('bench-admin', 'mandi_official', 'admin@bench.mandi.test', 'admin', true, now(), 'v1.0', now() - interval '400 days')`);
    await client.query(`
      INSERT INTO profiles (user_id, full_name, city, profile_image)
      SELECT u.id, initcap(u.username::text), (${sqlArray(places)})[1 + floor(random() * ${places.length})::int],
             CASE WHEN random() < 0.6 THEN 'avatars/' || u.id || '.webp' END
        FROM users u`);
    console.log(`${sellerCount + 1} sellers (${elapsed()})`);

    // Bulk load: no per-statement word counting and no GIN maintenance while the rows go in.
    const { rows: ginIndexes } = await client.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'products' AND indexdef LIKE '%USING gin%'`,
    );
    for (const index of ginIndexes) await client.query(`DROP INDEX ${quoteIdentifier(index.indexname)}`);
    await client.query('ALTER TABLE products DISABLE TRIGGER USER');

    const {
      rows: [{ admin }],
    } = await client.query(`SELECT id AS admin FROM users WHERE role = 'admin'`);
    const {
      rows: [{ first, last }],
    } = await client.query(`SELECT min(id) AS first, max(id) AS last FROM users WHERE role = 'user'`);
    // One row per product: a produce (English or Hindi name), then a form of name built around it.
    await client.query(
      `
      INSERT INTO products (seller_id, name, description, price_paise, valid_until, seller_phone, weight_grams,
                            official_brand, category, stock, created_at, updated_at)
      SELECT CASE WHEN official THEN ${admin} ELSE ${first} + floor(random() * (${last} - ${first} + 1))::int END,
             left(name, 50),
             left(name || ' from ' || place || ', harvested and packed by the farmer. ' ||
                  'Sorted by hand, no chemical ripening, delivered within three days.', 500),
             (2000 + floor(random() * 98000))::int,
             CASE WHEN random() < 0.15 THEN least(now() - interval '1 minute', created + interval '1 day' * random() * 20)
                  ELSE now() + interval '1 day' * (1 + random() * 60) END,
             (6 + floor(random() * 4))::text || lpad(floor(random() * 1000000000)::text, 9, '0'),
             (ARRAY[250, 500, 1000, 2000, 5000])[1 + floor(random() * 5)::int],
             official, category::product_category,
             CASE WHEN random() < 0.7 THEN NULL WHEN random() < 0.2 THEN 0 ELSE 1 + floor(random() * 200)::int END,
             created, created
        FROM (
          SELECT i, official, created, place, named.category,
                 CASE form
                   WHEN 0 THEN qualifier || ' ' || item
                   WHEN 1 THEN place || ' ' || item
                   WHEN 2 THEN qualifier || ' ' || place || ' ' || item
                   WHEN 3 THEN item || ' ' || pack
                   WHEN 4 THEN qualifier || ' ' || item || ' ' || pack
                   WHEN 5 THEN farm || ' Farms ' || item
                   ELSE item
                 END AS name
            FROM (
              SELECT i, random() < 0.01 AS official,
                     -- Posted over the past year, in order, as a live catalog grows.
                     now() - interval '30 seconds' * ($1::int - i) AS created,
                     floor(random() * 7)::int AS form,
                     (${sqlArray(qualifiers)})[1 + floor(random() * ${qualifiers.length})::int] AS qualifier,
                     (${sqlArray(places)})[1 + floor(random() * ${places.length})::int] AS place,
                     (${sqlArray(packs)})[1 + floor(random() * ${packs.length})::int] AS pack,
                     (${sqlArray(farms)})[1 + floor(random() * ${farms.length})::int] AS farm,
                     1 + floor(random() * ${produce.length})::int AS p, random() < 0.5 AS hindi,
                     -- Sellers mistype too: one name in twenty misses a letter ("Tamatr", "Bhndi").
                     random() < 0.05 AS typo, random() AS typo_at
                FROM generate_series(1, $1::int) AS i
            ) r
            CROSS JOIN LATERAL (
              SELECT COALESCE(CASE WHEN r.hindi THEN (${sqlArray(produce.map((x) => x[1]))})[r.p] END,
                              (${sqlArray(produce.map((x) => x[0]))})[r.p]) AS correct,
                     (${sqlArray(produce.map((x) => x[2]))})[r.p] AS category
            ) named
            CROSS JOIN LATERAL (
              SELECT CASE WHEN r.typo
                          THEN overlay(named.correct PLACING '' FROM 2 + floor(r.typo_at * (length(named.correct) - 2))::int FOR 1)
                          ELSE named.correct END AS item
            ) typed
        ) n
       ORDER BY i`,
      [productCount],
    );
    console.log(`${productCount} products (${elapsed()})`);

    await client.query(`
      INSERT INTO product_images (product_id, position, file_key, content_type)
      SELECT id, 0, 'products/' || id || '/0.jpg', 'image/jpeg' FROM products`);
    console.log(`${productCount} images (${elapsed()})`);

    await client.query('ALTER TABLE products ENABLE TRIGGER USER');
    await client.query('SELECT search_words_rebuild()');
    await client.query('SELECT search_names_rebuild()');
    for (const index of ginIndexes) await client.query(index.indexdef);
    console.log(`search words and GIN indexes (${elapsed()})`);

    await client.query('VACUUM (ANALYZE) products');
    await client.query('VACUUM (ANALYZE) product_images');
    await client.query('ANALYZE');
    const {
      rows: [stats],
    } = await client.query(`
      SELECT (SELECT count(*) FROM products) AS products,
             (SELECT count(*) FROM products WHERE valid_until < now()) AS expired,
             (SELECT count(*) FROM products WHERE official_brand) AS official,
             (SELECT count(*) FROM products WHERE stock = 0) AS sold_out,
             (SELECT count(DISTINCT name) FROM products) AS names,
             (SELECT count(*) FROM search_words) AS words,
             pg_size_pretty(pg_total_relation_size('products')) AS size`);
    console.log(
      `${name}: ${stats.products} products (${stats.expired} expired, ${stats.official} official, ` +
        `${stats.sold_out} sold out), ` +
        `${stats.names} distinct names, ${stats.words} search words, products ${stats.size} with indexes (${elapsed()})`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(`bench:catalog-seed failed: ${error.message}`);
  process.exit(1);
});

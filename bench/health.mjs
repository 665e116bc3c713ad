// `npm run bench:health`: requests per second and latency of GET /api/health and of one authenticated route
// (POST /api/user/getUserId with a real emulator ID token) under 50 connections for 10 s each, against a running
// `npm start` (BASE_URL, default http://localhost:3000), and the peak memory of the API and worker meanwhile.
// The load generator runs on the same machine as the apps, so the figures are a floor, not a ceiling.
import { cpus } from 'node:os';
import {
  baseUrl,
  connections,
  duration,
  findApps,
  load,
  report,
  reportMemory,
  requireRunningApp,
  sampleMemory,
  signIn,
} from './lib/measure.mjs';

async function main() {
  await requireRunningApp();
  const { idToken, uid } = await signIn();
  const check = await fetch(`${baseUrl}/api/user/getUserId`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uid }),
  });
  if (check.status !== 200) throw new Error(`POST /api/user/getUserId answers ${check.status}: ${await check.text()}`);

  const { api, worker } = findApps();
  const stopSampling = sampleMemory({ api: api?.pid, worker: worker?.pid });
  console.log(
    `${baseUrl}: ${connections} connections, ${duration} s per route, load generator on the same ${cpus().length} cores\n`,
  );
  const results = [
    await load('GET /api/health', { url: `${baseUrl}/api/health` }),
    await load('POST /api/user/getUserId (auth)', {
      url: `${baseUrl}/api/user/getUserId`,
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ uid }),
    }),
  ];
  const peaks = stopSampling();
  const clean = results.map(report).every(Boolean);
  console.log('');
  reportMemory(peaks);
  if (!clean) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench:health failed: ${error.message}`);
  process.exit(1);
});

// `npm run bench:accounts`, against a running `npm start` (BASE_URL, default http://localhost:3000):
//  1. sign-in to first authenticated call: the emulator's password sign-in, then POST /api/user/getUserId with the
//     brand-new ID token (the API verifies it: a cold token), then the same call again (the API's 60 s cache of
//     verified tokens: a warm token);
//  2. what verifying a Firebase ID token's RS256 signature costs with the public key already parsed and cached
//     versus parsing the key on every call (the emulator's tokens are unsigned, and Google's key endpoint is out of
//     reach here, so this part measures the signature check itself with a local key pair);
//  3. GET /api/auth/check-username under 50 concurrent connections for 10 s, with a different name per request;
// and the peak memory of the API and worker meanwhile.
import { createPrivateKey, createPublicKey, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
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

const demoAccounts = ['buyer@mandi.test', 'seller@mandi.test', 'admin@mandi.test'].map((email) => ({
  email,
  password: 'mandi-demo',
}));
const signInSamples = Number(process.env.SIGN_IN_SAMPLES ?? 60);

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(label, values) {
  const ms = (v) => `${v.toFixed(1).padStart(6)} ms`;
  console.log(
    `${label.padEnd(44)} p50 ${ms(percentile(values, 50))}   p99 ${ms(percentile(values, 99))}   n=${values.length}`,
  );
}

async function getUserId(idToken, uid) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/user/getUserId`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uid }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`POST /api/user/getUserId answered ${response.status}`);
  return performance.now() - started;
}

/**
 * The emulator mints the same token for the same account within one second (no random claim), and a token the API
 * has seen is a warm one; so each account signs in at most once a second and repeated tokens are skipped.
 */
async function signInToFirstCall() {
  const seen = new Set();
  const lastSignIn = new Map();
  const signInMs = [];
  const coldMs = [];
  const warmMs = [];
  for (let i = 0; coldMs.length < signInSamples; i += 1) {
    const account = demoAccounts[i % demoAccounts.length];
    const wait = 1_050 - (Date.now() - (lastSignIn.get(account.email) ?? 0));
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastSignIn.set(account.email, Date.now());
    const started = performance.now();
    const { idToken, uid } = await signIn(account);
    const signedIn = performance.now() - started;
    if (seen.has(idToken)) continue;
    seen.add(idToken);
    signInMs.push(signedIn);
    coldMs.push(await getUserId(idToken, uid));
    warmMs.push(await getUserId(idToken, uid));
  }
  summary('emulator password sign-in', signInMs);
  summary('first authenticated call, new token (cold)', coldMs);
  summary('next call, same token (warm cache)', warmMs);
  summary(
    'sign-in to first authenticated answer',
    signInMs.map((ms, index) => ms + coldMs[index]),
  );
}

function base64url(value) {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** RS256 as Firebase signs ID tokens: verify with a parsed key (cached) and with the PEM parsed each time. */
function signatureCost() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' });
  const now = Math.floor(Date.now() / 1000);
  const signingInput = `${base64url({ alg: 'RS256', kid: 'bench', typ: 'JWT' })}.${base64url({
    iss: 'https://securetoken.google.com/demo-mandi',
    aud: 'demo-mandi',
    sub: 'bench-user',
    iat: now,
    exp: now + 3600,
  })}`;
  const signature = createSign('RSA-SHA256')
    .update(signingInput)
    .sign(createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })));
  const rounds = 2_000;
  const time = (verifyOnce) => {
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) if (!verifyOnce()) throw new Error('signature did not verify');
    return ((performance.now() - started) / rounds) * 1000;
  };
  const cachedKey = createPublicKey(publicPem);
  const warm = time(() => createVerify('RSA-SHA256').update(signingInput).verify(cachedKey, signature));
  const cold = time(() =>
    createVerify('RSA-SHA256').update(signingInput).verify(createPublicKey(publicPem), signature),
  );
  console.log(`${'RS256 verify, public key cached'.padEnd(44)} ${warm.toFixed(0).padStart(6)} µs per token`);
  console.log(`${'RS256 verify, public key parsed each time'.padEnd(44)} ${cold.toFixed(0).padStart(6)} µs per token`);
  console.log("  (a cold firebase-admin cache also fetches Google's keys over the network once per key rotation)");
}

async function checkUsernameLoad() {
  let counter = 0;
  return load('GET /api/auth/check-username', {
    url: `${baseUrl}/api/auth/check-username?username=bench_0`,
    requests: [
      {
        setupRequest: (request) => {
          counter += 1;
          return { ...request, path: `/api/auth/check-username?username=bench_${counter % 100_000}` };
        },
      },
    ],
  });
}

async function main() {
  await requireRunningApp();
  const { api, worker } = findApps();
  const stopSampling = sampleMemory({ api: api?.pid, worker: worker?.pid });
  console.log(`${baseUrl}: load generator on the same ${cpus().length} cores as the apps\n`);
  await signInToFirstCall();
  console.log('');
  signatureCost();
  console.log(`\n${connections} connections for ${duration} s:`);
  const clean = report(await checkUsernameLoad());
  console.log('');
  reportMemory(stopSampling());
  if (!clean) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench:accounts failed: ${error.message}`);
  process.exit(1);
});

// `node scripts/ondc/keys.mjs`: Mandi's ONDC keys (docs/ondc.md, "Registry, keys and the test buyer app"). Makes a new
// ed25519 signing key pair and X25519 encryption key pair with a new unique key id, and prints the four ONDC_ settings
// Mandi runs with and the key_pair the registry is given (scripts/ondc/subscribe.mjs sends it).
//   --subscriber-id <id>   Mandi's subscriber id (default ONDC_SUBSCRIBER_ID, else the development one)
//   --valid-days <n>       how long the new key is valid (default 365)
//   --rotate               a new key beside the current one (ONDC_UNIQUE_KEY_ID, or --previous-key-id), which stays
//                          valid until --keep-until (default 7 days from now), so calls signed with either verify
//                          while the registry and the buyer apps' caches learn the new one. Against the local registry
//                          (--registry, default ONDC_REGISTRY_URL, else the local one) the rotation is made there at once
//   --json                 the same as one JSON object, for scripts
// The private keys are printed: run it where its output stays private (a secret store, not a shared log).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEV_ONDC_REGISTRY_URL, DEV_ONDC_SUBSCRIBER_ID } from '../../libs/config/src/development-values.js';
import { newEncryptionKeyPair, newSigningKeyPair } from './ondc-keys.mjs';

const DAY_MS = 86_400_000;
/** How long the previous key stays valid after a rotation unless told: a week covers caches and slow registries. */
export const DEFAULT_KEEP_DAYS = 7;

/**
 * A new unique key id: the subscriber's tag, the day and a random part, unique per key pair.
 * @param {Date} now
 */
export function newUniqueKeyId(now = new Date()) {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `mandi-${day}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * New keys for `subscriberId`: the settings Mandi runs with and the key_pair of the registry's subscribe.
 * @param {{ subscriberId: string, validDays?: number, now?: Date }} options
 */
export function newKeys({ subscriberId, validDays = 365, now = new Date() }) {
  const signing = newSigningKeyPair();
  const encryption = newEncryptionKeyPair();
  const uniqueKeyId = newUniqueKeyId(now);
  return {
    settings: {
      ONDC_SUBSCRIBER_ID: subscriberId,
      ONDC_UNIQUE_KEY_ID: uniqueKeyId,
      ONDC_SIGNING_PRIVATE_KEY: signing.privateKey,
      ONDC_ENCRYPTION_PRIVATE_KEY: encryption.privateKey,
    },
    unique_key_id: uniqueKeyId,
    key_pair: {
      signing_public_key: signing.publicKey,
      encryption_public_key: encryption.publicKey,
      valid_from: now.toISOString(),
      valid_until: new Date(now.getTime() + validDays * DAY_MS).toISOString(),
    },
  };
}

/**
 * What a rotation keeps of the current key: its id and until when it stays valid.
 * @param {{ previousKeyId: string | undefined, keepUntil?: string, now?: Date }} options
 */
export function previousKey({ previousKeyId, keepUntil, now = new Date() }) {
  if (!previousKeyId) {
    throw new Error('--rotate needs the current key id: set ONDC_UNIQUE_KEY_ID or give --previous-key-id.');
  }
  const until = keepUntil === undefined ? new Date(now.getTime() + DEFAULT_KEEP_DAYS * DAY_MS) : new Date(keepUntil);
  if (Number.isNaN(until.getTime()))
    throw new Error(`--keep-until ${keepUntil} is not a date (e.g. 2026-12-31T00:00:00Z).`);
  if (until <= now)
    throw new Error(`--keep-until ${keepUntil} has passed: the current key would stop verifying at once.`);
  return { unique_key_id: previousKeyId, valid_until: until.toISOString() };
}

/**
 * Makes the rotation in the local registry (tools/ondc-registry's control API); false when `registryUrl` is not one.
 * @param {string} registryUrl
 * @param {{ subscriberId: string, keys: ReturnType<typeof newKeys>, previous: ReturnType<typeof previousKey> }} rotation
 */
export async function rotateInLocalRegistry(registryUrl, { subscriberId, keys, previous }) {
  const health = await fetch(`${registryUrl}/registry/health`, { signal: AbortSignal.timeout(3000) })
    .then((response) => response.json())
    .catch(() => null);
  if (/** @type {any} */ (health)?.service !== 'ondc-registry') return false;
  const response = await fetch(`${registryUrl}/registry/subscribers/rotate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      subscriber_id: subscriberId,
      ukId: keys.unique_key_id,
      signing_public_key: keys.key_pair.signing_public_key,
      encr_public_key: keys.key_pair.encryption_public_key,
      valid_from: keys.key_pair.valid_from,
      valid_until: keys.key_pair.valid_until,
      previous_valid_until: previous.valid_until,
    }),
  });
  if (!response.ok) throw new Error(`the registry at ${registryUrl} refused the rotation: ${await response.text()}`);
  return true;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'subscriber-id': { type: 'string' },
      'valid-days': { type: 'string' },
      rotate: { type: 'boolean', default: false },
      'previous-key-id': { type: 'string' },
      'keep-until': { type: 'string' },
      registry: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const env = process.env;
  const subscriberId = values['subscriber-id'] ?? env.ONDC_SUBSCRIBER_ID ?? DEV_ONDC_SUBSCRIBER_ID;
  const validDays = values['valid-days'] === undefined ? 365 : Number(values['valid-days']);
  if (!Number.isInteger(validDays) || validDays < 1)
    throw new Error('--valid-days is a whole number of days, 1 or more.');
  const now = new Date();
  const keys = newKeys({ subscriberId, validDays, now });
  const previous = values.rotate
    ? previousKey({
        previousKeyId: values['previous-key-id'] ?? env.ONDC_UNIQUE_KEY_ID,
        keepUntil: values['keep-until'],
        now,
      })
    : null;
  const registryUrl = (values.registry ?? env.ONDC_REGISTRY_URL ?? DEV_ONDC_REGISTRY_URL).replace(/\/+$/, '');
  const rotatedLocally = previous ? await rotateInLocalRegistry(registryUrl, { subscriberId, keys, previous }) : false;

  if (values.json) {
    console.log(
      JSON.stringify({ ...keys, previous_key: previous, rotated_in: rotatedLocally ? registryUrl : null }, null, 2),
    );
    return;
  }
  console.log('# Mandi’s ONDC settings (secrets: keep them in the deployment’s secret store)');
  for (const [name, value] of Object.entries(keys.settings)) console.log(`${name}=${value}`);
  console.log('\n# The registry’s key_pair for this key (unique_key_id ' + keys.unique_key_id + ')');
  console.log(JSON.stringify({ unique_key_id: keys.unique_key_id, key_pair: keys.key_pair }, null, 2));
  if (previous) {
    console.log(`\n# Rotation: key ${previous.unique_key_id} stays valid until ${previous.valid_until}`);
    console.log(
      rotatedLocally
        ? `# done in the local registry at ${registryUrl}: it answers both keys until then.`
        : '# Subscribe the new key (node scripts/ondc/subscribe.mjs with the settings above), keep running on the ' +
            'current settings until the registry answers the new key, then deploy the new settings.',
    );
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}

// `node scripts/ondc/subscribe.mjs`: subscribes Mandi to an ONDC registry as a seller node (docs/ondc.md, "Registry,
// keys and the test buyer app"), with ONDC's v2.0 subscribe (developer-docs registry/Onboarding of Participants.md):
// ops_no 2, a seller app, for ONDC:RET10, its subscriber URL PUBLIC_URL/ondc and its on_subscribe at
// PUBLIC_URL/ondc/on_subscribe. The registry then fetches https://<subscriber_id>/ondc-site-verification.html, which
// must carry this request's id signed with Mandi's signing key (printed below), and sends its challenge.
//   --registry <name|url>  local (default: ONDC_REGISTRY_URL, else the local registry), staging, preprod, prod, or a URL
//   --entity <file.json>   Mandi's legal entity as the registry records it: gst {legal_entity_name, business_address,
//                          city_code, gst_no}, pan {name_as_per_pan, pan_no, date_of_incorporation},
//                          name_of_authorised_signatory, address_of_authorised_signatory, email_id, mobile_no.
//                          Required for ONDC's registries; the local registry takes a development entity.
//   --request-id <id>      the request id (default ONDC_SUBSCRIBE_REQUEST_ID, else a new UUID)
//   --ops <n>              1 buyer app, 2 seller app (default), 4 both
//   --city <codes>         the cities Mandi serves, comma-separated STD codes (default std:080)
//   --dry-run              print the request and the site verification page, send nothing
// Keys and ids come from ONDC_SUBSCRIBER_ID, ONDC_UNIQUE_KEY_ID, ONDC_SIGNING_PRIVATE_KEY and
// ONDC_ENCRYPTION_PRIVATE_KEY (scripts/ondc/keys.mjs makes them), the development ones when unset.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
  DEV_ONDC_REGISTRY_URL,
  DEV_ONDC_SIGNING_PRIVATE_KEY,
  DEV_ONDC_SUBSCRIBER_ID,
  DEV_ONDC_UNIQUE_KEY_ID,
} from '../../libs/config/src/development-values.js';
import { encryptionPublicKeyOf, signMessage, signingPublicKeyOf } from './ondc-keys.mjs';

/**
 * ONDC's registries by the names ONDC gives them, each the base of its /subscribe (developer-docs, Onboarding of
 * Participants.md, step 10: pre-production's subscribe is under /ondc).
 */
export const ONDC_REGISTRIES = {
  staging: 'https://staging.registry.ondc.org',
  preprod: 'https://preprod.registry.ondc.org/ondc',
  prod: 'https://prod.registry.ondc.org',
};

/** Where Mandi's seller node answers, under its site: `POST /ondc/search` and so on, and `/ondc/on_subscribe`. */
export const SUBSCRIBER_PATH = '/ondc';

/** The entity of a development subscribe: the local registry needs one, and never sees a real business. */
export const DEVELOPMENT_ENTITY = {
  gst: {
    legal_entity_name: 'Mandi Development',
    business_address: '1 Development Street, Bengaluru, Karnataka 560001',
    city_code: ['std:080'],
    gst_no: '29AAAAA0000A1Z5',
  },
  pan: { name_as_per_pan: 'Mandi Development', pan_no: 'AAAAA0000A', date_of_incorporation: '01/04/2024' },
  name_of_authorised_signatory: 'Mandi Developer',
  address_of_authorised_signatory: '1 Development Street, Bengaluru',
  email_id: 'ondc@mandi.test',
  mobile_no: '9000000000',
};

/**
 * The base URL of a registry named as ONDC names it, or given as a URL.
 * @param {string} name
 */
export function registryBase(name) {
  const known = /** @type {Record<string, string>} */ (ONDC_REGISTRIES)[name];
  if (known) return known;
  if (name === 'local') return DEV_ONDC_REGISTRY_URL;
  if (!URL.canParse(name)) throw new Error(`--registry ${name}: give local, staging, preprod, prod or a URL.`);
  return name.replace(/\/+$/, '');
}

/**
 * Mandi's v2.0 subscribe request and what its site must serve for it.
 * @param {{ subscriberId: string, uniqueKeyId: string, signingPrivateKey: string, encryptionPrivateKey: string,
 *   entity: Record<string, any>, requestId: string, opsNo?: number, cityCodes?: string[], domain?: string,
 *   validFrom?: Date, validUntil?: Date, now?: Date }} options
 */
export function subscribeRequest({
  subscriberId,
  uniqueKeyId,
  signingPrivateKey,
  encryptionPrivateKey,
  entity,
  requestId,
  opsNo = 2,
  cityCodes = ['std:080'],
  domain = 'ONDC:RET10',
  now = new Date(),
  validFrom = now,
  validUntil = new Date(now.getTime() + 365 * 86_400_000),
}) {
  const types = { 1: ['buyerApp'], 2: ['sellerApp'], 4: ['buyerApp', 'sellerApp'] }[opsNo];
  if (!types) throw new Error(`--ops ${opsNo}: ONDC's registry takes 1 (buyer app), 2 (seller app) or 4 (both).`);
  const body = {
    context: { operation: { ops_no: opsNo } },
    message: {
      request_id: requestId,
      timestamp: now.toISOString(),
      entity: {
        ...entity,
        country: 'IND',
        subscriber_id: subscriberId,
        unique_key_id: uniqueKeyId,
        callback_url: SUBSCRIBER_PATH,
        key_pair: {
          signing_public_key: signingPublicKeyOf(signingPrivateKey),
          encryption_public_key: encryptionPublicKeyOf(encryptionPrivateKey),
          valid_from: validFrom.toISOString(),
          valid_until: validUntil.toISOString(),
        },
      },
      network_participant: types.map((type) => ({
        subscriber_url: SUBSCRIBER_PATH,
        domain,
        type,
        msn: false,
        city_code: cityCodes,
      })),
    },
  };
  const signedRequestId = signMessage(requestId, signingPrivateKey);
  return { body, signedRequestId, siteVerificationPage: siteVerificationPage(signedRequestId) };
}

/**
 * The page ONDC's registry fetches at https://<subscriber_id>/ondc-site-verification.html.
 * @param {string} signedRequestId
 */
export function siteVerificationPage(signedRequestId) {
  return (
    `<html>\n  <head>\n    <meta name='ondc-site-verification' content='${signedRequestId}' />\n  </head>\n` +
    '  <body>ONDC Site Verification Page</body>\n</html>\n'
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      registry: { type: 'string' },
      entity: { type: 'string' },
      'request-id': { type: 'string' },
      ops: { type: 'string', default: '2' },
      city: { type: 'string', default: 'std:080' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const env = process.env;
  const registryName = values.registry ?? env.ONDC_REGISTRY_URL ?? 'local';
  const base = registryBase(registryName);
  const local = base === DEV_ONDC_REGISTRY_URL || new URL(base).hostname === '127.0.0.1';
  if (!values.entity && !local) {
    throw new Error(`--entity <file.json> is required for ${base}: the registry records Mandi's legal entity.`);
  }
  const entity = values.entity ? JSON.parse(await readFile(values.entity, 'utf8')) : DEVELOPMENT_ENTITY;
  const request = subscribeRequest({
    subscriberId: env.ONDC_SUBSCRIBER_ID ?? DEV_ONDC_SUBSCRIBER_ID,
    uniqueKeyId: env.ONDC_UNIQUE_KEY_ID ?? DEV_ONDC_UNIQUE_KEY_ID,
    signingPrivateKey: env.ONDC_SIGNING_PRIVATE_KEY ?? DEV_ONDC_SIGNING_PRIVATE_KEY,
    encryptionPrivateKey: env.ONDC_ENCRYPTION_PRIVATE_KEY ?? DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
    entity,
    requestId: values['request-id'] ?? env.ONDC_SUBSCRIBE_REQUEST_ID ?? randomUUID(),
    opsNo: Number(values.ops),
    cityCodes: values.city.split(',').map((code) => code.trim()),
  });
  const subscriberId = request.body.message.entity.subscriber_id;
  console.log(
    `request_id ${request.body.message.request_id}; https://${subscriberId}/ondc-site-verification.html must serve:`,
  );
  console.log(request.siteVerificationPage);
  if (values['dry-run']) {
    console.log(JSON.stringify(request.body, null, 2));
    return;
  }
  const response = await fetch(`${base}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
    signal: AbortSignal.timeout(60_000),
  });
  const answer = await response.text();
  console.log(`${base}/subscribe answered ${response.status}: ${answer}`);
  let status;
  try {
    status = JSON.parse(answer)?.message?.ack?.status;
  } catch {
    status = undefined;
  }
  if (!response.ok || status !== 'ACK') process.exitCode = 1;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}

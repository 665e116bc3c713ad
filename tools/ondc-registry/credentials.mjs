// The local registry's own keys and Mandi's development record. They are public (they are in this repository), so
// they only ever work against this registry: ONDC's staging, pre-production and production registries have keys of
// their own (developer-docs registry/Onboarding of Participants.md), and production refuses Mandi's development keys
// (libs/config). Mandi's development values live in libs/config/src/development-values.js, once for the API, the
// worker, this registry and the scripts.
import {
  DEV_ONDC_ENCRYPTION_PUBLIC_KEY,
  DEV_ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY,
  DEV_ONDC_REGISTRY_URL,
  DEV_ONDC_SIGNING_PUBLIC_KEY,
  DEV_ONDC_SUBSCRIBER_ID,
  DEV_ONDC_UNIQUE_KEY_ID,
} from '../../libs/config/src/development-values.js';

/** The port the registry listens on by default (ONDC_REGISTRY_PORT overrides it): DEV_ONDC_REGISTRY_URL's. */
export const REGISTRY_PORT = Number(new URL(DEV_ONDC_REGISTRY_URL).port);

/**
 * The registry's X25519 encryption key pair (DER, base64). Subscribers decrypt its on_subscribe challenges with the
 * public half and their own private key, as with ONDC's published registry keys.
 */
export const REGISTRY_ENCRYPTION_PRIVATE_KEY = 'MC4CAQAwBQYDK2VuBCIEIEjiunx60neoVSIKBd5Xcqxez0ZH87pVZzfn62Deeh5V';
export const REGISTRY_ENCRYPTION_PUBLIC_KEY = DEV_ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY;

/** Where the API of `npm start` listens: the base of Mandi's subscriber URL when PUBLIC_URL says nothing else. */
export const DEV_PUBLIC_URL = 'http://localhost:3000';

/** How long a key registered without a valid_until stays valid: a year, as ONDC's examples register keys. */
export const DEFAULT_KEY_VALIDITY_MS = 365 * 24 * 3_600_000;

/**
 * Mandi's development record as the registry answers it in a lookup: a seller node (BPP) of grocery, its subscriber
 * URL at `<publicUrl>/ondc`, with the public keys of libs/config's development values.
 * @param {string} [publicUrl] Mandi's PUBLIC_URL
 * @param {Date} [now]
 */
export function mandiDevRecord(publicUrl = DEV_PUBLIC_URL, now = new Date()) {
  return {
    subscriber_id: DEV_ONDC_SUBSCRIBER_ID,
    ukId: DEV_ONDC_UNIQUE_KEY_ID,
    subscriber_url: `${publicUrl.replace(/\/+$/, '')}/ondc`,
    type: /** @type {const} */ ('BPP'),
    domain: 'ONDC:RET10',
    city: '*',
    country: 'IND',
    signing_public_key: DEV_ONDC_SIGNING_PUBLIC_KEY,
    encr_public_key: DEV_ONDC_ENCRYPTION_PUBLIC_KEY,
    valid_from: now.toISOString(),
    valid_until: new Date(now.getTime() + DEFAULT_KEY_VALIDITY_MS).toISOString(),
  };
}

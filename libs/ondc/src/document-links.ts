import { createPublicKey, verify } from 'node:crypto';
import { signBytes } from './signing.js';

/*
 * Links to a network order's documents that a buyer app fetches without signing in (docs/ondc.md, "Network
 * orders"): PUBLIC_URL/ondc/invoices/<invoice id>/<signature>, the signature an ed25519 one by Mandi's ONDC signing
 * key over a fixed text naming the invoice, base64url. Nobody without the key can make one, and each names one
 * invoice; the worker signs, the API verifies, by this one rule.
 */

// The DER wrapper of a raw ed25519 public key (RFC 8410).
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** base64url of a 64-byte ed25519 signature: 86 characters, no padding. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{86}$/;

/** The text signed for an invoice's link. */
function invoiceLinkText(invoiceId: number): string {
  return `mandi-invoice:${invoiceId}`;
}

/** The signature of invoice `invoiceId`'s link, base64url, by Mandi's signing key (the registry's encoding). */
export function invoiceLinkSignature(invoiceId: number, privateKey: string): string {
  return Buffer.from(signBytes(invoiceLinkText(invoiceId), privateKey), 'base64').toString('base64url');
}

/** The path of invoice `invoiceId`'s link, under Mandi's PUBLIC_URL. */
export function invoiceLinkPath(invoiceId: number, privateKey: string): string {
  return `/ondc/invoices/${invoiceId}/${invoiceLinkSignature(invoiceId, privateKey)}`;
}

/** Whether `signature` is Mandi's, by its public key (base64 of 32 raw bytes), for invoice `invoiceId`'s link. */
export function isInvoiceLinkSignature(invoiceId: number, signature: string, publicKey: string): boolean {
  if (!Number.isSafeInteger(invoiceId) || invoiceId <= 0 || !SIGNATURE_PATTERN.test(signature)) return false;
  const raw = Buffer.from(publicKey, 'base64');
  if (raw.length !== 32) return false;
  const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
  return verify(null, Buffer.from(invoiceLinkText(invoiceId)), key, Buffer.from(signature, 'base64url'));
}

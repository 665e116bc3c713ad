import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/*
 * ONDC's Authorization header (developer-docs, "protocol-network-extension/Auth Header - signing and verification.md"
 * and "registry/signing-verification.md"): the BLAKE2b-512 digest of the exact body bytes, base64; a signing string of
 * the created and expires times and that digest; an ed25519 signature of it, base64; and a keyId naming the
 * subscriber, its unique key id in the registry and the algorithm. Keys travel as ONDC's registry shows them: the
 * public key as base64 of its 32 raw bytes, the private key as base64 of libsodium's 64-byte secret key (seed then
 * public key) or of the 32-byte seed alone.
 */

/** The one signing algorithm ONDC uses. */
export const ONDC_SIGNING_ALGORITHM = 'ed25519';
/** How long a header we sign stays valid (ONDC's examples use one hour). */
export const SIGNATURE_VALIDITY_SECONDS = 3600;
/** How far a sender's clock may run ahead of ours before its `created` is refused as from the future. */
export const CLOCK_SKEW_SECONDS = 60;

/** Our keys as the registry knows them. */
export interface SigningIdentity {
  subscriberId: string;
  uniqueKeyId: string;
  /** base64 of the 64-byte libsodium secret key or of the 32-byte seed. */
  privateKey: string;
}

/** The parts of a received Authorization header. */
export interface AuthorizationParts {
  subscriberId: string;
  uniqueKeyId: string;
  algorithm: string;
  created: number;
  expires: number;
  headers: string;
  signature: string;
}

/** Why a received header was refused; each is a 401. */
export type SignatureProblem = 'malformed' | 'expired' | 'not_yet_valid' | 'signature';

// DER wrappers of a raw ed25519 key (RFC 8410): PKCS#8 around a 32-byte seed, SPKI around a 32-byte public key.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** base64 of BLAKE2b-512 over the exact bytes of a body. */
export function bodyDigest(body: string | Buffer): string {
  return createHash('blake2b512').update(body).digest('base64');
}

/** The string that is signed: created, expires and the body's digest, one per line, as ONDC lays them out. */
export function signingString(created: number, expires: number, digest: string): string {
  return `(created): ${created}\n(expires): ${expires}\ndigest: BLAKE-512=${digest}`;
}

/** A new ed25519 key pair in the registry's encoding (the private key as libsodium's 64 bytes). */
export function newSigningKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_ED25519_PREFIX.length);
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519_PREFIX.length);
  return { privateKey: Buffer.concat([seed, raw]).toString('base64'), publicKey: raw.toString('base64') };
}

/** The public key (base64 of 32 raw bytes) of a private key in the registry's encoding. */
export function publicKeyOf(privateKey: string): string {
  const key = createPublicKey(privateKeyObject(privateKey));
  return key.export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519_PREFIX.length).toString('base64');
}

/** The Authorization header for a body we send, valid from `nowSeconds` for {@link SIGNATURE_VALIDITY_SECONDS}. */
export function authorizationHeader(
  body: string | Buffer,
  identity: SigningIdentity,
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const created = nowSeconds;
  const expires = nowSeconds + SIGNATURE_VALIDITY_SECONDS;
  const signature = sign(
    null,
    Buffer.from(signingString(created, expires, bodyDigest(body))),
    privateKeyObject(identity.privateKey),
  ).toString('base64');
  const keyId = `${identity.subscriberId}|${identity.uniqueKeyId}|${ONDC_SIGNING_ALGORITHM}`;
  return (
    `Signature keyId="${keyId}",algorithm="${ONDC_SIGNING_ALGORITHM}",created="${created}",expires="${expires}",` +
    `headers="(created) (expires) digest",signature="${signature}"`
  );
}

/** The parts of an Authorization header, or null when it is not one ONDC's shape allows. */
export function parseAuthorizationHeader(header: string | undefined): AuthorizationParts | null {
  if (!header || header.length > 2048) return null;
  const trimmed = header.trim();
  if (!trimmed.startsWith('Signature ')) return null;
  // name="value" pairs separated by commas; no value ONDC puts here holds a comma or a quote.
  const fields = new Map<string, string>();
  for (const pair of trimmed.slice('Signature '.length).split(',')) {
    const equals = pair.indexOf('=');
    const value = pair.slice(equals + 1).trim();
    if (equals < 1 || value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return null;
    fields.set(pair.slice(0, equals).trim(), value.slice(1, -1));
  }
  const keyId = fields.get('keyId')?.split('|');
  const created = Number(fields.get('created'));
  const expires = Number(fields.get('expires'));
  const signature = fields.get('signature');
  if (!keyId || keyId.length !== 3 || !keyId[0] || !keyId[1]) return null;
  if (!Number.isSafeInteger(created) || !Number.isSafeInteger(expires) || !signature) return null;
  return {
    subscriberId: keyId[0],
    uniqueKeyId: keyId[1],
    algorithm: fields.get('algorithm') ?? keyId[2]!,
    created,
    expires,
    headers: fields.get('headers') ?? '(created) (expires) digest',
    signature,
  };
}

/**
 * Checks a received header against the exact body and the sender's public key (from the registry): null when it
 * holds, else what is wrong. A header outside its created..expires span is refused, as is one signed with another
 * algorithm or over other headers than ONDC's three.
 */
export function signatureProblem(
  parts: AuthorizationParts,
  body: string | Buffer,
  publicKey: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureProblem | null {
  if (parts.algorithm !== ONDC_SIGNING_ALGORITHM || parts.headers !== '(created) (expires) digest') return 'malformed';
  if (parts.expires < nowSeconds || parts.expires <= parts.created) return 'expired';
  if (parts.created > nowSeconds + CLOCK_SKEW_SECONDS) return 'not_yet_valid';
  let key;
  try {
    const raw = Buffer.from(publicKey, 'base64');
    if (raw.length !== 32) return 'signature';
    key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
  } catch {
    return 'signature';
  }
  const signature = Buffer.from(parts.signature, 'base64');
  if (signature.length !== 64) return 'signature';
  const signed = Buffer.from(signingString(parts.created, parts.expires, bodyDigest(body)));
  return verify(null, signed, key, signature) ? null : 'signature';
}

/** Signs any bytes with our key (the registry's site verification signs the subscribe request's id). */
export function signBytes(message: string, privateKey: string): string {
  return sign(null, Buffer.from(message), privateKeyObject(privateKey)).toString('base64');
}

function privateKeyObject(privateKey: string) {
  const bytes = Buffer.from(privateKey, 'base64');
  if (bytes.length !== 32 && bytes.length !== 64) throw new Error('An ONDC signing key is 32 or 64 bytes of base64');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, bytes.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
}

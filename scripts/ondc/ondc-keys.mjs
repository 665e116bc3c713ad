// ONDC's key formats and the registry's cryptography, in plain JavaScript so the key script, the subscribe script and
// the local registry (tools/ondc-registry) run from a fresh clone, before anything is built. Formats as ONDC's registry
// shows them (developer-docs registry/key-format-generation.md, Onboarding of Participants.md): an ed25519 signing key,
// the public key as base64 of its 32 raw bytes and the private key as base64 of libsodium's 64-byte secret key (seed
// then public key); an X25519 encryption key, both halves as base64 of their ASN.1 DER (SPKI public, PKCS#8 private).
// The on_subscribe challenge is AES-256-ECB under the X25519 shared secret of the registry's private key and the
// subscriber's public key, base64 (ONDC-Official reference-implementations, utilities/on_subscibe-service).
import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, diffieHellman } from 'node:crypto';
import { generateKeyPairSync, sign, verify } from 'node:crypto';

// DER wrappers of raw ed25519 keys (RFC 8410): PKCS#8 around a 32-byte seed, SPKI around a 32-byte public key.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * A new ed25519 signing key pair in the registry's encoding.
 * @returns {{ privateKey: string, publicKey: string }}
 */
export function newSigningKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_ED25519_PREFIX.length);
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519_PREFIX.length);
  return { privateKey: Buffer.concat([seed, raw]).toString('base64'), publicKey: raw.toString('base64') };
}

/**
 * The public key (base64 of 32 raw bytes) of a signing private key (64 bytes of libsodium, or the 32-byte seed).
 * @param {string} privateKey
 */
export function signingPublicKeyOf(privateKey) {
  return createPublicKey(signingKeyObject(privateKey))
    .export({ format: 'der', type: 'spki' })
    .subarray(SPKI_ED25519_PREFIX.length)
    .toString('base64');
}

/**
 * An ed25519 signature of `message` itself, not of a digest, base64: what the site verification page carries for the
 * subscribe request's id.
 * @param {string} message
 * @param {string} privateKey
 */
export function signMessage(message, privateKey) {
  return sign(null, Buffer.from(message), signingKeyObject(privateKey)).toString('base64');
}

/**
 * Whether `signature` is the ed25519 signature of `message` by the holder of `publicKey` (base64 of 32 raw bytes).
 * @param {string} message
 * @param {string} signature
 * @param {string} publicKey
 */
export function verifyMessage(message, signature, publicKey) {
  try {
    const raw = Buffer.from(publicKey, 'base64');
    const bytes = Buffer.from(signature, 'base64');
    if (raw.length !== 32 || bytes.length !== 64) return false;
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
    return verify(null, Buffer.from(message), key, bytes);
  } catch {
    return false;
  }
}

/**
 * Whether `publicKey` is an ed25519 public key as the registry carries it.
 * @param {unknown} publicKey
 */
export function isSigningPublicKey(publicKey) {
  return typeof publicKey === 'string' && /^[A-Za-z0-9+/]{43}=$/.test(publicKey);
}

/**
 * A new X25519 encryption key pair, both halves DER in base64.
 * @returns {{ privateKey: string, publicKey: string }}
 */
export function newEncryptionKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/**
 * The public half (SPKI DER, base64) of an X25519 private key (PKCS#8 DER, base64).
 * @param {string} privateKey
 */
export function encryptionPublicKeyOf(privateKey) {
  return createPublicKey(encryptionPrivateKeyObject(privateKey))
    .export({ format: 'der', type: 'spki' })
    .toString('base64');
}

/**
 * Whether `publicKey` is an X25519 public key in SPKI DER, base64.
 * @param {unknown} publicKey
 */
export function isEncryptionPublicKey(publicKey) {
  if (typeof publicKey !== 'string') return false;
  try {
    return encryptionPublicKeyObject(publicKey).asymmetricKeyType === 'x25519';
  } catch {
    return false;
  }
}

/**
 * The 32-byte X25519 shared secret of one party's private key and the other's public key (both DER, base64): the
 * same from either side.
 * @param {string} privateKey
 * @param {string} publicKey
 */
export function sharedKey(privateKey, publicKey) {
  return diffieHellman({
    privateKey: encryptionPrivateKeyObject(privateKey),
    publicKey: encryptionPublicKeyObject(publicKey),
  });
}

/**
 * The registry's challenge, encrypted as on_subscribe carries it: AES-256-ECB with PKCS#7 padding, base64.
 * @param {string} text
 * @param {Buffer} key a {@link sharedKey}
 */
export function encryptChallenge(text, key) {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

/**
 * The challenge of an on_subscribe, decrypted: what the subscriber answers.
 * @param {string} encrypted base64
 * @param {Buffer} key a {@link sharedKey}
 */
export function decryptChallenge(encrypted, key) {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]).toString('utf8');
}

/** @param {string} privateKey */
function signingKeyObject(privateKey) {
  const bytes = Buffer.from(privateKey, 'base64');
  if (bytes.length !== 32 && bytes.length !== 64) throw new Error('An ONDC signing key is 32 or 64 bytes of base64');
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, bytes.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** @param {string} privateKey */
function encryptionPrivateKeyObject(privateKey) {
  return createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' });
}

/** @param {string} publicKey */
function encryptionPublicKeyObject(publicKey) {
  return createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
}

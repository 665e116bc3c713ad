// ONDC's key formats (ondc-keys.mjs) as the network reads them: the signing keys interoperate with libs/ondc's
// Authorization header, the development keys of libs/config are pairs, and the on_subscribe challenge decrypts on the
// subscriber's side with the registry's public key, as ONDC's reference on_subscribe service does it.
import { createDecipheriv, createPublicKey, diffieHellman, createPrivateKey } from 'node:crypto';
import {
  DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
  DEV_ONDC_ENCRYPTION_PUBLIC_KEY,
  DEV_ONDC_SIGNING_PRIVATE_KEY,
  DEV_ONDC_SIGNING_PUBLIC_KEY,
} from '../../libs/config/src/development-values.js';
import { authorizationHeader, parseAuthorizationHeader, publicKeyOf, signatureProblem } from '@mandi/ondc';
import {
  REGISTRY_ENCRYPTION_PRIVATE_KEY,
  REGISTRY_ENCRYPTION_PUBLIC_KEY,
} from '../../tools/ondc-registry/credentials.mjs';
import {
  decryptChallenge,
  encryptChallenge,
  encryptionPublicKeyOf,
  isEncryptionPublicKey,
  isSigningPublicKey,
  newEncryptionKeyPair,
  newSigningKeyPair,
  sharedKey,
  signingPublicKeyOf,
  signMessage,
  verifyMessage,
} from './ondc-keys.mjs';

describe('ONDC keys', () => {
  it('makes signing keys in the registry encoding that sign Authorization headers libs/ondc verifies', () => {
    const keys = newSigningKeyPair();
    expect(Buffer.from(keys.publicKey, 'base64')).toHaveLength(32);
    expect(Buffer.from(keys.privateKey, 'base64')).toHaveLength(64);
    // libsodium's secret key is the seed followed by the public key.
    expect(Buffer.from(keys.privateKey, 'base64').subarray(32).toString('base64')).toBe(keys.publicKey);
    expect(isSigningPublicKey(keys.publicKey)).toBe(true);
    expect(signingPublicKeyOf(keys.privateKey)).toBe(keys.publicKey);
    expect(publicKeyOf(keys.privateKey)).toBe(keys.publicKey);
    const body = '{"context":{"action":"search"}}';
    const header = authorizationHeader(body, {
      subscriberId: 'mandi.example.in',
      uniqueKeyId: 'k1',
      privateKey: keys.privateKey,
    });
    expect(signatureProblem(parseAuthorizationHeader(header)!, body, keys.publicKey)).toBeNull();
  });

  it('makes X25519 encryption keys as ASN.1 DER in base64', () => {
    const keys = newEncryptionKeyPair();
    expect(keys.publicKey).toMatch(/^MCowBQYDK2VuAyEA/);
    expect(
      createPublicKey({ key: Buffer.from(keys.publicKey, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyType,
    ).toBe('x25519');
    expect(encryptionPublicKeyOf(keys.privateKey)).toBe(keys.publicKey);
    expect(isEncryptionPublicKey(keys.publicKey)).toBe(true);
    expect(isEncryptionPublicKey(newSigningKeyPair().publicKey)).toBe(false);
    expect(isEncryptionPublicKey('not a key')).toBe(false);
  });

  it('holds the development keys of libs/config and the registry as pairs', () => {
    expect(signingPublicKeyOf(DEV_ONDC_SIGNING_PRIVATE_KEY)).toBe(DEV_ONDC_SIGNING_PUBLIC_KEY);
    expect(encryptionPublicKeyOf(DEV_ONDC_ENCRYPTION_PRIVATE_KEY)).toBe(DEV_ONDC_ENCRYPTION_PUBLIC_KEY);
    expect(encryptionPublicKeyOf(REGISTRY_ENCRYPTION_PRIVATE_KEY)).toBe(REGISTRY_ENCRYPTION_PUBLIC_KEY);
  });

  it('signs a message itself, not a digest, for the site verification page', () => {
    const keys = newSigningKeyPair();
    const signature = signMessage('request-7', keys.privateKey);
    expect(Buffer.from(signature, 'base64')).toHaveLength(64);
    expect(verifyMessage('request-7', signature, keys.publicKey)).toBe(true);
    expect(verifyMessage('request-8', signature, keys.publicKey)).toBe(false);
    expect(verifyMessage('request-7', signature, newSigningKeyPair().publicKey)).toBe(false);
    expect(verifyMessage('request-7', 'garbage', keys.publicKey)).toBe(false);
  });

  it('encrypts the challenge so the subscriber decrypts it with its private key and the registry’s public key', () => {
    const subscriber = newEncryptionKeyPair();
    const registrySide = sharedKey(REGISTRY_ENCRYPTION_PRIVATE_KEY, subscriber.publicKey);
    const subscriberSide = sharedKey(subscriber.privateKey, REGISTRY_ENCRYPTION_PUBLIC_KEY);
    expect(subscriberSide.equals(registrySide)).toBe(true);
    const encrypted = encryptChallenge('the challenge', registrySide);
    expect(encrypted).not.toContain('challenge');
    expect(decryptChallenge(encrypted, subscriberSide)).toBe('the challenge');
    // What ONDC's reference on_subscribe service does: X25519, then AES-256-ECB with the raw shared secret.
    const secret = diffieHellman({
      privateKey: createPrivateKey({ key: Buffer.from(subscriber.privateKey, 'base64'), format: 'der', type: 'pkcs8' }),
      publicKey: createPublicKey({
        key: Buffer.from(REGISTRY_ENCRYPTION_PUBLIC_KEY, 'base64'),
        format: 'der',
        type: 'spki',
      }),
    });
    const decipher = createDecipheriv('aes-256-ecb', secret, null);
    expect(Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]).toString()).toBe(
      'the challenge',
    );
    // Another key never recovers the challenge. It usually fails the padding check, but about one random key in 256
    // leaves valid PKCS#7 padding by chance and decrypts to noise, so a bare toThrow failed that often.
    const wrongKey = sharedKey(newEncryptionKeyPair().privateKey, REGISTRY_ENCRYPTION_PUBLIC_KEY);
    const recovered = (() => {
      try {
        return decryptChallenge(encrypted, wrongKey);
      } catch {
        return undefined;
      }
    })();
    expect(recovered).not.toBe('the challenge');
  });
});

import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman } from 'node:crypto';

/*
 * The registry's challenge while Mandi subscribes (developer-docs registry/Onboarding of Participants.md, steps 6 and
 * 7, and registry/encryption_and_decryption.md): a text encrypted with AES-256-ECB under the X25519 shared secret of
 * the registry's key and Mandi's, base64. Mandi answers it decrypted. Keys are DER in base64: PKCS#8 for Mandi's
 * private key, SPKI for the registry's public key.
 */

/** The challenge decrypted, or null when it does not decrypt with these keys (or a key is not X25519). */
export function decryptChallenge(challenge: string, privateKey: string, registryPublicKey: string): string | null {
  try {
    const key = diffieHellman({
      privateKey: createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' }),
      publicKey: createPublicKey({ key: Buffer.from(registryPublicKey, 'base64'), format: 'der', type: 'spki' }),
    });
    const decipher = createDecipheriv('aes-256-ecb', key, null);
    const text = Buffer.concat([decipher.update(Buffer.from(challenge, 'base64')), decipher.final()]);
    const answer = text.toString('utf8');
    // A wrong key usually fails the padding check; when it does not, it yields bytes that are no text.
    return Buffer.from(answer, 'utf8').equals(text) ? answer : null;
  } catch {
    return null;
  }
}

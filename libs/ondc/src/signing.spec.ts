import {
  authorizationHeader,
  bodyDigest,
  newSigningKeyPair,
  parseAuthorizationHeader,
  publicKeyOf,
  signatureProblem,
} from './signing.js';

const keys = newSigningKeyPair();
const identity = { subscriberId: 'buyer.example.com', uniqueKeyId: 'key-7', privateKey: keys.privateKey };
const body = JSON.stringify({ context: { action: 'search' }, message: { intent: {} } });
const now = 1_767_000_000;

describe('ONDC Authorization header', () => {
  it('is the shape ONDC documents, and verifies against the exact body and the public key', () => {
    const header = authorizationHeader(body, identity, now);
    expect(header).toMatch(
      /^Signature keyId="buyer\.example\.com\|key-7\|ed25519",algorithm="ed25519",created="1767000000",expires="1767003600",headers="\(created\) \(expires\) digest",signature="[A-Za-z0-9+/]{86}=="$/,
    );
    const parts = parseAuthorizationHeader(header)!;
    expect(parts).toMatchObject({ subscriberId: 'buyer.example.com', uniqueKeyId: 'key-7', created: now });
    expect(signatureProblem(parts, body, keys.publicKey, now + 10)).toBeNull();
    expect(signatureProblem(parts, Buffer.from(body), keys.publicKey, now + 10)).toBeNull();
  });

  it('refuses a tampered body, another key, an expired header and one from the future', () => {
    const parts = parseAuthorizationHeader(authorizationHeader(body, identity, now))!;
    expect(signatureProblem(parts, body.replace('search', 'select'), keys.publicKey, now)).toBe('signature');
    expect(signatureProblem(parts, body, newSigningKeyPair().publicKey, now)).toBe('signature');
    expect(signatureProblem(parts, body, keys.publicKey, now + 3601)).toBe('expired');
    expect(signatureProblem(parts, body, keys.publicKey, now - 120)).toBe('not_yet_valid');
    expect(signatureProblem(parts, body, 'not-a-key', now)).toBe('signature');
  });

  it('reads only headers of ONDC shape', () => {
    for (const header of [undefined, '', 'Bearer x', 'Signature keyId="a|b",created="1",expires="2",signature="x"'])
      expect(parseAuthorizationHeader(header)).toBeNull();
  });

  it('digests with BLAKE2b-512 and derives the public key of a private one', () => {
    expect(Buffer.from(bodyDigest('abc'), 'base64')).toHaveLength(64);
    // RFC 7693, appendix A: BLAKE2b-512 of "abc".
    expect(Buffer.from(bodyDigest('abc'), 'base64').toString('hex')).toBe(
      'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1' +
        '7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    );
    expect(publicKeyOf(keys.privateKey)).toBe(keys.publicKey);
    // The 32-byte seed alone is the same key.
    expect(publicKeyOf(Buffer.from(keys.privateKey, 'base64').subarray(0, 32).toString('base64'))).toBe(keys.publicKey);
  });
});

import { randomBytes } from 'node:crypto';
import { SealedText } from './sealed-text.js';

const key = randomBytes(32).toString('base64');

describe('SealedText', () => {
  const sealer = new SealedText(key);

  it('opens what it sealed, and seals the same text differently each time (a random IV)', () => {
    const a = sealer.seal('ABCPE1234F', 'seller_profiles.pan:7');
    const b = sealer.seal('ABCPE1234F', 'seller_profiles.pan:7');
    expect(sealer.open(a, 'seller_profiles.pan:7')).toBe('ABCPE1234F');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(Buffer.from(a).toString('latin1')).not.toContain('ABCPE1234F');
  });

  it('refuses a value moved to another row or column, changed by a byte, or sealed with another key', () => {
    const sealed = sealer.seal('123456789012', 'seller_profiles.bank_account:7');
    expect(() => sealer.open(sealed, 'seller_profiles.bank_account:8')).toThrow();
    expect(() => sealer.open(sealed, 'seller_profiles.pan:7')).toThrow();
    const changed = Uint8Array.from(sealed);
    changed[changed.length - 20]! ^= 1;
    expect(() => sealer.open(changed, 'seller_profiles.bank_account:7')).toThrow();
    expect(() =>
      new SealedText(randomBytes(32).toString('base64')).open(sealed, 'seller_profiles.bank_account:7'),
    ).toThrow('Sealed with another key');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SealedText(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});

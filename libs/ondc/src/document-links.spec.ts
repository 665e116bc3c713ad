import { invoiceLinkPath, invoiceLinkSignature, isInvoiceLinkSignature } from './document-links.js';
import { newSigningKeyPair } from './signing.js';

const keys = newSigningKeyPair();

describe('invoice links of network orders', () => {
  it('signs an invoice id into a path whose signature verifies with the public key', () => {
    const signature = invoiceLinkSignature(42, keys.privateKey);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(invoiceLinkPath(42, keys.privateKey)).toBe(`/ondc/invoices/42/${signature}`);
    expect(isInvoiceLinkSignature(42, signature, keys.publicKey)).toBe(true);
  });

  it('refuses another invoice, a tampered signature, another key and junk', () => {
    const signature = invoiceLinkSignature(42, keys.privateKey);
    expect(isInvoiceLinkSignature(43, signature, keys.publicKey)).toBe(false);
    const flipped = signature[10] === 'A' ? 'B' : 'A';
    expect(isInvoiceLinkSignature(42, signature.slice(0, 10) + flipped + signature.slice(11), keys.publicKey)).toBe(
      false,
    );
    expect(isInvoiceLinkSignature(42, invoiceLinkSignature(42, newSigningKeyPair().privateKey), keys.publicKey)).toBe(
      false,
    );
    for (const junk of ['', 'x', signature.slice(1), `${signature}=`, signature.replace(/./, '+')])
      expect(isInvoiceLinkSignature(42, junk, keys.publicKey)).toBe(false);
    for (const id of [0, -42, 4.2, Number.NaN])
      expect(isInvoiceLinkSignature(id, signature, keys.publicKey)).toBe(false);
  });
});

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The layout's version, its first byte: a new layout gets a new number and the old one stays readable. */
const VERSION = 1;
const KEY_ID_BYTES = 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + KEY_ID_BYTES + IV_BYTES;

/**
 * Text encrypted at rest (sellers' PAN, GSTIN and bank account numbers, docs/sellers.md) with AES-256-GCM from
 * node:crypto. A sealed value is: the layout's version, 4 bytes naming the key (the start of its SHA-256, so a
 * rotated key can be told apart), a random 12-byte IV, the ciphertext and GCM's 16-byte tag. `context` (which row and
 * column the value belongs to) is authenticated with it, so a value copied into another row or column does not open.
 */
export class SealedText {
  private readonly key: Buffer;
  private readonly keyId: Buffer;

  /** `keyBase64`: 32 random bytes in base64 (SELLER_DATA_KEY). */
  constructor(keyBase64: string) {
    this.key = Buffer.from(keyBase64, 'base64');
    if (this.key.length !== 32) throw new Error('A sealing key is 32 bytes');
    this.keyId = createHash('sha256').update(this.key).digest().subarray(0, KEY_ID_BYTES);
  }

  seal(plain: string, context: string): Uint8Array {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return new Uint8Array(Buffer.concat([Buffer.from([VERSION]), this.keyId, iv, body, cipher.getAuthTag()]));
  }

  /** The text of a value this key sealed for `context`; throws for another key, context or a changed byte. */
  open(sealed: Uint8Array, context: string): string {
    const bytes = Buffer.from(sealed);
    if (bytes.length < HEADER_BYTES + TAG_BYTES || bytes[0] !== VERSION) throw new Error('Not a sealed value');
    if (!bytes.subarray(1, 1 + KEY_ID_BYTES).equals(this.keyId)) throw new Error('Sealed with another key');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(1 + KEY_ID_BYTES, HEADER_BYTES))
      .setAAD(Buffer.from(context, 'utf8'))
      .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(HEADER_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}

/** The sealed columns of a seller's profile. */
export type SellerSealedColumn = 'pan' | 'gstin' | 'bank_account';

/**
 * The context a seller profile's value is sealed under: its column and its row, so it opens nowhere else. A document
 * that keeps a copy of the seller's GSTIN (invoices.supplier_gstin_sealed) keeps the sealed bytes and opens them the same.
 */
export const sellerProfileSealContext = (column: SellerSealedColumn, userId: number): string =>
  `seller_profiles.${column}:${userId}`;

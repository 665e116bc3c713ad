import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import type { TestUser } from './harness.js';

/** A fresh FILE_STORE_DIR for one test file's API, so a test can see every file it left behind. */
export function tempFileStore(): string {
  return mkdtempSync(join(tmpdir(), 'mandi-api-files-'));
}

/** Every file under `dir`, as keys relative to it, sorted. */
export function filesIn(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** A real picture of `format`, `width` px wide (a coloured square, so sharp can read and resize it). */
export async function picture(format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', width = 640): Promise<Buffer> {
  return sharp({
    create: { width, height: Math.round(width * 0.75), channels: 3, background: { r: 46, g: 125, b: 50 } },
  })
    .toFormat(format)
    .toBuffer();
}

/** The text fields of a valid product form for `seller`; override any of them. */
export function productFields(
  seller: Pick<TestUser, 'uid'>,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    name: 'Desi Tamatar',
    price: '40.50',
    description: 'Country tomatoes, picked this morning.',
    validUntil: '2030-12-31 18:00:00',
    uid: seller.uid,
    sellerPhone: '+91 98765 43210',
    sellerEmail: '',
    official_brand: '0',
    weight: '1000',
    length: '20',
    width: '15.5',
    height: '',
    existingImages: '[]',
    removedImages: '[]',
    ...overrides,
  };
}

/** A multipart body: the fields, then each file under its field name. */
export function multipart(
  fields: Record<string, string>,
  files: readonly { field?: string; name: string; bytes: Buffer; type?: string }[] = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? 'images',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    );
  }
  return form;
}

/** The Authorization header of `user`. */
export const bearer = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });

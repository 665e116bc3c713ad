import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageFileKeys, newFileKey, productFolder, variantKey } from './file-keys.js';
import { LocalFileStore } from './local-file-store.js';

describe('LocalFileStore', () => {
  let dir: string;
  let store: LocalFileStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mandi-files-'));
    store = new LocalFileStore(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps bytes under a key and gives them back with the type of its extension', async () => {
    const key = newFileKey(productFolder(7), 'png');
    await store.put(key, Buffer.from('png bytes'), 'image/png');
    expect(await store.get(key)).toEqual({ bytes: Buffer.from('png bytes'), contentType: 'image/png' });
    expect(store.publicUrl(key)).toBe(`/files/${key}`);
    expect(store.keyFromUrl(`/files/${key}`)).toBe(key);
  });

  it('answers null for a missing file, a folder, or a key that tries to leave the folder', async () => {
    writeFileSync(join(dir, 'secret.txt'), 'no');
    expect(await store.get('products/1/none.jpg')).toBeNull();
    await store.put('products/1/a.jpg', Buffer.from('a'), 'image/jpeg');
    expect(await store.get('products/1')).toBeNull();
    expect(await store.get('../secret.txt')).toBeNull();
    expect(await store.get('products/../../secret.txt')).toBeNull();
    expect(await store.get('/etc/passwd')).toBeNull();
    expect(store.keyFromUrl('/files/../secret.txt')).toBeNull();
    expect(store.keyFromUrl('https://elsewhere.example/files/a.jpg')).toBeNull();
    await expect(store.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid file key/);
  });

  it('deletes a file (missing ones too) and a whole folder, leaving no empty folders', async () => {
    const [original, card, thumb] = imageFileKeys('products/3/abc.jpg') as [string, string, string];
    expect(card).toBe('products/3/abc.card.webp');
    expect(thumb).toBe(variantKey(original, 'thumb'));
    for (const key of [original, card, thumb]) await store.put(key, Buffer.from(key), 'image/webp');
    await store.put('products/4/keep.jpg', Buffer.from('keep'), 'image/jpeg');

    await store.delete(original);
    await store.delete(original);
    expect(await store.get(original)).toBeNull();
    expect(await store.get(card)).not.toBeNull();

    await store.deletePrefix('products/3/');
    expect(readdirSync(join(dir, 'products'))).toEqual(['4']);
    await store.delete('products/4/keep.jpg');
    expect(readdirSync(dir)).toEqual([]);
    await expect(store.deletePrefix('products')).rejects.toThrow(/prefix/);
  });
});

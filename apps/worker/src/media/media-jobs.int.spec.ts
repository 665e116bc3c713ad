import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import { createTestDatabase, DatabaseModule, newProduct, type TestDatabase } from '@mandi/database';
import { FILE_STORE, FileStoreModule, LocalFileStore, newFileKey, productFolder } from '@mandi/storage';
import sharp from 'sharp';
import { runHandler, testWorkerConfig } from '../accounts/testing/account-jobs.testing.js';
import { WorkerConfigModule } from '../config/worker-config.module.js';
import { MediaModule } from './media.module.js';
import { ProductFilesRemovalHandler } from './product-files-removal.handler.js';
import { ProductImageVariantsHandler } from './product-image-variants.handler.js';

// The media jobs against the real database and a real local file store.

/** The local store, with a hook that runs before each write: lets a test change the database mid-job. */
class ObservedFileStore extends LocalFileStore {
  beforePut: (() => Promise<void>) | null = null;

  override async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const hook = this.beforePut;
    this.beforePut = null;
    if (hook) await hook();
    return super.put(key, bytes, contentType);
  }
}

let db: TestDatabase;
let config: AppConfig;
let app: TestingModule;
let store: ObservedFileStore;

beforeAll(async () => {
  db = await createTestDatabase();
  config = testWorkerConfig(db.url, { FILE_STORE_DIR: mkdtempSync(join(tmpdir(), 'mandi-worker-files-')) });
  store = new ObservedFileStore(config.FILE_STORE_DIR);
  app = await Test.createTestingModule({
    imports: [
      WorkerConfigModule.forRoot(config),
      DatabaseModule.forUrl(config.DATABASE_URL),
      FileStoreModule,
      MediaModule,
    ],
  })
    .overrideProvider(FILE_STORE)
    .useValue(store)
    .compile();
  await app.init();
});

afterAll(async () => {
  await app.close();
  await db.drop();
  rmSync(config.FILE_STORE_DIR, { recursive: true, force: true });
});

const filesIn = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

/** A product with one stored image per given picture, in order; answers the product id and the image keys. */
async function productWithImages(pictures: Buffer[]): Promise<{ productId: number; keys: string[] }> {
  const product = await newProduct(db.prisma);
  const keys: string[] = [];
  for (const [position, bytes] of pictures.entries()) {
    const key = newFileKey(productFolder(product.id), 'jpg');
    await store.put(key, bytes, 'image/jpeg');
    await db.prisma.productImage.create({
      data: { productId: product.id, position, fileKey: key, contentType: 'image/jpeg' },
    });
    keys.push(key);
  }
  return { productId: product.id, keys };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 230, g: 120, b: 30 } } })
    .jpeg()
    .toBuffer();

const variants = (productId: number) => runHandler(db, app.get(ProductImageVariantsHandler), { productId });

describe('product.image_variants', () => {
  it('makes a 480 px wide card and a 160 px square thumbnail in WebP beside each image, and records them', async () => {
    const { productId, keys } = await productWithImages([await photo(1200, 900), await photo(300, 600)]);

    await variants(productId);

    const rows = await db.prisma.productImage.findMany({ where: { productId }, orderBy: { position: 'asc' } });
    expect(rows.map((row) => [row.cardKey, row.thumbKey])).toEqual(
      keys.map((key) => [key.replace(/\.jpg$/, '.card.webp'), key.replace(/\.jpg$/, '.thumb.webp')]),
    );
    const card = await sharp((await store.get(rows[0]!.cardKey!))!.bytes).metadata();
    expect(card).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const thumb = await sharp((await store.get(rows[0]!.thumbKey!))!.bytes).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 160, height: 160 });
    // A small photo is not enlarged for the card.
    expect(await sharp((await store.get(rows[1]!.cardKey!))!.bytes).metadata()).toMatchObject({
      width: 300,
      height: 600,
    });
  });

  it('changes nothing when it runs again', async () => {
    const { productId } = await productWithImages([await photo(800, 800)]);
    await variants(productId);
    const files = filesIn(config.FILE_STORE_DIR);
    const rows = await db.prisma.productImage.findMany({ where: { productId } });
    const written: string[] = [];
    store.beforePut = async () => void written.push('put');

    await variants(productId);

    expect(written).toEqual([]);
    expect(filesIn(config.FILE_STORE_DIR)).toEqual(files);
    expect(await db.prisma.productImage.findMany({ where: { productId } })).toEqual(rows);
  });

  it('skips an image removed by an edit while the job ran, leaving no variant files of it', async () => {
    const { productId, keys } = await productWithImages([await photo(640, 480)]);
    const before = filesIn(config.FILE_STORE_DIR);
    // The seller's edit removes the image (and its file) while the worker is making its variants.
    store.beforePut = async () => {
      await db.prisma.productImage.deleteMany({ where: { productId } });
      await store.delete(keys[0]!);
    };

    await variants(productId);

    expect(filesIn(config.FILE_STORE_DIR)).toEqual(before.filter((key) => key !== keys[0]));
  });

  it('skips an image whose file is gone, and one it cannot decode, showing the originals', async () => {
    const { productId, keys } = await productWithImages([await photo(640, 480), Buffer.from('not really a picture')]);
    await store.delete(keys[0]!);

    await expect(variants(productId)).resolves.toBeUndefined();

    const rows = await db.prisma.productImage.findMany({ where: { productId } });
    expect(rows.map((row) => row.cardKey)).toEqual([null, null]);
  });

  it('does nothing for a product that is gone', async () => {
    await expect(variants(999_999)).resolves.toBeUndefined();
  });
});

describe('product.remove_files', () => {
  const removeFiles = (productId: number) => runHandler(db, app.get(ProductFilesRemovalHandler), { productId });

  it("removes a deleted product's folder (a seller's account deletion takes their products), and nothing else", async () => {
    const gone = await productWithImages([await photo(200, 200)]);
    const kept = await productWithImages([await photo(200, 200)]);
    await db.prisma.product.delete({ where: { id: gone.productId } });

    await removeFiles(gone.productId);
    await removeFiles(gone.productId);
    await removeFiles(kept.productId);

    const files = filesIn(config.FILE_STORE_DIR);
    expect(files.filter((key) => key.startsWith(`products/${gone.productId}/`))).toEqual([]);
    expect(files).toContain(kept.keys[0]);
  });
});

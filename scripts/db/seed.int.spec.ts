import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { seed, seedDatabase } from './seed.mjs';
import { DEMO_OFFICIAL_SELLER_UID } from '../../libs/config/src/development-values.js';

// The seed against a fresh database, and against the real Auth emulator (jest global setup starts it) in a
// project of its own, so the demo accounts of a running `npm start` are never touched.
const UIDS = { admin: 'uid-admin', seller: 'uid-seller', buyer: 'uid-buyer' };
const NOW = new Date('2026-11-22T06:30:00.000Z');

let db: TestDatabase;
/** The local file store the seed writes its photos to. */
const files = mkdtempSync(join(tmpdir(), 'mandi-seed-files-'));

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
  rmSync(files, { recursive: true, force: true });
});

test('an empty database gets the three demo accounts, the catalog and the buyer address', async () => {
  expect(await seedDatabase(db.url, UIDS, { now: NOW, fileStoreDir: files })).toBe(true);

  const users = await db.prisma.user.findMany({ orderBy: { id: 'asc' }, include: { profile: true } });
  expect(users.map((user) => [user.email, user.username, user.role, user.firebaseUid, user.termsVersion])).toEqual([
    ['admin@mandi.test', 'mandi_official', 'admin', 'uid-admin', 'v1.0'],
    ['seller@mandi.test', 'kisan_ramesh', 'user', 'uid-seller', 'v1.0'],
    ['buyer@mandi.test', 'priya_sharma', 'user', 'uid-buyer', 'v1.0'],
    ['gurpreet@farmers.mandi.test', 'gurpreet_farms', 'user', 'demo-farmer-punjab', 'v1.0'],
    ['anjali@farmers.mandi.test', 'malabar_spices', 'user', 'demo-farmer-kerala', 'v1.0'],
    ['tashi@farmers.mandi.test', 'kinnaur_orchards', 'user', 'demo-farmer-himachal', 'v1.0'],
  ]);
  expect(users.map((user) => user.profile?.fullName)).toEqual([
    'Mandi Official Store',
    'Ramesh Patil',
    'Priya Sharma',
    'Gurpreet Singh Sandhu',
    'Anjali Nair',
    'Tashi Negi',
  ]);

  const [admin, seller, buyer] = users;
  const products = await db.prisma.product.findMany({ include: { images: { orderBy: { position: 'asc' } } } });
  expect(products).toHaveLength(40);
  // Official exactly when the admin (the official seller) posted it.
  expect(products.filter((product) => product.officialBrand).every((product) => product.sellerId === admin!.id)).toBe(
    true,
  );
  expect(products.filter((product) => product.sellerId === admin!.id)).toHaveLength(12);
  expect(products.filter((product) => product.sellerId === seller!.id && !product.officialBrand)).toHaveLength(12);
  expect(new Set(products.map((product) => product.sellerId)).size).toBe(5);
  expect(
    products
      .filter((product) => product.validUntil < NOW)
      .map((product) => product.name)
      .sort(),
  ).toEqual(['Elaichi Kela', 'Hari Matar']);

  // Every product has 1 to 4 photos: real JPEG files in the file store, under the product's own folder.
  for (const product of products) {
    expect(product.images.length).toBeGreaterThanOrEqual(1);
    expect(product.images.length).toBeLessThanOrEqual(4);
    expect(product.images.map((image) => image.position)).toEqual(product.images.map((_, index) => index));
    for (const image of product.images) {
      expect(image.fileKey).toMatch(new RegExp(`^products/${product.id}/[0-9a-f]{16}\\.jpg$`));
      expect(image.contentType).toBe('image/jpeg');
    }
  }
  const apples = products.find((product) => product.name === 'Kinnauri Seb')!;
  expect(apples.images).toHaveLength(3);
  const photo = await sharp(readFileSync(join(files, apples.images[0]!.fileKey))).metadata();
  expect(photo).toMatchObject({ format: 'jpeg', width: 800, height: 800 });
  // Two photos of one product are different pictures.
  expect(
    readFileSync(join(files, apples.images[0]!.fileKey)).equals(readFileSync(join(files, apples.images[1]!.fileKey))),
  ).toBe(false);
  expect(readdirSync(join(files, 'products'))).toHaveLength(40);
  // The worker is asked to make the card and thumbnail sizes of every product's photos.
  const events = await db.prisma.outboxEvent.findMany({ where: { type: 'product.created' } });
  expect(events.map((event) => (event.payload as { productId: number }).productId).sort((a, b) => a - b)).toEqual(
    products.map((product) => product.id).sort((a, b) => a - b),
  );
  expect(products.find((product) => product.name === 'Desi Tamatar')).toMatchObject({
    pricePaise: 4000,
    weightGrams: 1000,
    category: 'fresh_produce',
    validUntil: new Date('2026-11-22T08:40:00.000Z'),
    createdAt: new Date('2026-11-22T06:29:30.000Z'),
  });

  // A few count their packs: one sold out, two low, the rest unlimited (docs/stock.md).
  const stockOf = (name: string) => products.find((product) => product.name === name)!.stock;
  expect(
    ['Hari Elaichi', 'Alphonso Aam (Ratnagiri)', 'Sukhi Khubani', 'Bhagwa Anar', 'Desi Tamatar'].map(stockOf),
  ).toEqual([0, 3, 4, 12, null]);

  const addresses = await db.prisma.address.findMany({ where: { userId: buyer!.id } });
  expect(addresses).toMatchObject([{ pincode: '560001', state: 'Karnataka', isDefault: true, isDeleted: false }]);
  expect(await db.prisma.interestedSeller.findMany()).toMatchObject([
    { userId: buyer!.id, status: 'interested', inviteSent: false },
  ]);

  // The buyer's orders, one in each stage, priced as checkout prices them: 2 x ₹40 + ₹35 = ₹115, and 2.5 kg charged as
  // 3 kg by cash on delivery, (75 + 2 x 35) x 1.18 = ₹171.10.
  const orders = await db.prisma.order.findMany({
    where: { userId: buyer!.id },
    orderBy: { createdAt: 'desc' },
    include: { items: true, payments: true },
  });
  expect(orders.map((order) => [order.status, order.paymentMethod, order.paymentStatus])).toEqual([
    ['pending', 'cod', 'unpaid'],
    ['confirmed', 'online', 'paid'],
    ['shipped', 'cod', 'unpaid'],
    ['delivered', 'online', 'paid'],
    ['delivered', 'cod', 'paid'],
  ]);
  expect(orders[0]).toMatchObject({
    subtotalPaise: 11_500,
    shippingPaise: 17_110,
    totalPaise: 28_610,
    addressPincode: '560001',
  });
  expect(orders[0]!.items.map((item) => [item.productName, item.quantity, item.hsnCode])).toEqual([
    ['Desi Tamatar', 2, '0709'],
    ['Bhindi', 1, '0709'],
  ]);
  expect(orders.map((order) => order.payments[0]!.status)).toEqual([
    'created',
    'captured',
    'created',
    'captured',
    'captured',
  ]);
  // One cart of three suppliers: Mandi's own ghee, a registered seller's pepper, a farmer's greens.
  expect(orders[3]!.items.map((item) => [item.productName, item.sellerId])).toEqual([
    ['A2 Cow Ghee', admin!.id],
    ['Malabar Kali Mirch', expect.any(Number)],
    ['Sarson ka Saag', expect.any(Number)],
  ]);
  // The worker issues the paid orders' invoices from their order.paid events.
  expect(await db.prisma.outboxEvent.count({ where: { type: 'order.paid' } })).toBe(3);
  // Their approvals, announced as a review does: the worker opens the two farmers' Route linked accounts.
  expect(await db.prisma.outboxEvent.count({ where: { type: 'seller_profile.approved' } })).toBe(2);
  // The farmers' business profiles, approved and sealed: Anjali registered in Kerala, Gurpreet without a GSTIN.
  const profiles = await db.prisma.sellerProfile.findMany({ orderBy: { legalName: 'asc' } });
  expect(profiles.map((p) => [p.legalName, p.status, p.pickupState, p.gstinLast4 !== null, p.panLast4])).toEqual([
    ['Anjali Nair', 'approved', 'Kerala', true, '821Q'],
    ['Gurpreet Singh Sandhu', 'approved', 'Punjab', false, '315K'],
  ]);
  expect(Buffer.from(profiles[0]!.panSealed).toString('latin1')).not.toContain('AKLPN4821Q');
});

test('a database with users is left alone', async () => {
  const before = await db.prisma.product.count();

  expect(
    await seedDatabase(
      db.url,
      { admin: 'other-a', seller: 'other-s', buyer: 'other-b' },
      { now: NOW, fileStoreDir: files },
    ),
  ).toBe(false);
  expect(await db.prisma.user.count()).toBe(6);
  expect(await db.prisma.product.count()).toBe(before);
});

describe('demo sign-ins in the Auth emulator', () => {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const projectId = `demo-seed-${randomUUID().slice(0, 8)}`;
  const emulator = (path: string, init?: RequestInit) =>
    fetch(`http://${host}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    });

  /** The emulator account with that e-mail: its uid, and the password its fake hash spells out. */
  const account = async (email: string) => {
    const response = await emulator(`/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`, {
      method: 'POST',
      body: JSON.stringify({ email: [email] }),
    });
    const user = (
      (await response.json()) as { users?: Array<{ localId: string; passwordHash: string; emailVerified: boolean }> }
    ).users?.[0];
    return (
      user && {
        uid: user.localId,
        password: /password=(.*)$/.exec(user.passwordHash)?.[1],
        verified: user.emailVerified,
      }
    );
  };

  let seeded: TestDatabase;
  beforeAll(async () => {
    seeded = await createTestDatabase();
  });
  afterAll(async () => {
    await emulator(`/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
    await seeded.drop();
  });

  it('creates the three accounts with the uids our rows hold, and restores them when the emulator lost them', async () => {
    expect(await seed(seeded.url, { firebaseAuthEmulatorHost: host, projectId, fileStoreDir: files })).toBe(true);
    const admin = await seeded.prisma.user.findUniqueOrThrow({ where: { email: 'admin@mandi.test' } });
    expect(await account('admin@mandi.test')).toEqual({
      uid: admin.firebaseUid,
      password: 'mandi-demo',
      verified: true,
    });
    // The uid development's OFFICIAL_SELLER_UID names, so the demo admin's posts are 'Original'.
    expect(admin.firebaseUid).toBe(DEMO_OFFICIAL_SELLER_UID);

    // The emulator forgets every account (a restart without its saved data); the database keeps its users.
    await emulator(`/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
    expect(await account('admin@mandi.test')).toBeUndefined();

    expect(await seed(seeded.url, { firebaseAuthEmulatorHost: host, projectId, fileStoreDir: files })).toBe(false);
    expect(await account('admin@mandi.test')).toEqual({
      uid: admin.firebaseUid,
      password: 'mandi-demo',
      verified: true,
    });
    expect(await seeded.prisma.user.count()).toBe(6);
  });
});

import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { seed, seedDatabase } from './seed.mjs';

// The database half of the seed. The Firebase half needs the Auth emulator and runs with `npm start`.
const UIDS = { admin: 'uid-admin', seller: 'uid-seller', buyer: 'uid-buyer' };
const NOW = new Date('2026-11-22T06:30:00.000Z');

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

test('an empty database gets the three demo accounts, the catalog and the buyer address', async () => {
  expect(await seedDatabase(db.url, UIDS, { now: NOW })).toBe(true);

  const users = await db.prisma.user.findMany({ orderBy: { id: 'asc' }, include: { profile: true } });
  expect(users.map((user) => [user.email, user.username, user.role, user.firebaseUid, user.termsVersion])).toEqual([
    ['admin@mandi.test', 'mandi_official', 'admin', 'uid-admin', 'v1.0'],
    ['seller@mandi.test', 'kisan_ramesh', 'user', 'uid-seller', 'v1.0'],
    ['buyer@mandi.test', 'priya_sharma', 'user', 'uid-buyer', 'v1.0'],
  ]);
  expect(users.map((user) => user.profile?.fullName)).toEqual(['Mandi Official Store', 'Ramesh Patil', 'Priya Sharma']);

  const [admin, seller, buyer] = users;
  const products = await db.prisma.product.findMany();
  expect(products).toHaveLength(24);
  // Official exactly when the admin (the official seller) posted it.
  expect(products.filter((product) => product.officialBrand).every((product) => product.sellerId === admin!.id)).toBe(true);
  expect(products.filter((product) => product.sellerId === admin!.id)).toHaveLength(12);
  expect(products.filter((product) => product.sellerId === seller!.id && !product.officialBrand)).toHaveLength(12);
  expect(products.filter((product) => product.validUntil < NOW).map((product) => product.name)).toEqual(['Elaichi Kela']);
  expect(products.find((product) => product.name === 'Desi Tamatar')).toMatchObject({
    pricePaise: 4000,
    weightGrams: 1000,
    category: 'fresh_produce',
    validUntil: new Date('2026-11-22T08:40:00.000Z'),
    createdAt: new Date('2026-11-22T06:29:30.000Z'),
  });

  const addresses = await db.prisma.address.findMany({ where: { userId: buyer!.id } });
  expect(addresses).toMatchObject([{ pincode: '560001', state: 'Karnataka', isDefault: true, isDeleted: false }]);
  expect(await db.prisma.interestedSeller.findMany()).toMatchObject([{ userId: buyer!.id, status: 'interested', inviteSent: false }]);
});

test('a database with users is left alone', async () => {
  const before = await db.prisma.product.count();

  expect(await seedDatabase(db.url, { admin: 'other-a', seller: 'other-s', buyer: 'other-b' }, { now: NOW })).toBe(false);
  // seed() returns before it would reach the Auth emulator (no host is given, which would throw).
  const messages: string[] = [];
  expect(await seed(db.url, { log: (message: string) => messages.push(message) })).toBe(false);

  expect(messages).toEqual(['Database has users already: not seeding']);
  expect(await db.prisma.user.count()).toBe(3);
  expect(await db.prisma.product.count()).toBe(before);
});

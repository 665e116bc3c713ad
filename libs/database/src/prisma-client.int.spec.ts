import { createTestDatabase, type TestDatabase } from './testing/test-database.js';
import { newOrder, newProduct, newUser } from './testing/factories.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

test('the generated client writes and reads through the pg driver adapter', async () => {
  const seller = await newUser(db.prisma, { username: 'kisan_ravi', email: 'ravi@mandi.test' });
  await db.prisma.product.create({
    data: {
      sellerId: seller.id,
      name: 'Alphonso Aam',
      description: 'Ratnagiri Alphonso mangoes, one dozen.',
      pricePaise: 89_900,
      validUntil: new Date('2026-12-31T18:30:00.000Z'),
      sellerPhone: '9876543210',
      weightGrams: 2500,
      category: 'fresh_fruits',
      images: { create: [{ position: 0, fileKey: 'products/aam-1.webp', contentType: 'image/webp' }] },
    },
  });

  const found = await db.prisma.product.findFirstOrThrow({
    where: { name: { contains: 'aam', mode: 'insensitive' } },
    include: { images: true, seller: { include: { profile: true } } },
  });

  expect(found).toMatchObject({
    name: 'Alphonso Aam',
    pricePaise: 89_900,
    validUntil: new Date('2026-12-31T18:30:00.000Z'),
    weightGrams: 2500,
    officialBrand: false,
    category: 'fresh_fruits',
    images: [{ position: 0, fileKey: 'products/aam-1.webp', contentType: 'image/webp' }],
    seller: { username: 'kisan_ravi', role: 'user', status: 'active', profile: { fullName: 'Test User' } },
  });
});

test('an interactive transaction rolls back every write when it throws', async () => {
  const before = await db.prisma.user.count();

  await expect(
    db.prisma.$transaction(async (tx) => {
      await newUser(tx);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');

  expect(await db.prisma.user.count()).toBe(before);
});

test('BigInt ids and JSON payloads of the outbox come back as written', async () => {
  const event = await db.prisma.outboxEvent.create({
    data: { type: 'order.placed', aggregateId: '42', payload: { orderId: 42, lines: [{ productId: 7, quantity: 2 }] } },
  });

  const read = await db.prisma.outboxEvent.findUniqueOrThrow({ where: { id: event.id } });

  expect(typeof read.id).toBe('bigint');
  expect(read).toMatchObject({
    type: 'order.placed',
    aggregateId: '42',
    payload: { orderId: 42, lines: [{ productId: 7, quantity: 2 }] },
    publishedAt: null,
  });
});

test('the order factory copies the address and prices the lines', async () => {
  const product = await newProduct(db.prisma, { name: 'Basmati Chawal', pricePaise: 12_000, weightGrams: 5000 });

  const order = await newOrder(db.prisma, { lines: [{ product, quantity: 2 }] });

  expect(order).toMatchObject({
    status: 'pending',
    paymentStatus: 'unpaid',
    subtotalPaise: 24_000,
    shippingPaise: 3000,
    totalPaise: 27_000,
    totalWeightGrams: 10_000,
    addressPincode: '560001',
    addressState: 'Karnataka',
  });
  const items = await db.prisma.orderItem.findMany({ where: { orderId: order.id } });
  expect(items).toMatchObject([
    { productId: product.id, productName: 'Basmati Chawal', unitPricePaise: 12_000, quantity: 2, weightGrams: 5000 },
  ]);
});

import { createTestDatabase, type TestDatabase } from './testing/test-database.js';
import { newAddress, newOrder, newProduct, newUser } from './testing/factories.js';

// The rules the migration adds by hand (CHECKs, partial unique indexes, citext), tested against a
// real migrated database: schema.prisma cannot express them, so the drift test does not see them.
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

test('usernames and e-mails are unique whatever their case', async () => {
  await newUser(db.prisma, { username: 'Ravi_K', email: 'Ravi@Mandi.test' });

  await expect(newUser(db.prisma, { username: 'ravi_k' })).rejects.toThrow(
    /Unique constraint failed on the fields: \(`username`\)/,
  );
  await expect(newUser(db.prisma, { email: 'ravi@mandi.TEST' })).rejects.toThrow(
    /Unique constraint failed on the fields: \(`email`\)/,
  );
  expect(await db.prisma.user.findUnique({ where: { username: 'RAVI_K' } })).toMatchObject({ username: 'Ravi_K' });
});

test('a cart quantity must be between 1 and 15', async () => {
  const user = await newUser(db.prisma);
  const [first, second, third] = [
    await newProduct(db.prisma),
    await newProduct(db.prisma),
    await newProduct(db.prisma),
  ];

  await db.prisma.cartItem.create({ data: { userId: user.id, productId: first.id, quantity: 15 } });
  await expect(
    db.prisma.cartItem.create({ data: { userId: user.id, productId: second.id, quantity: 16 } }),
  ).rejects.toThrow(/cart_items_quantity_check/);
  await expect(
    db.prisma.cartItem.create({ data: { userId: user.id, productId: third.id, quantity: 0 } }),
  ).rejects.toThrow(/cart_items_quantity_check/);
});

test('the same product cannot be in one cart twice', async () => {
  const user = await newUser(db.prisma);
  const product = await newProduct(db.prisma);
  await db.prisma.cartItem.create({ data: { userId: user.id, productId: product.id } });

  await expect(db.prisma.cartItem.create({ data: { userId: user.id, productId: product.id } })).rejects.toThrow(
    /Unique constraint failed on the fields: \(`user_id`, `product_id`\)/,
  );
});

test('a user has at most one default address among those not deleted', async () => {
  const user = await newUser(db.prisma);
  await newAddress(db.prisma, { userId: user.id, isDefault: true });
  // A deleted former default does not count.
  await newAddress(db.prisma, { userId: user.id, isDefault: true, isDeleted: true });

  await expect(newAddress(db.prisma, { userId: user.id, isDefault: true })).rejects.toThrow(
    /Unique constraint failed on the fields: \(`user_id`\)/,
  );
  await expect(newAddress(db.prisma, { userId: user.id, isDefault: false })).resolves.toMatchObject({
    isDefault: false,
  });
});

test('a product has a positive price and at most 4 images, numbered 0 to 3', async () => {
  await expect(newProduct(db.prisma, { pricePaise: 0 })).rejects.toThrow(/products_price_paise_check/);
  const product = await newProduct(db.prisma);

  await db.prisma.productImage.create({
    data: { productId: product.id, position: 3, fileKey: 'a.webp', contentType: 'image/webp' },
  });
  await expect(
    db.prisma.productImage.create({
      data: { productId: product.id, position: 4, fileKey: 'b.webp', contentType: 'image/webp' },
    }),
  ).rejects.toThrow(/product_images_position_check/);
});

test('one request id makes one product per seller', async () => {
  const seller = await newUser(db.prisma);
  await newProduct(db.prisma, { sellerId: seller.id, requestId: 'req-1' });

  await expect(newProduct(db.prisma, { sellerId: seller.id, requestId: 'req-1' })).rejects.toThrow(
    /Unique constraint failed on the fields: \(`seller_id`, `request_id`\)/,
  );
  // Another seller may happen to use the same key.
  await expect(newProduct(db.prisma, { requestId: 'req-1' })).resolves.toMatchObject({ requestId: 'req-1' });
});

test("an order's total is its subtotal plus shipping", async () => {
  await expect(newOrder(db.prisma, { subtotalPaise: 10_000, shippingPaise: 3000, totalPaise: 12_000 })).rejects.toThrow(
    /orders_total_paise_check/,
  );
});

test('deleting a product keeps the order lines that sold it', async () => {
  const product = await newProduct(db.prisma, { name: 'A2 Cow Ghee' });
  const order = await newOrder(db.prisma, { lines: [{ product }] });

  await db.prisma.product.delete({ where: { id: product.id } });

  const [line] = await db.prisma.orderItem.findMany({ where: { orderId: order.id } });
  expect(line).toMatchObject({ productId: null, productName: 'A2 Cow Ghee', unitPricePaise: product.pricePaise });
});

import {
  createQueryCountingClient,
  createTestDatabase,
  newOrder,
  newProduct,
  newUser,
  type PrismaService,
  type QueryCountingClient,
  type TestDatabase,
} from '@mandi/database';
import { loadConfig } from '@mandi/config';
import { ordersOfUserQuerySchema } from '@mandi/contracts';
import { LocalFileStore } from '@mandi/storage';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

// The buyer's order pages against the real database: the query count of My Orders and of the details page stays the
// same whatever the number of orders and lines (CONTRIBUTING.md: an N+1 fails here).

describe('OrdersService reads against the real database', () => {
  let db: TestDatabase;
  let counting: QueryCountingClient;
  let service: OrdersService;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createQueryCountingClient(db.url);
    service = new OrdersService(
      new OrdersRepository(counting.prisma as unknown as PrismaService),
      new LocalFileStore('var/files'),
      loadConfig({ NODE_ENV: 'test' }),
    );
  });
  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
  });

  it('lists a buyer’s orders, lines and images included, in one query whatever their number', async () => {
    const buyer = await newUser(db.prisma);
    await newOrder(db.prisma, { userId: buyer.id });
    counting.reset();
    expect((await service.ofBuyer(String(buyer.id), ordersOfUserQuerySchema.parse({}))).orders).toHaveLength(1);
    const forOne = counting.count();

    for (let i = 0; i < 12; i += 1) {
      const product = await newProduct(db.prisma, { name: `Line ${i}` });
      const order = await newOrder(db.prisma, { userId: buyer.id, lines: [{ product, quantity: 2 }, {}, {}] });
      await db.prisma.orderItem.updateMany({
        where: { orderId: order.id },
        data: { imageKey: `products/${product.id}/a.webp` },
      });
    }
    counting.reset();
    const page = await service.ofBuyer(String(buyer.id), ordersOfUserQuerySchema.parse({}));
    expect(page.total).toBe(13);
    expect(page.orders).toHaveLength(13);
    expect(page.orders[0]!.items).toHaveLength(3);
    expect(page.orders[0]!.firstItem).toEqual(page.orders[0]!.items[0]);
    expect(page.orders[0]!.items[0]!.images).toEqual([expect.stringMatching(/^\/files\/products\/\d+\/a\.webp$/)]);
    expect(counting.count()).toBe(forOne);
    expect(forOne).toBe(1);
  });

  it('answers the details page, lines, payment, address and documents included, in one query', async () => {
    const buyer = await newUser(db.prisma);
    const order = await newOrder(db.prisma, { userId: buyer.id, lines: [{}, {}, {}, {}] });
    counting.reset();
    const detail = await service.detail(
      { id: buyer.id, uid: 'x', email: 'x@mandi.test', role: 'user' },
      String(order.id),
    );
    expect(detail.items).toHaveLength(4);
    expect(detail.invoice).toBeNull();
    expect(counting.count()).toBe(1);
  });
});

import {
  createQueryCountingClient,
  createTestDatabase,
  newOrder,
  newUser,
  type PrismaService,
  type QueryCountingClient,
  type TestDatabase,
} from '@mandi/database';
import { loadConfig } from '@mandi/config';
import { adminOrdersQuerySchema } from '@mandi/contracts';
import { AdminOrdersRepository } from './admin-orders.repository.js';
import { AdminOrdersService } from './admin-orders.service.js';

// The admin order list against the real database: one query for a page, its buyers, its lines and the count,
// whatever the page size and whether it searches; one query for a move that succeeds (design.md section 5).

describe('AdminOrdersService against the real database', () => {
  let db: TestDatabase;
  let counting: QueryCountingClient;
  let service: AdminOrdersService;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createQueryCountingClient(db.url);
    service = new AdminOrdersService(new AdminOrdersRepository(counting.prisma as unknown as PrismaService), loadConfig({ NODE_ENV: 'test' }));
  });
  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
  });

  it('lists a page of orders with buyers, lines and the count in one query, searching or not', async () => {
    await newOrder(db.prisma);
    counting.reset();
    expect((await service.list(adminOrdersQuerySchema.parse({}))).orders).toHaveLength(1);
    const forOne = counting.count();

    const buyer = await newUser(db.prisma, { username: 'kiran_searchable' });
    for (let i = 0; i < 15; i += 1) await newOrder(db.prisma, { userId: buyer.id, lines: [{}, {}] });
    counting.reset();
    const page = await service.list(adminOrdersQuerySchema.parse({ filter: '1y', perPage: '10' }));
    expect(page).toMatchObject({ total: 16 });
    expect(page.orders).toHaveLength(10);
    expect(page.orders[0]!.items).toHaveLength(2);
    expect(counting.count()).toBe(forOne);

    counting.reset();
    const found = await service.list(adminOrdersQuerySchema.parse({ filter: '1y', search: 'SEARCHABLE' }));
    expect(found.total).toBe(15);
    expect(counting.count()).toBe(forOne);
    expect(forOne).toBe(1);
  });

  it('confirms in one statement', async () => {
    const order = await newOrder(db.prisma);
    counting.reset();
    const answer = await service.confirm(String(order.id));
    expect(answer.order.status).toBe('confirmed');
    expect(counting.count()).toBe(1);
  });
});

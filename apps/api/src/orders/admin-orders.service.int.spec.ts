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
import { Redis } from 'ioredis';
import { ListingCache } from '../products/listing.cache.js';
import { AdminOrdersRepository } from './admin-orders.repository.js';
import { AdminOrdersService } from './admin-orders.service.js';

// The admin order list against the real database: one query for a page, its buyers, its lines and the count,
// whatever the page size and whether it searches; one query for a move that succeeds (CONTRIBUTING.md).

describe('AdminOrdersService against the real database', () => {
  let db: TestDatabase;
  let counting: QueryCountingClient;
  let service: AdminOrdersService;
  let redis: Redis;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createQueryCountingClient(db.url);
    const config = loadConfig({ NODE_ENV: 'test', REDIS_PREFIX: `test-admin-orders-${process.pid}` });
    redis = new Redis(config.REDIS_URL);
    service = new AdminOrdersService(
      new AdminOrdersRepository(counting.prisma as unknown as PrismaService),
      config,
      new ListingCache(redis, config),
    );
  });
  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
    const keys = await redis.keys('test-admin-orders-*');
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
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

  it('confirms in one statement that also writes the audit row, naming the admin and the state before and after', async () => {
    const admin = await newUser(db.prisma, { role: 'admin' });
    const caller = { id: admin.id, uid: admin.firebaseUid, email: admin.email, role: 'admin' as const };
    const order = await newOrder(db.prisma);
    counting.reset();
    const answer = await service.move(caller, 'confirm', String(order.id));
    expect(answer.order.status).toBe('confirmed');
    expect(counting.count()).toBe(1);
    const audit = await db.prisma.auditEntry.findMany({ where: { objectType: 'order', objectId: String(order.id) } });
    expect(audit).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        action: 'order.confirm',
        before: { status: 'pending', payment_status: 'unpaid' },
        after: { status: 'confirmed', payment_status: 'unpaid' },
      }),
    ]);
  });

  it('writes no audit row for a move the order process refuses', async () => {
    const admin = await newUser(db.prisma, { role: 'admin' });
    const caller = { id: admin.id, uid: admin.firebaseUid, email: admin.email, role: 'admin' as const };
    const order = await newOrder(db.prisma);
    await expect(service.move(caller, 'mark_shipped', String(order.id))).rejects.toMatchObject({
      code: 'invalid_transition',
    });
    expect(await db.prisma.auditEntry.count({ where: { objectId: String(order.id) } })).toBe(0);
  });

  it('keeps the audit trail append-only, even for the role the application connects as', async () => {
    const admin = await newUser(db.prisma, { role: 'admin' });
    const caller = { id: admin.id, uid: admin.firebaseUid, email: admin.email, role: 'admin' as const };
    const order = await newOrder(db.prisma);
    await service.move(caller, 'cancel', String(order.id), 'Buyer phoned to cancel');
    const [entry] = await db.prisma.auditEntry.findMany({ where: { objectId: String(order.id) } });
    expect(entry).toMatchObject({
      action: 'order.cancel',
      after: { status: 'cancelled', cancel_reason: 'Buyer phoned to cancel' },
    });
    await expect(
      db.prisma.$executeRaw`UPDATE audit_entries SET action = 'order.confirm' WHERE id = ${entry!.id}`,
    ).rejects.toThrow(/append-only/);
    await expect(db.prisma.$executeRaw`DELETE FROM audit_entries WHERE id = ${entry!.id}`).rejects.toThrow(
      /append-only/,
    );
    await expect(db.prisma.$executeRaw`TRUNCATE audit_entries`).rejects.toThrow(/append-only/);
    expect(await db.prisma.auditEntry.findUnique({ where: { id: entry!.id } })).toMatchObject({
      action: 'order.cancel',
    });
  });
});

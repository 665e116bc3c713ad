import {
  Prisma,
  createQueryCountingClient,
  createTestDatabase,
  type PrismaService,
  type QueryCountingClient,
  type TestDatabase,
} from '@mandi/database';
import { LruCache } from './pincodes.cache.js';
import { officesQuery, PincodesRepository } from './pincodes.repository.js';
import { PincodesService } from './pincodes.service.js';

describe('PincodesService against the real directory', () => {
  let db: TestDatabase;
  let counting: QueryCountingClient;
  let service: PincodesService;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createQueryCountingClient(db.url);
    service = new PincodesService(new PincodesRepository(counting.prisma as unknown as PrismaService));
  });
  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
  });

  it('answers a lookup with one indexed query, and a repeated one from memory', async () => {
    counting.reset();
    expect((await service.lookup('110001')).PostOffice).toHaveLength(21);
    expect(counting.count()).toBe(1);
    counting.reset();
    expect((await service.lookup('110001')).Status).toBe('Success');
    expect((await service.lookup('999999')).Status).toBe('Error');
    expect((await service.lookup('999999')).Status).toBe('Error');
    expect(counting.count()).toBe(1);
  });

  it('reads the pincode index, not the whole table', async () => {
    const plan = await db.prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${officesQuery('560001')}`);
    const text = plan.map((line) => line['QUERY PLAN']).join('\n');
    expect(text).toContain('pincodes_pincode_idx');
    expect(text).not.toContain('Seq Scan');
  });
});

describe('LruCache', () => {
  it('drops the least recently used entry when full, and entries past their lifetime', () => {
    let now = 0;
    const cache = new LruCache<string, number>(2, 1000, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

import { FaultStack } from './support/fault-stack.js';

// The fault tests' harness itself (test/faults/support): a cluster of its own that keeps its data across a restart and
// refuses connections while stopped, a Redis of its own, and the built apps as processes that can be crashed and
// started again. What the fault tests build on, proved once here.

let stack: FaultStack;

beforeAll(async () => {
  stack = await FaultStack.start({ name: 'harness' });
}, 180_000);

afterAll(() => stack?.stop(), 60_000);

it(
  'runs the apps against a migrated cluster of its own on its own port',
  () =>
    stack.explained(async () => {
      expect(stack.postgres.port).not.toBe(5432);
      expect(new URL(stack.postgres.url).port).toBe(String(stack.postgres.port));
      expect(await stack.health()).toMatchObject({
        status: 200,
        body: { status: 'ok', database: 'up', redis: 'up', worker: 'up' },
      });
      // Migrated the project's way: every migration recorded, the pincode directory loaded.
      const client = await stack.postgres.client();
      try {
        const { rows } = await client.query(
          'SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL',
        );
        expect(rows[0].n).toBeGreaterThan(0);
        const pincodes = await client.query('SELECT count(*)::int AS n FROM pincodes');
        expect(pincodes.rows[0].n).toBeGreaterThan(100_000);
      } finally {
        await client.end();
      }
    }),
  60_000,
);

it(
  'keeps its data across a restart, and refuses connections while stopped',
  () =>
    stack.explained(async () => {
      const user = await stack.newUser();
      await stack.postgres.stop();
      expect(stack.postgres.isRunning).toBe(false);
      await expect(stack.postgres.client()).rejects.toThrow(/ECONNREFUSED/);
      await stack.postgres.start();
      expect(await stack.db.user.findUnique({ where: { id: user.id } })).toMatchObject({ email: user.email });
    }),
  60_000,
);

it(
  'crashes the worker with SIGKILL and starts it again; flushes Redis',
  () =>
    stack.explained(async () => {
      const exit = await stack.worker.kill('SIGKILL');
      expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
      expect(stack.worker.isRunning).toBe(false);
      await stack.worker.start();
      expect(stack.worker.generation).toBe(2);
      expect(stack.worker.logs()).toContain('== ');

      expect((await stack.redis.keys()).length).toBeGreaterThan(0);
      await stack.redis.flushAll();
      expect(await stack.redis.keys()).toEqual([]);
      // The worker's next heartbeat brings health back by itself.
      await stack.waitForHealth(200);
    }),
  60_000,
);

import { adminPipelineAnswerSchema } from '@mandi/contracts';
import { queueNames } from '@mandi/events';
import { Queue } from 'bullmq';
import { ApiHarness, type TestUser } from '../../test/harness.js';

// GET /api/admin/pipeline against the real API process, PostgreSQL, Redis and the Auth emulator: what the console's
// dashboard shows, and only to admins.

describe('GET /api/admin/pipeline', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, buyer] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);
  });
  afterAll(() => api.stop());

  const read = (user: TestUser | null) =>
    api.request({
      method: 'GET',
      url: '/api/admin/pipeline',
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
    });

  it('is for admins only: 401 for a visitor, 403 for a signed-in user', async () => {
    expect((await read(null)).statusCode).toBe(401);
    const refused = await read(buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('queues');
  });

  it('shows an idle pipeline with no worker as such', async () => {
    const response = await read(admin);
    expect(response.statusCode).toBe(200);
    const answer = adminPipelineAnswerSchema.parse(response.json());
    expect(answer.queues.map((queue) => queue.name)).toEqual([...queueNames]);
    for (const queue of answer.queues)
      expect(queue).toEqual({ name: queue.name, waiting: 0, active: 0, delayed: 0, failed: 0, dead: 0 });
    expect(answer).toMatchObject({
      deadJobs: 0,
      outbox: { unpublished: 0, oldestAgeSeconds: null },
      worker: { alive: false, lastBeatAt: null, documents: 'down', documentsProblem: null },
      queuesDashboardUrl: '/adminpanel/queues/',
    });
  });

  it("shows each queue's jobs and dead jobs, the outbox backlog and the workers' documents problem", async () => {
    const [event] = await api.db.prisma.$queryRaw<{ id: bigint }[]>`
      INSERT INTO outbox_events (type, aggregate_id, payload, created_at)
      VALUES ('order.placed', '7', '{"orderId": 7}', now() - interval '42 seconds') RETURNING id`;
    await api.db.prisma.$executeRaw`
      INSERT INTO pending_jobs (event_id, job, queue, due_at, dead_at, error)
      VALUES (${event!.id}, 'payment.refund', 'payments', now(), now(), 'Razorpay answered 500'),
             (${event!.id}, 'invoice.issue', 'documents', now(), NULL, NULL)`;
    const payments = new Queue('payments', {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: api.redisPrefix,
    });
    try {
      await payments.add('payment.refund', { eventId: String(event!.id) });
    } finally {
      await payments.close();
    }
    const beat = new Date().toISOString();
    await api.redis.set(`${api.redisPrefix}:worker:heartbeat`, beat, 'EX', 15);
    const down = {
      worker: 'worker-host:4242',
      reason: 'Chromium did not start: Browser was not found at /opt/chromium',
      at: beat,
    };
    await api.redis.set(`${api.redisPrefix}:worker:documents-down`, JSON.stringify(down), 'EX', 15);

    const answer = adminPipelineAnswerSchema.parse((await read(admin)).json());
    expect(answer.queues.find((queue) => queue.name === 'payments')).toEqual({
      name: 'payments',
      waiting: 1,
      active: 0,
      delayed: 0,
      failed: 0,
      dead: 1,
    });
    // A job that is pending but not dead is the reconciler's business, not the admin's.
    expect(answer.queues.find((queue) => queue.name === 'documents')!.dead).toBe(0);
    expect(answer.deadJobs).toBe(1);
    expect(answer.outbox.unpublished).toBe(1);
    expect(answer.outbox.oldestAgeSeconds).toBeGreaterThanOrEqual(42);
    expect(answer.outbox.oldestAgeSeconds).toBeLessThan(60);
    expect(answer.worker).toEqual({
      alive: true,
      lastBeatAt: beat,
      documents: 'down',
      documentsProblem: 'worker-host:4242: Chromium did not start: Browser was not found at /opt/chromium',
    });
  });
});

import { deadJobListSchema, deadJobRetryAnswerSchema } from '@mandi/contracts';
import { DEAD_JOB_MESSAGES } from '@mandi/domain';
import { ApiHarness, type TestUser } from '../../test/harness.js';

// The Dead jobs tab's API against the real API process, PostgreSQL and the Auth emulator: what an admin sees of a job
// that used up its attempts, and the one write a retry makes (the worker's reconciler carries it out: its own spec,
// apps/worker/src/pipeline/job.reconciler.int.spec.ts, runs a job retried by this very write once).

describe('/api/admin/jobs/dead', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, otherAdmin, buyer] = await Promise.all([
      api.newUser({ role: 'admin' }),
      api.newUser({ role: 'admin' }),
      api.newUser(),
    ]);
  });
  afterAll(() => api.stop());
  beforeEach(async () => {
    await api.db.prisma.$executeRaw`TRUNCATE pending_jobs, failed_jobs, outbox_events RESTART IDENTITY CASCADE`;
  });

  const as = (user: TestUser | null): Record<string, string> => (user ? { authorization: `Bearer ${user.token}` } : {});
  const list = (user: TestUser | null, query = '') =>
    api.request({ method: 'GET', url: `/api/admin/jobs/dead${query}`, headers: as(user) });
  const retry = (user: TestUser | null, id: string | bigint) =>
    api.request({ method: 'POST', url: `/api/admin/jobs/dead/${id}/retry`, headers: as(user) });

  /** An outbox event, as the API's writers leave it (published: the relay has enqueued its jobs). */
  async function event(type: string, payload: Record<string, number>, aggregateId: string): Promise<bigint> {
    const [row] = await api.db.prisma.$queryRaw<{ id: bigint }[]>`
      INSERT INTO outbox_events (type, aggregate_id, payload, published_at)
      VALUES (${type}, ${aggregateId}, ${JSON.stringify(payload)}::jsonb, now()) RETURNING id`;
    return row!.id;
  }

  /** A pending_jobs row; dead `diedSecondsAgo` seconds ago with `error`, or live when that is null. */
  async function pendingJob(
    eventId: bigint,
    job: string,
    queue: string,
    died: { secondsAgo: number; error: string } | null,
  ): Promise<bigint> {
    const [row] = await api.db.prisma.$queryRaw<{ id: bigint }[]>`
      INSERT INTO pending_jobs (event_id, job, queue, due_at, enqueues, dead_at, error)
      VALUES (${eventId}, ${job}, ${queue}, now() - interval '1 hour', 2,
              ${died ? new Date(Date.now() - died.secondsAgo * 1000) : null}::timestamptz, ${died?.error ?? null})
      RETURNING id`;
    return row!.id;
  }

  /** A final failure as the worker's runner records it in failed_jobs. */
  async function failure(
    eventId: bigint,
    job: string,
    queue: string,
    attemptsMade: number,
    failedSecondsAgo: number,
  ): Promise<void> {
    await api.db.prisma.$executeRaw`
      INSERT INTO failed_jobs (queue, job_id, name, data, error, attempts_made, failed_at)
      VALUES (${queue}, ${`${job}#${eventId}`}, ${job}, ${JSON.stringify({ eventId: String(eventId) })}::jsonb, 'failed', ${attemptsMade},
              now() - make_interval(secs => ${failedSecondsAgo}))`;
  }

  async function pendingRow(id: bigint) {
    const [row] = await api.db.prisma.$queryRaw<
      { dead_at: Date | null; error: string | null; retry_requested_at: Date | null; enqueues: number }[]
    >`
      SELECT dead_at, error, retry_requested_at, enqueues FROM pending_jobs WHERE id = ${id}`;
    return row;
  }

  it('is for admins only: 401 for a visitor, 403 for a signed-in user, and a refused retry changes nothing', async () => {
    const refund = await pendingJob(await event('order.cancelled', { orderId: 7 }, '7'), 'payment.refund', 'payments', {
      secondsAgo: 5,
      error: 'Razorpay answered 500',
    });
    expect((await list(null)).statusCode).toBe(401);
    const refused = await list(buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(refused.body).not.toContain('Razorpay');

    expect((await retry(null, refund)).statusCode).toBe(401);
    expect((await retry(buyer, refund)).statusCode).toBe(403);
    expect(await pendingRow(refund)).toMatchObject({ error: 'Razorpay answered 500', retry_requested_at: null });
  });

  it('says when no job is dead', async () => {
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('lists each dead job with its event, aggregate, error, death, enqueues and latest attempts, the most recent death first', async () => {
    const cancelled = await event('order.cancelled', { orderId: 7 }, '7');
    const refund = await pendingJob(cancelled, 'payment.refund', 'payments', {
      secondsAgo: 60,
      error: 'Razorpay answered 500',
    });
    await failure(cancelled, 'payment.refund', 'payments', 5, 3600);
    await failure(cancelled, 'payment.refund', 'payments', 3, 60);
    const issued = await event('invoice.issued', { invoiceId: 12, orderId: 9 }, '12');
    const render = await pendingJob(issued, 'invoice.render', 'documents', {
      secondsAgo: 10,
      error: 'Chromium did not start',
    });
    // A job still on its way is the reconciler's business, not the admin's.
    await pendingJob(await event('order.paid', { orderId: 9 }, '9'), 'invoice.issue', 'documents', null);

    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const jobs = deadJobListSchema.parse(response.json());
    expect(jobs).toEqual([
      {
        id: String(render),
        queue: 'documents',
        job: 'invoice.render',
        event_type: 'invoice.issued',
        event_id: String(issued),
        aggregate: { field: 'invoiceId', id: '12' },
        payload: { invoiceId: 12, orderId: 9 },
        enqueues: 2,
        // The reconciler found it failed in its queue: failed_jobs has no row of it.
        attempts_made: null,
        retryable: true,
        error: 'Chromium did not start',
        dead_at: expect.any(String),
      },
      {
        id: String(refund),
        queue: 'payments',
        job: 'payment.refund',
        event_type: 'order.cancelled',
        event_id: String(cancelled),
        aggregate: { field: 'orderId', id: '7' },
        payload: { orderId: 7 },
        enqueues: 2,
        attempts_made: 3,
        retryable: true,
        error: 'Razorpay answered 500',
        dead_at: expect.any(String),
      },
    ]);
    const refundDiedAgo = Date.now() - Date.parse(jobs[1]!.dead_at);
    expect(refundDiedAgo).toBeGreaterThanOrEqual(55_000);
    expect(refundDiedAgo).toBeLessThan(120_000);
  });

  it('pages like the other console lists (page, perPage, X-Total-Count) and refuses a page size out of range', async () => {
    const ids: bigint[] = [];
    for (let n = 1; n <= 3; n += 1) {
      ids.push(
        await pendingJob(await event('order.cancelled', { orderId: n }, String(n)), 'payment.refund', 'payments', {
          secondsAgo: 100 - n,
          error: `failure ${n}`,
        }),
      );
    }
    const second = await list(admin, '?page=2&perPage=2');
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-total-count']).toBe('3');
    expect(second.json().map((job: { id: string }) => job.id)).toEqual([String(ids[0])]);
    expect((await list(admin, '?page=3&perPage=2')).json()).toEqual([]);

    const tooMany = await list(admin, '?perPage=201');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'perPage must be a whole number from 1 to 200',
    });
  });

  it('retries a dead job with one write: no longer dead, its error cleared, a retry requested; then it is not listed', async () => {
    const cancelled = await event('order.cancelled', { orderId: 7 }, '7');
    const refund = await pendingJob(cancelled, 'payment.refund', 'payments', {
      secondsAgo: 30,
      error: 'Razorpay answered 500',
    });
    await failure(cancelled, 'payment.refund', 'payments', 5, 30);

    const response = await retry(admin, refund);
    expect(response.statusCode).toBe(202);
    const answer = deadJobRetryAnswerSchema.parse(response.json());
    expect(answer).toEqual({
      message: 'Retry queued: the worker runs it within 10 seconds.',
      job: {
        id: String(refund),
        queue: 'payments',
        job: 'payment.refund',
        event_type: 'order.cancelled',
        event_id: String(cancelled),
        aggregate: { field: 'orderId', id: '7' },
        payload: { orderId: 7 },
        enqueues: 2,
        attempts_made: 5,
        retryable: true,
        error: null,
        dead_at: null,
        retry_requested_at: expect.any(String),
      },
    });
    const row = await pendingRow(refund);
    expect(row).toMatchObject({ dead_at: null, error: null, enqueues: 2 });
    expect(row!.retry_requested_at).toBeInstanceOf(Date);
    expect(row!.retry_requested_at!.toISOString()).toBe(answer.job.retry_requested_at);
    expect(Math.abs(Date.now() - row!.retry_requested_at!.getTime())).toBeLessThan(10_000);
    expect((await list(admin)).json()).toEqual([]);

    // Pressed again (a second tab, a double click that got through): nothing is dead any more.
    const again = await retry(admin, refund);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ statusCode: 404, error: 'Not Found', message: DEAD_JOB_MESSAGES.notFound });
    expect((await pendingRow(refund))!.retry_requested_at!.toISOString()).toBe(answer.job.retry_requested_at);

    // The audit trail has the one retry that changed something, by this admin, with the error it cleared.
    // (Ids restart with each test's TRUNCATE while the trail keeps every row, so the newest row of this id is this one.)
    const audit = await api.db.prisma.auditEntry.findMany({
      where: { objectType: 'job', objectId: String(refund) },
      orderBy: { id: 'desc' },
      take: 1,
    });
    expect(audit).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        action: 'job.retry',
        before: expect.objectContaining({ job: 'payment.refund', error: 'Razorpay answered 500' }),
        after: expect.objectContaining({ job: 'payment.refund', retry_requested_at: expect.any(String) }),
      }),
    ]);
  });

  it('lets exactly one of two admins retrying at once win; the other is told the job is not dead any more', async () => {
    for (let round = 1; round <= 5; round += 1) {
      const job = await pendingJob(
        await event('order.cancelled', { orderId: round }, String(round)),
        'payment.refund',
        'payments',
        {
          secondsAgo: 1,
          error: 'Razorpay answered 500',
        },
      );
      const auditedBefore = await api.db.prisma.auditEntry.count();
      const answers = await Promise.all([retry(admin, job), retry(otherAdmin, job)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 404]);
      expect(answers.find((answer) => answer.statusCode === 404)!.json().message).toBe(DEAD_JOB_MESSAGES.notFound);
      expect(await pendingRow(job)).toMatchObject({ dead_at: null, error: null });
      // One audit row: the winner's (the trail is append-only, so count what this round added).
      expect((await api.db.prisma.auditEntry.count()) - auditedBefore).toBe(1);
    }
  });

  it('answers 404 for an id that names no dead job (unknown, not an id, a job still on its way) and changes nothing', async () => {
    const live = await pendingJob(await event('order.paid', { orderId: 3 }, '3'), 'invoice.issue', 'documents', null);
    for (const id of ['999999', 'abc', '0', '-1', '99999999999']) {
      const response = await retry(admin, id);
      expect({ id, status: response.statusCode, body: response.json() }).toEqual({
        id,
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: DEAD_JOB_MESSAGES.notFound },
      });
    }
    expect((await retry(admin, live)).statusCode).toBe(404);
    expect(await pendingRow(live)).toMatchObject({ dead_at: null, retry_requested_at: null });
  });

  it('refuses (409) to retry a job this version no longer runs, which the list marks as not retryable', async () => {
    const old = await pendingJob(await event('order.paid', { orderId: 4 }, '4'), 'invoice.legacy-export', 'documents', {
      secondsAgo: 1,
      error: "No handler for job 'invoice.legacy-export'",
    });
    expect(deadJobListSchema.parse((await list(admin)).json())[0]).toMatchObject({ id: String(old), retryable: false });
    const refused = await retry(admin, old);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      error: 'Conflict',
      message: DEAD_JOB_MESSAGES.notRetryable,
    });
    expect(await pendingRow(old)).toMatchObject({
      error: "No handler for job 'invoice.legacy-export'",
      retry_requested_at: null,
    });
  });
});

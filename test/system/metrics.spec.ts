import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { newAddress, newProduct, POOL_METRIC } from '@mandi/database';
import { Queue } from 'bullmq';
import { ApiHarness, freePort, productionEnv } from '../../apps/api/test/harness.js';
// Only the worker's metric names, to hold docs/operations.md to both processes in one place.
import { workerRegistry } from '../../apps/worker/src/metrics/worker-metrics.js';

// GET /api/metrics against the real API process, PostgreSQL and Redis (docs/operations.md): what Prometheus reads, and
// who may read it.

/** The value of the sample `series` (name and labels exactly as written) in Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics in development and tests', () => {
  let api: ApiHarness;
  let razorpayPort: number;

  beforeAll(async () => {
    // Razorpay is a port nothing listens on: every call fails, as when the provider is unreachable.
    razorpayPort = await freePort();
    api = await ApiHarness.start({ RAZORPAY_API_URL: `http://127.0.0.1:${razorpayPort}` });
  });
  afterAll(() => api.stop());

  const metrics = async () => {
    const response = await api.request({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('is open without a token, with the process metrics', async () => {
    const text = await metrics();
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('times answers by route pattern and status, never by the raw URL', async () => {
    const id = 987_654;
    for (let i = 0; i < 3; i += 1)
      expect((await api.request({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
    await api.request({ method: 'GET', url: `/api/no-such-route/${randomUUID()}` });
    const text = await metrics();
    expect(
      sample(
        text,
        'mandi_http_request_duration_seconds_count{method="GET",route="/api/products/:id",status_code="404"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'mandi_http_request_duration_seconds_bucket{le="10",method="GET",route="/api/products/:id",status_code="404"}',
      ),
    ).toBe(3);
    // No API route takes it: the front ends' fallback does, one series whatever the path.
    expect(sample(text, 'mandi_http_request_duration_seconds_count{method="GET",route="/*",status_code="404"}')).toBe(
      1,
    );
    expect(text).not.toContain(String(id));
    expect(text).not.toContain('no-such-route');
  });

  it('reads the outbox backlog, each queue by state and the dead jobs at scrape time', async () => {
    expect(sample(await metrics(), 'mandi_outbox_unpublished_events')).toBe(0);
    expect(sample(await metrics(), 'mandi_outbox_lag_seconds')).toBe(0);

    // Two events no relay has taken (this API has no worker), the oldest 90 s old; one job that died for good.
    const [oldest] = await api.db.prisma.$queryRaw<{ id: bigint }[]>`
      INSERT INTO outbox_events (type, aggregate_id, payload, created_at)
      VALUES ('order.placed', '1', '{"orderId": 1}', now() - interval '90 seconds'), ('order.placed', '2', '{"orderId": 2}', now())
      RETURNING id`;
    await api.db.prisma.$executeRaw`
      INSERT INTO pending_jobs (event_id, job, queue, due_at, dead_at, error)
      VALUES (${oldest!.id}, 'invoice.issue', 'documents', now(), now(), 'Chromium did not start')`;
    // Jobs in BullMQ under this API's prefix: one waiting, one delayed.
    const mail = new Queue('mail', {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: api.redisPrefix,
    });
    try {
      await mail.add('mail.verification', { eventId: '1' });
      await mail.add('mail.verification', { eventId: '2' }, { delay: 60_000 });
    } finally {
      await mail.close();
    }

    const text = await metrics();
    expect(sample(text, 'mandi_outbox_unpublished_events')).toBe(2);
    expect(sample(text, 'mandi_outbox_lag_seconds')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'mandi_outbox_lag_seconds')).toBeLessThan(120);
    expect(sample(text, 'mandi_queue_jobs{queue="mail",state="waiting"}')).toBe(1);
    expect(sample(text, 'mandi_queue_jobs{queue="mail",state="delayed"}')).toBe(1);
    expect(sample(text, 'mandi_queue_jobs{queue="documents",state="failed"}')).toBe(0);
    expect(sample(text, 'mandi_queue_dead_jobs{queue="documents"}')).toBe(1);
    expect(sample(text, 'mandi_queue_dead_jobs{queue="payments"}')).toBe(0);
    for (const read of ['outbox', 'queues', 'dead_jobs', 'db_connections']) {
      expect(sample(text, `mandi_metrics_read_success{read="${read}"}`)).toBe(1);
    }
  });

  it("counts the database's connections against its maximum", async () => {
    const text = await metrics();
    expect(sample(text, 'mandi_db_connections{state="active"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mandi_db_max_connections')).toBeGreaterThanOrEqual(10);
  });

  it('counts failed Razorpay calls by operation', async () => {
    const buyer = await api.newUser();
    const seller = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: buyer.id });
    const product = await newProduct(api.db.prisma, {
      sellerId: seller.id,
      name: 'Desi Tamatar',
      pricePaise: 10_000,
      weightGrams: 1000,
    });
    await api.db.prisma.cartItem.create({ data: { userId: buyer.id, productId: product.id } });
    const items = [{ productId: product.id, productName: product.name, quantity: 1, price: 100 }];
    const order = await api.request({
      method: 'POST',
      url: '/api/payment/order',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { userId: buyer.id, addressId: address.id, items, amount: 130 },
    });
    expect(order.statusCode).toBe(502);
    expect(sample(await metrics(), 'mandi_razorpay_errors_total{operation="orders.create"}')).toBe(1);
  });

  describe('docs/operations.md', () => {
    const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    /** The metric table: each `mandi_` metric and the processes it is said to come from. */
    const described = new Map(
      [...doc.matchAll(/^\| `(mandi_\w+)` \| [^|]+ \| ([^|]+) \|/gm)].map((row) => [row[1]!, row[2]!.trim()] as const),
    );
    const fence = (language: string) =>
      [...doc.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((block) => block[1]!);
    /** The metrics a PromQL text queries, histogram series reduced to their metric. */
    const queried = (text: string) =>
      new Set([...text.matchAll(/mandi_\w+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')));

    it('describes every metric of the API and the worker, each from the process that serves it', async () => {
      const text = await metrics();
      const served = {
        API: [...text.matchAll(/^# TYPE (mandi_\w+) /gm)].map((match) => match[1]!),
        // The pool gauge is each metrics server's own (worker-metrics.int.spec.ts reads it from a real worker).
        worker: [
          ...workerRegistry
            .getMetricsAsArray()
            .map((metric) => metric.name)
            .filter((name) => name.startsWith('mandi_')),
          POOL_METRIC,
        ],
      };
      expect(served.API.length).toBeGreaterThan(5);
      expect(served.worker.length).toBeGreaterThan(2);
      for (const [process, names] of Object.entries(served)) {
        for (const name of names)
          expect({ name, from: described.get(name) }).toEqual({ name, from: expect.stringContaining(process) });
      }
      for (const [name, from] of described) {
        const servers = Object.entries(served)
          .filter(([, names]) => names.includes(name))
          .map(([process]) => process);
        expect({ name, from }).toEqual({ name, from: servers.join(' and ') });
      }
    });

    it('has a Grafana dashboard that parses and, like the alerts, queries only metrics of the table', () => {
      const [dashboard] = fence('json');
      const panels = (JSON.parse(dashboard!) as { panels: { targets: { expr: string }[] }[] }).panels;
      expect(panels.length).toBeGreaterThanOrEqual(8);
      const [, alerts] = fence('yaml');
      for (const text of [...panels.flatMap((panel) => panel.targets.map((target) => target.expr)), alerts!]) {
        for (const name of queried(text))
          expect({ name, described: described.has(name) }).toEqual({ name, described: true });
      }
    });
  });
});

describe('GET /api/metrics in production', () => {
  const token = `${randomUUID()}${randomUUID()}`;
  let guarded: ApiHarness;
  let unconfigured: ApiHarness;

  beforeAll(async () => {
    [guarded, unconfigured] = await Promise.all([
      ApiHarness.start(productionEnv({ METRICS_TOKEN: token })),
      ApiHarness.start(productionEnv()),
    ]);
  });
  afterAll(() => Promise.all([guarded.stop(), unconfigured.stop()]));

  it('answers 401 without the scrape token or with another, and the metrics with it', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${token}x` },
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer' },
    ]) {
      const refused = await guarded.request({ method: 'GET', url: '/api/metrics', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(refused.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'A valid metrics scrape token is required (Authorization: Bearer <METRICS_TOKEN>).',
      });
    }
    const allowed = await guarded.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(sample(allowed.body, 'mandi_outbox_unpublished_events')).toBe(0);
  });

  it('is not served at all without a token: the same 404 as a route that does not exist', async () => {
    const metrics = await unconfigured.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
    });
    const nothing = await unconfigured.request({ method: 'GET', url: '/api/nothing' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.json()).toEqual({ ...nothing.json(), message: 'Cannot GET /api/metrics' });
  });
});

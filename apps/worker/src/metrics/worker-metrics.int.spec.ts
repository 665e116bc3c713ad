import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Test, type TestingModule } from '@nestjs/testing';
import { loadConfig, type AppConfig } from '@mandi/config';
import { createTestDatabase, DatabaseModule, PrismaService, type TestDatabase } from '@mandi/database';
import { WorkerConfigModule } from '../config/worker-config.module.js';
import { PdfRenderer } from '../invoices/pdf-renderer.js';
import { RazorpayRefundsGateway } from '../orders/razorpay-refunds.gateway.js';
import { WorkerMetricsModule } from './worker-metrics.module.js';
import { WorkerMetrics } from './worker-metrics.js';
import { WorkerMetricsServer } from './worker-metrics.server.js';

// The worker's metrics port (docs/operations.md): who may read it, and the figures the worker's parts record, each
// made by the real thing (Chromium, an unreachable Razorpay).

const token = `${randomUUID()}${randomUUID()}`;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** The value of the sample `series` (name and labels exactly as written) in Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({ ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...overrides });
}

async function startMetrics(config: AppConfig): Promise<{ app: TestingModule; url: string | null }> {
  const app = await Test.createTestingModule({
    imports: [WorkerConfigModule.forRoot(config), DatabaseModule.forUrl(db.url), WorkerMetricsModule],
  }).compile();
  app.useLogger(false);
  await app.init();
  const port = app.get(WorkerMetricsServer).port;
  return { app, url: port === null ? null : `http://127.0.0.1:${port}` };
}

describe('the worker metrics port', () => {
  let app: TestingModule;
  let url: string;

  beforeAll(async () => {
    const started = await startMetrics(testConfig({ METRICS_TOKEN: token }));
    app = started.app;
    url = started.url!;
  });
  afterAll(() => app.close());

  const scrape = (authorization?: string, path = '/metrics') =>
    fetch(`${url}${path}`, { headers: authorization ? { authorization } : {} });

  it('takes a free port in tests and answers only with the scrape token', async () => {
    for (const authorization of [undefined, `Bearer ${token.slice(1)}`, `Basic ${token}`]) {
      const refused = await scrape(authorization);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      expect(await refused.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'A valid metrics scrape token is required (Authorization: Bearer <METRICS_TOKEN>).',
      });
    }
    const allowed = await scrape(`Bearer ${token}`);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(await allowed.text(), 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect((await scrape(`Bearer ${token}`, '/other')).status).toBe(404);
  });

  it('records job durations by queue, job and outcome (WorkerMetrics.observeJob, called by the job runner)', async () => {
    const metrics = app.get(WorkerMetrics);
    metrics.observeJob('documents', 'invoice.render', 'handled', 0.3);
    metrics.observeJob('documents', 'invoice.render', 'handled', 4);
    metrics.observeJob('payments', 'payment.refund', 'failed', 12);
    const text = await (await scrape(`Bearer ${token}`)).text();
    expect(
      sample(text, 'mandi_job_duration_seconds_count{queue="documents",job="invoice.render",outcome="handled"}'),
    ).toBe(2);
    expect(
      sample(
        text,
        'mandi_job_duration_seconds_bucket{le="0.5",queue="documents",job="invoice.render",outcome="handled"}',
      ),
    ).toBe(1);
    expect(sample(text, 'mandi_job_duration_seconds_sum{queue="payments",job="payment.refund",outcome="failed"}')).toBe(
      12,
    );
  });

  it('times PDF renders in Chromium, and counts a render without Chromium as failed', async () => {
    const renderer = new PdfRenderer(testConfig());
    const missing = new PdfRenderer(testConfig({ PUPPETEER_EXECUTABLE_PATH: '/nonexistent/chromium' }));
    try {
      const pdf = await renderer.render('<html><body><h1>Tax invoice</h1></body></html>', 'INV-1');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await expect(missing.render('<p>x</p>', 'INV-2')).rejects.toThrow(/nonexistent/);
    } finally {
      await Promise.all([renderer.onApplicationShutdown(), missing.onApplicationShutdown()]);
    }
    const text = await (await scrape(`Bearer ${token}`)).text();
    expect(sample(text, 'mandi_pdf_render_duration_seconds_count{outcome="rendered"}')).toBe(1);
    expect(sample(text, 'mandi_pdf_render_duration_seconds_sum{outcome="rendered"}')).toBeGreaterThan(0);
    expect(sample(text, 'mandi_pdf_render_duration_seconds_count{outcome="failed"}')).toBe(1);
  });

  it('reports its own connection pool: connections open and idle, queries waiting for one', async () => {
    await app.get(PrismaService).$queryRaw`SELECT 1`;
    const text = await (await scrape(`Bearer ${token}`)).text();
    expect(sample(text, 'mandi_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mandi_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mandi_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it('counts failed Razorpay refund calls by operation', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const gateway = new RazorpayRefundsGateway(testConfig({ RAZORPAY_API_URL: `http://127.0.0.1:${closed}` }));
    await expect(gateway.refund('pay_123', 10_000, 1, 1)).rejects.toBeDefined();
    await expect(gateway.findOurs('pay_123', 1)).rejects.toBeDefined();
    const text = await (await scrape(`Bearer ${token}`)).text();
    expect(sample(text, 'mandi_razorpay_errors_total{operation="payments.refund"}')).toBe(1);
    expect(sample(text, 'mandi_razorpay_errors_total{operation="payments.fetchMultipleRefund"}')).toBe(1);
  });
});

describe('the worker metrics port, elsewhere', () => {
  it('is open without a token outside production, and not served (404) in production without one', async () => {
    const open = await startMetrics(testConfig());
    const production = await startMetrics({ ...testConfig(), NODE_ENV: 'production' });
    try {
      expect((await fetch(`${open.url}/metrics`)).status).toBe(200);
      const closed = await fetch(`${production.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(closed.status).toBe(404);
    } finally {
      await Promise.all([open.app.close(), production.app.close()]);
    }
  });

  it('lets the worker run on without metrics when its port is taken', async () => {
    const taken: Server = await new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
    });
    const port = (taken.address() as { port: number }).port;
    const warnings: string[] = [];
    const app = await Test.createTestingModule({
      imports: [
        WorkerConfigModule.forRoot(testConfig({ WORKER_METRICS_PORT: String(port) })),
        DatabaseModule.forUrl(db.url),
        WorkerMetricsModule,
      ],
    }).compile();
    app.useLogger({
      log: () => undefined,
      error: () => undefined,
      warn: (message: string) => void warnings.push(message),
    });
    try {
      await app.init();
      expect(app.get(WorkerMetricsServer).port).toBeNull();
      expect(warnings).toEqual([
        expect.stringContaining(`Worker metrics not served: 127.0.0.1:${port} refused (listen EADDRINUSE`),
      ]);
    } finally {
      await app.close();
      taken.close();
    }
  });
});

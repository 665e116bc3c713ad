import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiHarness } from './harness.js';

const WORKER_MAIN = fileURLToPath(new URL('../../worker/dist/main.js', import.meta.url));

describe('GET /api/health', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start();
  });
  afterAll(() => api.stop());

  it('reports the worker down (503) while no worker has sent a heartbeat', async () => {
    const response = await api.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'error',
      database: 'up',
      redis: 'up',
      worker: 'down',
      documents: 'down',
      reason: 'Down: worker.',
    });
  });

  it('reports everything up once a worker heartbeat is present', async () => {
    await api.redis.set(`${api.redisPrefix}:worker:heartbeat`, new Date().toISOString(), 'EX', 15);
    const response = await api.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', redis: 'up', worker: 'up', documents: 'up' });
  });

  it('gives each of many requests arriving together the whole answer, and the next one a fresh check', async () => {
    await api.redis.set(`${api.redisPrefix}:worker:heartbeat`, new Date().toISOString(), 'EX', 15);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => api.request({ method: 'GET', url: '/api/health' })),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: 'up', redis: 'up', worker: 'up', documents: 'up' });
    }
    await api.redis.del(`${api.redisPrefix}:worker:heartbeat`);
    const after = await api.request({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(503);
    expect(after.json()).toMatchObject({ status: 'error', worker: 'down', reason: 'Down: worker.' });
  });

  it('stays 200 but degraded while a worker reports that Chromium cannot start', async () => {
    await api.redis.set(`${api.redisPrefix}:worker:heartbeat`, new Date().toISOString(), 'EX', 15);
    const down = {
      worker: 'host:1',
      reason: 'Chromium did not start: Browser was not found',
      at: new Date().toISOString(),
    };
    await api.redis.set(`${api.redisPrefix}:worker:documents-down`, JSON.stringify(down), 'EX', 15);
    try {
      const response = await api.request({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      // The worker's own words (paths, the launcher's message) stay out of this public answer.
      expect(response.json()).toEqual({
        status: 'degraded',
        database: 'up',
        redis: 'up',
        worker: 'up',
        documents: 'down',
        reason: 'Invoices and credit notes cannot be printed: a worker cannot start Chromium.',
      });
    } finally {
      await api.redis.del(`${api.redisPrefix}:worker:documents-down`);
    }
  });
});

describe('GET /api/health with a real worker whose Chromium is missing', () => {
  let api: ApiHarness;
  let worker: ChildProcess;
  let workerLog = '';
  const mailDir = mkdtempSync(join(tmpdir(), 'mandi-health-mail-'));

  beforeAll(async () => {
    api = await ApiHarness.start();
    worker = spawn(process.execPath, [WORKER_MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: api.db.url,
        REDIS_PREFIX: api.redisPrefix,
        MAIL_TRANSPORT: 'capture',
        MAIL_CAPTURE_DIR: mailDir,
        PUPPETEER_EXECUTABLE_PATH: '/nonexistent/chromium',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (workerLog += chunk.toString()));
  });
  afterAll(async () => {
    if (worker.exitCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await api.stop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it("says 'degraded' with the reason instead of 'ok' while invoices would fail in a loop", async () => {
    const deadline = Date.now() + 20_000;
    let body: unknown;
    while (Date.now() < deadline) {
      const response = await api.request({ method: 'GET', url: '/api/health' });
      body = response.json();
      if (response.statusCode === 200 && (body as { status: string }).status === 'degraded') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(body).toEqual({
      status: 'degraded',
      database: 'up',
      redis: 'up',
      worker: 'up',
      documents: 'down',
      reason: 'Invoices and credit notes cannot be printed: a worker cannot start Chromium.',
    });
    // The worker says which binary it could not start; the operator reads it in the worker's log and the console.
    const down = JSON.parse((await api.redis.get(`${api.redisPrefix}:worker:documents-down`))!);
    expect(down.reason).toContain('/nonexistent/chromium');
    expect(workerLog).toContain('Chromium did not start');
  });
});

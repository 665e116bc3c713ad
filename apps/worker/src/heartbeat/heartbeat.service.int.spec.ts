import { Test } from '@nestjs/testing';
import { loadConfig } from '@mandi/config';
import { QueuesModule } from '@mandi/queues';
import { Redis } from 'ioredis';
import { PdfRenderer } from '../invoices/pdf-renderer.js';
import { deleteKeys, uniquePrefix } from '../pipeline/testing/pipeline.testing.js';
import { documentsStatus } from './documents-status.js';
import { HeartbeatModule } from './heartbeat.module.js';
import { HeartbeatService } from './heartbeat.service.js';

describe('the worker heartbeat', () => {
  const prefix = uniquePrefix('heartbeat');
  const redis = new Redis(loadConfig().REDIS_URL);

  afterAll(async () => {
    await deleteKeys(prefix);
    redis.disconnect();
  });

  it('sets <prefix>:worker:heartbeat to the current time with a 15 s expiry, and refreshes it', async () => {
    const app = await Test.createTestingModule({
      imports: [QueuesModule.forRoot({ redisUrl: loadConfig().REDIS_URL, prefix }), HeartbeatModule],
    }).compile();
    const before = Date.now();
    await app.init();
    try {
      const key = `${prefix}:worker:heartbeat`;
      const first = await redis.get(key);
      expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(first!)).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(first!)).toBeLessThanOrEqual(Date.now());
      const ttl = await redis.ttl(key);
      expect(ttl).toBeGreaterThan(13);
      expect(ttl).toBeLessThanOrEqual(15);

      await new Promise((resolve) => setTimeout(resolve, 5));
      await app.get(HeartbeatService).beat();
      expect(Date.parse((await redis.get(key))!)).toBeGreaterThan(Date.parse(first!));
    } finally {
      await app.close();
    }
  });

  it('sets <prefix>:worker:documents-down (which worker, why) with the same expiry while Chromium cannot start', async () => {
    const documentsPrefix = `${prefix}-documents`;
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', PUPPETEER_EXECUTABLE_PATH: '/nonexistent/chromium' });
    const app = await Test.createTestingModule({
      imports: [QueuesModule.forRoot({ redisUrl: config.REDIS_URL, prefix: documentsPrefix }), HeartbeatModule],
    }).compile();
    await app.init();
    const renderer = new PdfRenderer(config);
    try {
      const key = `${documentsPrefix}:worker:documents-down`;
      await app.get(HeartbeatService).beat();
      expect(await redis.exists(key)).toBe(0);

      await expect(renderer.render('<p>Tax invoice</p>', 'INV-1')).rejects.toThrow();
      expect(documentsStatus()).toEqual({
        state: 'failed',
        reason: expect.stringContaining('Chromium did not start: '),
      });
      await app.get(HeartbeatService).beat();
      const down = JSON.parse((await redis.get(key))!);
      expect(down).toEqual({
        worker: expect.stringMatching(/^.+:\d+$/),
        reason: expect.stringContaining('/nonexistent/chromium'),
        at: expect.any(String),
      });
      expect(await redis.ttl(key)).toBeGreaterThan(13);
    } finally {
      await renderer.onApplicationShutdown();
      await app.close();
      await deleteKeys(documentsPrefix);
    }
  });
});

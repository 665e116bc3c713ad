import { Test } from '@nestjs/testing';
import { loadConfig } from '@mandi/config';
import { QueuesModule } from '@mandi/queues';
import { Redis } from 'ioredis';
import { deleteKeys, uniquePrefix } from '../pipeline/testing/pipeline.testing.js';
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
});

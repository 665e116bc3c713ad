import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import { loadConfig } from '@mandi/config';
import { queueNames } from '@mandi/events';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QueuesModule } from './queues.module.js';
import { workerHeartbeatKey } from './redis-connection.js';

describe('QueuesModule', () => {
  const { REDIS_URL } = loadConfig();
  const prefix = `test-queues-${process.pid}-${Date.now().toString(36)}`;
  const redis = new Redis(REDIS_URL);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('provides every queue of the registry, keeping its keys under the prefix', async () => {
    const module = Test.createTestingModule({ imports: [QueuesModule.forRoot({ redisUrl: REDIS_URL, prefix })] });
    const app = await module.compile();
    try {
      for (const name of queueNames) {
        expect(app.get<Queue>(getQueueToken(name), { strict: false }).name).toBe(name);
      }
      await app.get<Queue>(getQueueToken('documents'), { strict: false }).add('invoice.render', { invoiceId: 1 });
      expect(await redis.exists(`${prefix}:documents:1`)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('names the heartbeat key the API reads', () => {
    expect(workerHeartbeatKey('mandi')).toBe('mandi:worker:heartbeat');
  });
});

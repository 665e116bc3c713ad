import { DEFAULT_DATABASE_URL } from '../db/database-url.mjs';
import { clearRedisPrefix, defaultRedisUrl, ensurePostgres, ensureRedis, maintenanceUrl } from './services.mjs';

describe('ensurePostgres and ensureRedis', () => {
  it('report the local servers as already running', async () => {
    expect(await ensurePostgres(DEFAULT_DATABASE_URL)).toBe('running');
    expect(await ensureRedis(defaultRedisUrl)).toBe('running');
  });

  it('do not try to start a server on another host, and say which variable to correct', async () => {
    await expect(ensurePostgres('postgresql://postgres@127.0.0.2:5499/mandi')).rejects.toThrow(
      'PostgreSQL does not answer at 127.0.0.2:5499 (DATABASE_URL). Start it, or correct DATABASE_URL.',
    );
    await expect(ensureRedis('redis://127.0.0.2:6399')).rejects.toThrow(
      'Redis does not answer at 127.0.0.2:6399 (REDIS_URL). Start it, or correct REDIS_URL.',
    );
  });
});

describe('clearRedisPrefix', () => {
  it("deletes every key under the prefix, a BullMQ queue's included, and nothing of another prefix", async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(defaultRedisUrl);
    const prefix = `mandi-clear-${process.pid}`;
    try {
      await redis.set(`${prefix}:documents:invoice.issue#43`, '1');
      await redis.hset(`${prefix}:documents:meta`, 'opts', '{}');
      await redis.set(`${prefix}-other:documents:id`, '7');
      expect(await clearRedisPrefix(defaultRedisUrl, prefix)).toBe(2);
      expect(await redis.keys(`${prefix}:*`)).toEqual([]);
      expect(await redis.get(`${prefix}-other:documents:id`)).toBe('7');
    } finally {
      await redis.del(`${prefix}-other:documents:id`);
      redis.disconnect();
    }
  });
});

describe('maintenanceUrl', () => {
  it('points the same server at the postgres database', () => {
    expect(maintenanceUrl('postgresql://postgres:secret@db.example:6543/mandi_e2e?sslmode=require')).toBe(
      'postgresql://postgres:secret@db.example:6543/postgres?sslmode=require',
    );
  });
});

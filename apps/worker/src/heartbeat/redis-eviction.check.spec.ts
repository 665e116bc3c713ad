import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@mandi/config';
import { Redis } from 'ioredis';
import { checkRedisEviction } from './redis-eviction.check.js';

// The boot check of Redis' maxmemory-policy against real redis-servers: the shared one (noeviction), one that evicts,
// and one that refuses CONFIG as managed Redis services do.

/** A logger that keeps what it is told. */
class KeepingLogger extends Logger {
  readonly lines: { level: 'log' | 'warn'; message: string }[] = [];
  override log(message: string): void {
    this.lines.push({ level: 'log', message });
  }
  override warn(message: string): void {
    this.lines.push({ level: 'warn', message });
  }
}

/** A redis-server of this test's own on a free port, with `args`; stopped by the returned function. */
async function redisServer(args: string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...args],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const up = await client.ping().then(
      () => true,
      () => false,
    );
    client.disconnect();
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function check(url: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  const logger = new KeepingLogger();
  try {
    return { found: await checkRedisEviction(redis, logger), lines: logger.lines };
  } finally {
    redis.disconnect();
  }
}

describe("the worker's boot check of Redis' eviction policy", () => {
  it('says nothing when Redis keeps every key (noeviction)', async () => {
    expect(await check(loadConfig({ NODE_ENV: 'test' }).REDIS_URL)).toEqual({
      found: { policy: 'noeviction' },
      lines: [],
    });
  });

  it('warns in one line when Redis may evict queue keys', async () => {
    const server = await redisServer(['--maxmemory-policy', 'allkeys-lru']);
    try {
      const { found, lines } = await check(server.url);
      expect(found).toEqual({ policy: 'allkeys-lru', evicts: true });
      expect(lines).toEqual([
        {
          level: 'warn',
          message:
            "Redis maxmemory-policy is 'allkeys-lru', not 'noeviction': under memory pressure Redis may evict BullMQ's keys and lose queued jobs. Set maxmemory-policy noeviction (docs/operations.md).",
        },
      ]);
    } finally {
      await server.stop();
    }
  });

  it('says it could not check, without failing, when Redis refuses CONFIG', async () => {
    const server = await redisServer(['--rename-command', 'CONFIG', '']);
    try {
      const { found, lines } = await check(server.url);
      expect(found).toEqual({ unknown: expect.stringContaining('unknown command') });
      expect(lines).toEqual([
        {
          level: 'log',
          message: expect.stringMatching(
            /^Could not check Redis maxmemory-policy \(ERR unknown command 'config'.*\); make sure it is 'noeviction'/,
          ),
        },
      ]);
    } finally {
      await server.stop();
    }
  });
});

import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { RedisCircuit } from '../redis/redis-circuit.js';

/**
 * One Lua call per request: count the hit in a fixed window that starts with the first hit, and answer the
 * count with the milliseconds left in the window. Counting in Redis lets every API replica share one limit.
 * Defined as a command, so ioredis sends it by its SHA (EVALSHA) once Redis has it, not the whole text every time.
 */
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { hits, redis.call('PTTL', KEYS[1]) }
`;

/**
 * How many windows the in-process fallback keeps; past it the least recently hit is forgotten. Bounds memory when
 * Redis is down and many addresses call (about 100 bytes a window).
 */
export const LOCAL_WINDOWS_MAX = 50_000;

/** The client with {@link HIT} defined as a command. */
type HitCounter = Redis & { rateLimitHit(key: string, windowMs: string): Promise<[number, number]> };

/** The state of one key's window after a hit. */
export interface WindowState {
  hits: number;
  resetInMs: number;
}

/**
 * Fixed-window hit counters in Redis under `<prefix>:ratelimit:`. While Redis is unavailable (see
 * {@link RedisCircuit}) the same windows are counted in this process instead: limits keep holding per process (N
 * replicas then allow N times the limit) and no request fails or waits because of Redis. Counting resumes in Redis,
 * from zero, once it answers again.
 */
export class RateLimitStore {
  private readonly circuit: RedisCircuit;
  private readonly local = new LRUCache<string, { hits: number; resetAt: number }>({ max: LOCAL_WINDOWS_MAX });

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT });
    this.circuit = RedisCircuit.of(redis);
  }

  async hit(key: string, windowMs: number): Promise<WindowState> {
    return this.circuit.run(
      async (redis) => {
        const [hits, ttl] = await (redis as HitCounter).rateLimitHit(
          `${this.prefix}:ratelimit:${key}`,
          String(windowMs),
        );
        return { hits, resetInMs: ttl > 0 ? ttl : windowMs };
      },
      () => this.hitLocally(key, windowMs),
    );
  }

  private hitLocally(key: string, windowMs: number, now = Date.now()): WindowState {
    let window = this.local.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + windowMs };
      this.local.set(key, window);
    }
    window.hits += 1;
    return { hits: window.hits, resetInMs: window.resetAt - now };
  }
}

import { Redis } from 'ioredis';

/**
 * One Lua call per request: count the hit in a fixed window that starts with the first hit, and answer the
 * count with the milliseconds left in the window. Counting in Redis lets every API replica share one limit.
 */
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { hits, redis.call('PTTL', KEYS[1]) }
`;

/** The state of one key's window after a hit. */
export interface WindowState {
  hits: number;
  resetInMs: number;
}

/** Fixed-window hit counters in Redis under `<prefix>:ratelimit:`. */
export class RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const [hits, ttl] = (await this.redis.eval(HIT, 1, `${this.prefix}:ratelimit:${key}`, String(windowMs))) as [
      number,
      number,
    ];
    return { hits, resetInMs: ttl > 0 ? ttl : windowMs };
  }
}

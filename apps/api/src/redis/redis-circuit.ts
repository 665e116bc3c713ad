import { Logger } from '@nestjs/common';
import { ConsecutiveBreaker, circuitBreaker, handleAll, type CircuitBreakerPolicy } from 'cockatiel';
import type { Redis } from 'ioredis';

/**
 * After a Redis call fails, how long every call skips Redis before one call tries it again. Short enough that the
 * caches come back within seconds of Redis, long enough that a Redis that hangs costs one slow call per pause, not one
 * per request.
 */
export const REDIS_RETRY_AFTER_MS = 3_000;

/**
 * The API's calls to Redis for things it can do without (caches, rate-limit counters): a call either answers, or its
 * fallback runs at once. One failure (refused, timed out by the client's commandTimeout) opens the circuit for
 * {@link REDIS_RETRY_AFTER_MS}, during which Redis is not asked at all, so a Redis that does not answer never holds a
 * request longer than one command timeout. One circuit per client, shared by every user of that client.
 */
export class RedisCircuit {
  private static readonly byClient = new WeakMap<Redis, RedisCircuit>();

  /** The circuit of `redis` (made on first use). */
  static of(redis: Redis): RedisCircuit {
    let circuit = RedisCircuit.byClient.get(redis);
    if (!circuit) {
      circuit = new RedisCircuit(redis);
      RedisCircuit.byClient.set(redis, circuit);
    }
    return circuit;
  }

  private readonly logger = new Logger('Redis');
  private readonly breaker: CircuitBreakerPolicy;
  /** Set from the first failure until Redis answers again, so an outage is logged once, not at every retry. */
  private failing = false;
  /** Set while the connection holds back this turn's commands (see {@link coalesceWrites}). */
  private corked = false;

  private constructor(private readonly redis: Redis) {
    this.breaker = circuitBreaker(handleAll, {
      halfOpenAfter: REDIS_RETRY_AFTER_MS,
      breaker: new ConsecutiveBreaker(1),
    });
    this.breaker.onBreak((reason) => {
      if (this.failing) return;
      this.failing = true;
      const cause = 'error' in reason ? (reason.error as Error).message : 'isolated';
      this.logger.warn(
        `Redis did not answer (${cause}): caches are skipped and rate limits counted in this process until it does`,
      );
    });
    this.breaker.onReset(() => {
      if (!this.failing) return;
      this.failing = false;
      this.logger.log('Redis answers again: caches and shared rate limits are back');
    });
  }

  /** Runs `command` on Redis, or `fallback` when Redis fails now or failed within {@link REDIS_RETRY_AFTER_MS}. */
  async run<T>(command: (redis: Redis) => Promise<T>, fallback: () => T): Promise<T> {
    this.coalesceWrites();
    try {
      return await this.breaker.execute(() => command(this.redis));
    } catch {
      return fallback();
    }
  }

  /**
   * Holds the connection's writes until the end of this turn of the event loop, so the commands given by all the
   * requests handled in the turn leave in one write instead of one system call each (a cached public read gives two in
   * its life, its rate-limit hit and its cache read; their writes were a sixth of the API's CPU under load). Each
   * command still has its own timeout from when it was given and nothing waits for another's answer: only the write is
   * put off, by less than a turn (docs/performance.md).
   */
  private coalesceWrites(): void {
    const socket = this.redis.stream;
    if (this.corked || !socket?.writable) return;
    this.corked = true;
    socket.cork();
    setImmediate(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  /** Calls `listener` each time Redis answers again after failing (for example to drop what was cached before). */
  onRecovery(listener: () => void): void {
    this.breaker.onReset(listener);
  }
}

import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';

/** Injection token of the shared ioredis client. */
export const REDIS = Symbol('REDIS');

/**
 * How long one Redis command may take before it counts as failed. Redis answers in well under a millisecond; a
 * command still unanswered after this is a Redis that is frozen or cut off, and the request goes on without it.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * The API's client for its own keys (caches, rate limits, the worker heartbeat), none of which a request must wait
 * for: while disconnected a command fails at once instead of queueing (enableOfflineQueue: false), and a command
 * Redis does not answer fails after {@link REDIS_COMMAND_TIMEOUT_MS}. BullMQ's connections (the queue dashboard, the
 * worker) keep the settings BullMQ requires; this client is never given to BullMQ.
 */
export function connectRedis(url: string, logger = new Logger('Redis')): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    // A rate-limit hit sent before a disconnection must not be counted again after it.
    autoResendUnfulfilledCommands: false,
  });
  logConnectionOutages(redis, logger);
  return redis;
}

/**
 * ioredis reports every failed reconnection (every 2 s at most) as an 'error' event, printed as an unhandled error
 * when nobody listens: this logs the loss of `redis`'s connection once, and its return.
 */
export function logConnectionOutages(redis: Redis, logger: Logger): void {
  let lost = false;
  redis.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    logger.warn(`Redis connection lost (${error.message}); reconnecting in the background`);
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.log('Redis connection is back');
  });
}

/** Closes the shared connection when the app stops. */
@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One Redis connection for the API's own keys (rate limits, caches, worker heartbeat reads). */
@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => connectRedis(config.REDIS_URL) },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}

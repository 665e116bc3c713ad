import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES_OPTIONS, workerHeartbeatKey, type QueuesOptions } from '@mandi/queues';
import { Redis } from 'ioredis';

/** How often the worker says it is alive. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** How long one beat counts: three missed beats and the API reports the worker down. */
export const HEARTBEAT_TTL_SECONDS = 15;

/** Keeps `<prefix>:worker:heartbeat` fresh (ISO time, 15 s expiry) for the API's health check. */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(HeartbeatService.name);
  private readonly redis: Redis;
  private readonly key: string;
  private timer: NodeJS.Timeout | undefined;

  constructor(@Inject(QUEUES_OPTIONS) options: QueuesOptions) {
    this.redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    // An unhandled 'error' event would end the process; a missed beat is the honest signal instead.
    this.redis.on('error', () => undefined);
    this.key = workerHeartbeatKey(options.prefix);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    // The key is left to expire: another worker replica may still be alive and beating.
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Writes one beat; a failure is logged and the next beat tries again. */
  async beat(): Promise<void> {
    try {
      await this.redis.set(this.key, new Date().toISOString(), 'EX', HEARTBEAT_TTL_SECONDS);
    } catch (error) {
      this.logger.warn({ msg: 'heartbeat not written', err: error });
    }
  }
}

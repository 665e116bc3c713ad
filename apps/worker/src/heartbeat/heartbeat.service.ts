import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  QUEUES_OPTIONS,
  workerDocumentsDownKey,
  workerHeartbeatKey,
  type QueuesOptions,
  type WorkerDocumentsDown,
} from '@mandi/queues';
import { Redis } from 'ioredis';
import { documentsStatus } from './documents-status.js';
import { checkRedisEviction } from './redis-eviction.check.js';

/** How often the worker says it is alive. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** How long one beat counts: three missed beats and the API reports the worker down. */
export const HEARTBEAT_TTL_SECONDS = 15;

/**
 * Keeps `<prefix>:worker:heartbeat` fresh (ISO time, 15 s expiry) for the API's health check, and while this worker
 * cannot start Chromium also `<prefix>:worker:documents-down` (which worker, why), with the same lifetime: the API
 * then reports the documents pipeline degraded. At boot it checks that Redis will not evict queue keys.
 */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(HeartbeatService.name);
  private readonly redis: Redis;
  private readonly key: string;
  private readonly documentsDownKey: string;
  /** This process among the worker replicas, as the documents-down value names it. */
  private readonly worker = `${hostname()}:${process.pid}`;
  private timer: NodeJS.Timeout | undefined;

  constructor(@Inject(QUEUES_OPTIONS) options: QueuesOptions) {
    this.redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    // An unhandled 'error' event would end the process; a missed beat is the honest signal instead.
    this.redis.on('error', () => undefined);
    this.key = workerHeartbeatKey(options.prefix);
    this.documentsDownKey = workerDocumentsDownKey(options.prefix);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    // Not awaited: a Redis that does not answer CONFIG must not hold the boot.
    void checkRedisEviction(this.redis, this.logger);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    // The keys are left to expire: another worker replica may still be alive and beating.
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Writes one beat (and the documents-down key while Chromium cannot start); a failure is logged, the next beat tries again. */
  async beat(): Promise<void> {
    try {
      const now = new Date().toISOString();
      const beat = this.redis.multi().set(this.key, now, 'EX', HEARTBEAT_TTL_SECONDS);
      const documents = documentsStatus();
      if (documents.state === 'failed') {
        const down: WorkerDocumentsDown = { worker: this.worker, reason: documents.reason, at: now };
        beat.set(this.documentsDownKey, JSON.stringify(down), 'EX', HEARTBEAT_TTL_SECONDS);
      }
      await beat.exec();
    } catch (error) {
      this.logger.warn({ msg: 'heartbeat not written', err: error });
    }
  }
}

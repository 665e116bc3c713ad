import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { workerDocumentsDownKey, workerHeartbeatKey, type WorkerDocumentsDown } from '@mandi/queues';
import { REDIS } from '../redis/redis.module.js';

/** What the workers say about themselves in Redis (apps/worker/src/heartbeat). */
export interface WorkerStatus {
  /** A worker refreshed the heartbeat in the last 15 s. */
  readonly alive: boolean;
  /** When, by that worker's clock. */
  readonly lastBeatAt: string | null;
  /** Set while a worker cannot start Chromium (refreshed with its heartbeat, so it clears 15 s after it can). */
  readonly documentsDown: WorkerDocumentsDown | null;
}

/**
 * Reads the workers' heartbeat and documents-down keys in one round trip, on the API's Redis client (a command fails
 * after 250 ms rather than wait). Shared by the health check and the console's pipeline view.
 */
@Injectable()
export class WorkerStatusReader {
  private readonly keys: [string, string];

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = [workerHeartbeatKey(config.REDIS_PREFIX), workerDocumentsDownKey(config.REDIS_PREFIX)];
  }

  /** The workers' state now; rejects when Redis does not answer. */
  async read(): Promise<WorkerStatus> {
    const [beat, documentsDown] = await this.redis.mget(...this.keys);
    return { alive: beat !== null, lastBeatAt: beat ?? null, documentsDown: parseDocumentsDown(documentsDown ?? null) };
  }
}

/** The documents-down value; one a worker of another version wrote in another shape still counts, with its text. */
function parseDocumentsDown(value: string | null): WorkerDocumentsDown | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as Partial<WorkerDocumentsDown>;
    return {
      worker: String(parsed.worker ?? 'a worker'),
      reason: String(parsed.reason ?? value),
      at: String(parsed.at ?? ''),
    };
  } catch {
    return { worker: 'a worker', reason: value, at: '' };
  }
}

import type { ConnectionOptions } from 'bullmq';

/**
 * BullMQ connection options for `redisUrl`. Each Queue and Worker opens its own ioredis client from
 * these and closes it on `close()`, so nobody has to order the shutdown of a shared client.
 * `maxRetriesPerRequest: null` is what BullMQ requires of connections that block (workers).
 */
export function redisConnection(redisUrl: string): ConnectionOptions {
  return { url: redisUrl, maxRetriesPerRequest: null };
}

/**
 * The Redis key the worker refreshes every few seconds and the API's health check reads:
 * present means a worker is alive.
 */
export function workerHeartbeatKey(prefix: string): string {
  return `${prefix}:worker:heartbeat`;
}

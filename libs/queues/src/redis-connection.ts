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

/**
 * The Redis key a worker sets (with the heartbeat's lifetime) while it cannot start Chromium, so the API's health check
 * reports the documents pipeline degraded; its value says which worker and why.
 */
export function workerDocumentsDownKey(prefix: string): string {
  return `${prefix}:worker:documents-down`;
}

/** The JSON value of {@link workerDocumentsDownKey}: which worker (host:pid), why, and when it last said so. */
export interface WorkerDocumentsDown {
  readonly worker: string;
  readonly reason: string;
  readonly at: string;
}

/**
 * The Redis key where the worker's periodic ledger check (docs/ledger.md) leaves its last outcome, for the console's
 * health page: {@link LedgerCheckOutcome} as JSON, kept until the next check replaces it.
 */
export function ledgerCheckKey(prefix: string): string {
  return `${prefix}:ledger:check`;
}

/** The JSON value of {@link ledgerCheckKey}: when the check ran, how many breaks it found, and the first of them. */
export interface LedgerCheckOutcome {
  readonly checkedAt: string;
  readonly breaks: number;
  readonly sample: readonly { rule: string; subject: string; detail: string }[];
}

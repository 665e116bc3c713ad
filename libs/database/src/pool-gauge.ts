import { Gauge, type Registry } from 'prom-client';
import type { PoolUse } from './prisma.service.js';

/** The name of the pool gauge. */
export const POOL_METRIC = 'mandi_db_pool_connections';

/**
 * `mandi_db_pool_connections{state}`: this process's connection pool (open, idle, and queries waiting for a
 * connection). A waiting count above 0 for long means the pool is too small for the work: docs/operations.md. The API
 * and the worker both report it, each in its own registry.
 */
export function poolGauge(registry: Registry, processName: string): Gauge<'state'> {
  return new Gauge({
    name: POOL_METRIC,
    help: `The ${processName}'s database connection pool: connections open (total), idle, and queries waiting for one`,
    labelNames: ['state'],
    registers: [registry],
  });
}

/** Sets the gauge from the pool's use now. */
export function showPoolUse(gauge: Gauge<'state'>, use: PoolUse): void {
  gauge.set({ state: 'total' }, use.total);
  gauge.set({ state: 'idle' }, use.idle);
  gauge.set({ state: 'waiting' }, use.waiting);
}

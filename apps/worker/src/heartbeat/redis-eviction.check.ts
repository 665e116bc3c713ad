import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

/** What the boot check found: Redis keeps every key, may evict (the policy named), or would not say. */
export type RedisEvictionCheck =
  { readonly policy: 'noeviction' } | { readonly policy: string; readonly evicts: true } | { readonly unknown: string };

/**
 * Reads Redis' `maxmemory-policy` once at boot and says, in one log line, when it is not `noeviction`: any other
 * policy lets Redis drop queue keys (jobs, locks, job ids that de-duplicate) when memory runs short, which BullMQ
 * cannot detect. Managed Redis often refuses CONFIG; then the line says the policy could not be checked. Never
 * throws: the worker runs either way.
 */
export async function checkRedisEviction(redis: Redis, logger: Logger): Promise<RedisEvictionCheck> {
  try {
    const answer = (await redis.config('GET', 'maxmemory-policy')) as string[];
    const policy = answer[1];
    if (policy === undefined) throw new Error('CONFIG GET maxmemory-policy answered nothing');
    if (policy === 'noeviction') return { policy };
    logger.warn(
      `Redis maxmemory-policy is '${policy}', not 'noeviction': under memory pressure Redis may evict BullMQ's keys and lose queued jobs. Set maxmemory-policy noeviction (docs/operations.md).`,
    );
    return { policy, evicts: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.log(
      `Could not check Redis maxmemory-policy (${reason}); make sure it is 'noeviction' (docs/operations.md).`,
    );
    return { unknown: reason };
  }
}

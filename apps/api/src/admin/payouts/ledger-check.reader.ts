import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AdminPipelineAnswer } from '@mandi/contracts';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { ledgerCheckKey, type LedgerCheckOutcome } from '@mandi/queues';
import { REDIS } from '../../redis/redis.module.js';

/** The ledger check as the console's health page shows it. */
export type LedgerCheckView = AdminPipelineAnswer['ledger'];

/**
 * Reads the outcome of the worker's last ledger check (apps/worker/src/ledger/ledger-check.sweep.ts), which the worker
 * leaves in Redis, for the console's health page; null before any check. A value another version wrote in another
 * shape reads as what it holds of this one's.
 */
@Injectable()
export class LedgerCheckReader {
  private readonly key: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = ledgerCheckKey(config.REDIS_PREFIX);
  }

  /** The last check; rejects when Redis does not answer. */
  async read(): Promise<LedgerCheckView> {
    const value = await this.redis.get(this.key);
    if (value === null) return null;
    let outcome: Partial<LedgerCheckOutcome>;
    try {
      outcome = JSON.parse(value) as Partial<LedgerCheckOutcome>;
    } catch {
      return null;
    }
    const checkedAt = new Date(String(outcome.checkedAt));
    if (Number.isNaN(checkedAt.getTime())) return null;
    const sample = Array.isArray(outcome.sample) ? outcome.sample : [];
    return {
      checked_at: checkedAt.toISOString(),
      breaks: Number.isSafeInteger(outcome.breaks) && outcome.breaks! >= 0 ? outcome.breaks! : sample.length,
      sample: sample.map((found) => ({
        rule: String(found?.rule ?? ''),
        subject: String(found?.subject ?? ''),
        detail: String(found?.detail ?? ''),
      })),
    };
  }
}

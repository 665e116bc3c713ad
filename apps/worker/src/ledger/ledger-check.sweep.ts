import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ledgerCheckKey, QUEUES_OPTIONS, type LedgerCheckOutcome, type QueuesOptions } from '@mandi/queues';
import { Redis } from 'ioredis';
import { ledgerBreaks } from '../metrics/worker-metrics.js';
import { PeriodicTask } from '../pipeline/periodic-task.js';
import { LedgerCheckRepository } from './ledger-check.repository.js';

/** How often the worker checks the ledger's invariants. */
export const LEDGER_CHECK_EVERY_MS = 5 * 60_000;
/** How long after a change the check waits for the worker to book it (a job's retries take minutes). */
export const LEDGER_CHECK_GRACE_SECONDS = 15 * 60;
/** Breaks kept in the outcome for the health page; the count covers them all. */
const SAMPLE = 20;

/**
 * Every LEDGER_CHECK_EVERY_MS, checks the ledger's invariants (LedgerCheckRepository) and reports what it found: the
 * `mandi_ledger_breaks` gauge, a log line per check that found any, and the outcome in Redis for the console's health
 * page. Every replica checks; they report the same.
 */
@Injectable()
export class LedgerCheckSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LedgerCheckSweep.name);
  private readonly task: PeriodicTask<LedgerCheckOutcome>;
  private readonly redis: Redis;
  private readonly key: string;

  constructor(
    private readonly checks: LedgerCheckRepository,
    @Inject(QUEUES_OPTIONS) options: QueuesOptions,
  ) {
    this.redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
    this.key = ledgerCheckKey(options.prefix);
    this.task = new PeriodicTask({
      everyMs: LEDGER_CHECK_EVERY_MS,
      atStart: true,
      pass: () => this.checkOnce(),
      report: (outcome) => {
        if (outcome.breaks > 0)
          this.logger.error({ msg: 'the ledger does not add up', breaks: outcome.breaks, sample: outcome.sample });
      },
      logger: this.logger,
      failure: 'ledger check failed; the next one tries again',
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** One check: finds the breaks, sets the gauge and leaves the outcome in Redis; answers it. */
  async checkOnce(graceSeconds = LEDGER_CHECK_GRACE_SECONDS): Promise<LedgerCheckOutcome> {
    const found = await this.checks.breaks(graceSeconds, 1000);
    const outcome: LedgerCheckOutcome = {
      checkedAt: new Date().toISOString(),
      breaks: found.length,
      sample: found.slice(0, SAMPLE),
    };
    ledgerBreaks.set(found.length);
    await this.redis.set(this.key, JSON.stringify(outcome)).catch((error: unknown) => {
      this.logger.warn({ msg: 'could not leave the ledger check for the health page', err: error });
    });
    return outcome;
  }
}

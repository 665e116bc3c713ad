import type { Logger } from '@nestjs/common';

/** Periods (a seller's week or month) read per statement of a due list. */
export const DUE_BATCH = 50;

/**
 * Works every period `due(limit)` lists, in batches, until a batch comes back short; answers how many `work` made.
 * A period whose work throws is logged and skipped for the rest of this pass (the list is asked for that many more),
 * so one that keeps failing never holds up the others; the next pass tries it again.
 */
export async function workDuePeriods<P extends { sellerId: number }>(options: {
  due: (limit: number) => Promise<P[]>;
  key: (period: P) => string;
  work: (period: P) => Promise<boolean>;
  logger: Logger;
  failure: string;
}): Promise<number> {
  const failed = new Set<string>();
  let made = 0;
  for (;;) {
    const due = (await options.due(DUE_BATCH + failed.size)).filter((period) => !failed.has(options.key(period)));
    for (const period of due) {
      try {
        if (await options.work(period)) made += 1;
      } catch (error) {
        failed.add(options.key(period));
        options.logger.error({ msg: options.failure, ...period, err: error });
      }
    }
    if (due.length < DUE_BATCH) return made;
  }
}

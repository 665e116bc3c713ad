import { uniqueViolationColumns } from './accounts.repository.js';

/** How many times a transaction that lost a race on a unique index is run again before the race decides. */
const ATTEMPTS = 3;

/**
 * Runs `work`, and runs it again when it loses a race on a unique index (two first sign-ins of one uid, two
 * sign-ups of one name): the next run's own checks then see the winner's row and answer as they would have had the
 * requests come one after the other. Only if every run loses does `lost` turn the violated columns into the answer.
 */
export async function retryingUniqueRaces<T>(work: () => Promise<T>, lost: (columns: string[]) => Error): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const columns = uniqueViolationColumns(error);
      if (!columns) throw error;
      if (attempt >= ATTEMPTS) throw lost(columns);
    }
  }
}

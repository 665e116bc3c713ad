/** What waitUntil needs to know besides its probe. */
export interface WaitOptions {
  /** Give up after this long (the machine is shared and slow at times: be generous, the wait ends at the condition). */
  timeoutMs?: number;
  /** Pause between probes. */
  intervalMs?: number;
  /** What is awaited, for the error: a text, or a function called at the timeout (to show the state then). */
  what: string | (() => string | Promise<string>);
}

/**
 * Polls `probe` until it answers true and resolves with how long that took; rejects after `timeoutMs` saying what
 * was awaited. A probe that throws ends the wait with its error. Fault tests wait on conditions, never on fixed
 * sleeps: the same test must pass on an idle laptop and on two cores shared by five runs.
 */
export async function waitUntil(
  probe: () => Promise<boolean>,
  { timeoutMs = 30_000, intervalMs = 50, what }: WaitOptions,
): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) {
      const description = typeof what === 'string' ? what : await what();
      throw new Error(`Waited ${Math.round(timeoutMs / 1000)} s for ${description}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return Date.now() - started;
}

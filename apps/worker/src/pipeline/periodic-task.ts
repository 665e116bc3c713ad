import type { Logger } from '@nestjs/common';

/** What a {@link PeriodicTask} runs and how it reports. */
export interface PeriodicTaskOptions<T> {
  /** Pause between passes. */
  readonly everyMs: number;
  /** Whether the first pass runs at start, rather than after the first pause. */
  readonly atStart: boolean;
  /** One pass: its result goes to `report`. */
  readonly pass: () => Promise<T>;
  /** Logs what a pass did (only when it did something worth a line). */
  readonly report: (result: T) => void;
  readonly logger: Logger;
  /** The log line of a failed pass; the next pass tries again. */
  readonly failure: string;
}

/**
 * The worker's sweeps (retention, order deadlines, the job reconciler): a pass every `everyMs`, never two at once (a
 * pass still running, say a long backlog, makes the next tick a no-op), a failed pass logged and left to the next one,
 * and a stop that waits for the pass in flight.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(private readonly options: PeriodicTaskOptions<T>) {}

  start(): void {
    if (this.options.atStart) void this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.everyMs);
    // The worker's queues keep the process alive; a sweep's timer alone must not.
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass in flight. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.options.pass();
    try {
      this.options.report(await this.running);
    } catch (error) {
      this.options.logger.error({ msg: this.options.failure, err: error });
    } finally {
      this.running = undefined;
    }
  }
}

/** Runs `batchOnce` (which handles up to `batch` rows) until it handles fewer; returns the total. A sweep's pass. */
export async function drain(batchOnce: (limit: number) => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batchOnce(batch);
    total += done;
    if (done < batch) return total;
  }
}

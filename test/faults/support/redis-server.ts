import { ThrowawayRedis } from '../../../apps/api/test/adversarial/throwaway-redis.js';

/**
 * A redis-server of one test file's own on a free port (no persistence: `--save ''`, `--appendonly no`), built on the
 * adversarial tests' ThrowawayRedis, with what the fault tests do to it: flush everything, stop it, start it again
 * (empty) on the same port, freeze it.
 */
export class FaultRedis {
  private running = true;

  private constructor(private readonly server: ThrowawayRedis) {}

  static async start(): Promise<FaultRedis> {
    return new FaultRedis(await ThrowawayRedis.start());
  }

  get url(): string {
    return this.server.url;
  }

  get port(): number {
    return this.server.port;
  }

  /** FLUSHALL: every key of every client gone at once, queues, jobs, locks and rate counters included. */
  async flushAll(): Promise<void> {
    const client = this.server.client();
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  /** Every key matching `pattern` (KEYS; the test's instance is small). */
  keys(pattern = '*'): Promise<string[]> {
    return this.server.keys(pattern);
  }

  /** Kills the server (SIGKILL): clients see their connections drop and new ones refused. */
  async stop(): Promise<void> {
    await this.server.kill();
    this.running = false;
  }

  /** Starts a stopped server again on the same port, empty. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.server.restart();
    this.running = true;
  }

  /** Freezes it (SIGSTOP): sockets stay open, nothing answers, like a network partition. `resume()` ends it. */
  pause(): void {
    this.server.pause();
  }

  resume(): void {
    this.server.resume();
  }
}

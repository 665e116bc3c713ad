import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../harness.js';

/**
 * A redis-server of one test's own, on a free port, that the test can pause (SIGSTOP: connections stay open and
 * nothing answers, like a network partition), kill (connections refused) and start again on the same port.
 */
export class ThrowawayRedis {
  private server: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freePort());
    await redis.restart();
    return redis;
  }

  /** A port nothing listens on, for an API that boots without Redis. */
  static async unstarted(): Promise<ThrowawayRedis> {
    return new ThrowawayRedis(await freePort());
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on its port, empty, and waits until it answers PING. */
  async restart(): Promise<void> {
    this.server = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const client = this.client();
      const answered = await client.ping().then(
        () => true,
        () => false,
      );
      client.disconnect();
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** A client of this server that gives up at once when it is down (for the test's own look at the keys). */
  client(): Redis {
    return new Redis(this.url, {
      lazyConnect: false,
      enableOfflineQueue: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
  }

  /** Every key under `pattern`, read with a short-lived client. */
  async keys(pattern: string): Promise<string[]> {
    const client = this.client();
    try {
      return await client.keys(pattern);
    } finally {
      client.disconnect();
    }
  }

  /** Freezes the server: its sockets stay open and nothing answers. */
  pause(): void {
    this.server?.kill('SIGSTOP');
  }

  resume(): void {
    this.server?.kill('SIGCONT');
  }

  /** Kills the server without a goodbye, as a crash or an OOM kill would. */
  async kill(): Promise<void> {
    const server = this.server;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
    this.server = null;
  }
}

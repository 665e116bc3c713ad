import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { health, type HealthAnswer } from '@mandi/contracts';
import { PrismaService } from '@mandi/database';
import { Endpoint } from '../common/endpoint.decorator.js';
import { REDIS } from '../redis/redis.module.js';
import { WorkerStatusReader } from './worker-status.reader.js';

/** Each dependency gets this long to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 1500;

/** What a degraded answer says; the worker's own message (a path, the launcher's words) is for the console only. */
export const DOCUMENTS_DOWN_REASON = 'Invoices and credit notes cannot be printed: a worker cannot start Chromium.';

/**
 * Liveness of the API's dependencies, for people and load balancers: the database answers a query, Redis answers
 * PING, and a worker has refreshed its heartbeat key within its 15 s lifetime. 200 when all are up, 503 otherwise.
 * While they are up but a worker reports that Chromium cannot start, the answer is 'degraded', still 200: the API
 * serves and the load balancer must keep it, while the console and monitoring see that documents are not printed.
 */
@Controller()
export class HealthController {
  /** The check under way, if any: see {@link check}. */
  private checking: Promise<HealthAnswer> | undefined;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly workers: WorkerStatusReader,
  ) {}

  /**
   * Requests that arrive while a check is under way share its answer, which is still one that ended after they came
   * in: a flood of health requests (the route has no rate limit) costs the database and Redis one round of probes at a
   * time, not one per request.
   */
  @Endpoint(health)
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthAnswer> {
    this.checking ??= this.checkNow().finally(() => (this.checking = undefined));
    const answer = await this.checking;
    void reply.status(answer.status === 'error' ? 503 : 200);
    return answer;
  }

  private async checkNow(): Promise<HealthAnswer> {
    // One deadline for the three probes, which start together.
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref();
    });
    try {
      const [database, redis, workers] = await Promise.all([
        probe(this.prisma.$queryRaw`SELECT 1`, deadline),
        probe(this.redis.ping(), deadline),
        probe(this.workers.read(), deadline),
      ]);
      const up = (part: unknown) => (part === undefined ? 'down' : 'up');
      const parts = { database: up(database), redis: up(redis), worker: workers?.alive ? 'up' : 'down' } as const;
      const documents = parts.worker === 'up' && !workers?.documentsDown ? 'up' : 'down';
      const down = Object.entries(parts)
        .filter(([, value]) => value === 'down')
        .map(([name]) => name);
      return down.length > 0
        ? { status: 'error', ...parts, documents, reason: `Down: ${down.join(', ')}.` }
        : documents === 'down'
          ? { status: 'degraded', ...parts, documents, reason: DOCUMENTS_DOWN_REASON }
          : { status: 'ok', ...parts, documents };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** What `work` answers, or undefined when it fails or has not answered by `deadline`. */
async function probe<T>(work: PromiseLike<T>, deadline: Promise<never>): Promise<T | undefined> {
  try {
    return await Promise.race([work, deadline]);
  } catch {
    return undefined;
  }
}

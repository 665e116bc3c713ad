import { Controller, Get, Inject, Res } from '@nestjs/common';
import {
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import type { HealthAnswer } from '@mandi/contracts';
import { PrismaService } from '@mandi/database';
import { Public } from '../auth/access.decorators.js';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator.js';
import { REDIS } from '../redis/redis.module.js';
import { WorkerStatusReader, type WorkerStatus } from './worker-status.reader.js';

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
@Controller('health')
@NoRateLimit()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly prisma: PrismaService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly workers: WorkerStatusReader,
  ) {}

  @Get()
  @Public()
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthAnswer> {
    let workers: WorkerStatus | undefined;
    let result: HealthCheckResult;
    try {
      result = await this.health.check([
        () => this.probe('database', async () => void (await this.prisma.$queryRaw`SELECT 1`)),
        () => this.probe('redis', async () => void (await this.redis.ping())),
        () =>
          this.probe('worker', async () => {
            workers = await this.workers.read();
            if (!workers.alive) throw new Error('no worker heartbeat in the last 15 s');
          }),
      ]);
    } catch (error) {
      result = (error as { getResponse(): HealthCheckResult }).getResponse();
    }
    const details = result.details ?? {};
    const state = (key: string) => (details[key]?.status === 'up' ? 'up' : 'down');
    const parts = { database: state('database'), redis: state('redis'), worker: state('worker') } as const;
    const documents = parts.worker === 'up' && !workers?.documentsDown ? 'up' : 'down';
    const down = Object.entries(parts).filter(([, value]) => value === 'down').map(([name]) => name);
    const answer: HealthAnswer =
      down.length > 0
        ? { status: 'error', ...parts, documents, reason: `Down: ${down.join(', ')}.` }
        : documents === 'down'
          ? { status: 'degraded', ...parts, documents, reason: DOCUMENTS_DOWN_REASON }
          : { status: 'ok', ...parts, documents };
    void reply.status(answer.status === 'error' ? 503 : 200);
    return answer;
  }

  private async probe(key: string, run: () => Promise<void>): Promise<HealthIndicatorResult> {
    const session = this.indicator.check(key);
    try {
      await Promise.race([
        run(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref()),
      ]);
      return session.up();
    } catch (error) {
      return session.down((error as Error).message);
    }
  }
}

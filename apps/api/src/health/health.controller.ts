import { Controller, Get, Inject, Res } from '@nestjs/common';
import {
  HealthCheckService,
  HealthIndicatorService,
  type HealthCheckResult,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { HealthAnswer } from '@mandi/contracts';
import { PrismaService } from '@mandi/database';
import { workerHeartbeatKey } from '@mandi/queues';
import { Public } from '../auth/access.decorators.js';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator.js';
import { REDIS } from '../redis/redis.module.js';

/** Each dependency gets this long to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 1500;

/**
 * Liveness of the API's dependencies, for people and load balancers: the database answers a query, Redis answers
 * PING, and a worker has refreshed its heartbeat key within its 15 s lifetime. 200 when all are up, 503 otherwise.
 */
@Controller('health')
@NoRateLimit()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly prisma: PrismaService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthAnswer> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check([
        () => this.probe('database', async () => void (await this.prisma.$queryRaw`SELECT 1`)),
        () => this.probe('redis', async () => void (await this.redis.ping())),
        () =>
          this.probe('worker', async () => {
            const beat = await this.redis.get(workerHeartbeatKey(this.config.REDIS_PREFIX));
            if (!beat) throw new Error('no worker heartbeat in the last 15 s');
          }),
      ]);
    } catch (error) {
      result = (error as { getResponse(): HealthCheckResult }).getResponse();
    }
    const details = result.details ?? {};
    const state = (key: string) => (details[key]?.status === 'up' ? 'up' : 'down');
    const answer: HealthAnswer = {
      status: result.status === 'ok' ? 'ok' : 'error',
      database: state('database'),
      redis: state('redis'),
      worker: state('worker'),
    };
    void reply.status(answer.status === 'ok' ? 200 : 503);
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

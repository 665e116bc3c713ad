import { Controller, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, METRICS_SCRAPE_REFUSED, metricsScrapeAccess, type AppConfig } from '@mandi/config';
import { metrics as metricsRoute } from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { MetricsService } from './metrics.service.js';

/**
 * GET /api/metrics for Prometheus. Not a Firebase route: the access guard lets it through (the entry is 'public', and
 * 'exempt' from the rate limit) and the scrape token of METRICS_TOKEN is checked here (metricsScrapeAccess of
 * libs/config, as the worker's metrics port does). In production without a token the route answers exactly like one
 * that does not exist.
 */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint(metricsRoute)
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const access = metricsScrapeAccess(this.config, authorization);
    if (access === 'off') throw new NotFoundException('Cannot GET /api/metrics');
    if (access === 'refused') {
      void reply.header('www-authenticate', 'Bearer');
      throw new UnauthorizedException(METRICS_SCRAPE_REFUSED);
    }
    const text = await this.metrics.metrics();
    void reply.header('content-type', this.metrics.contentType).header('cache-control', 'no-store');
    return text;
  }
}

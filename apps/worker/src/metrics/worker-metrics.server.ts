import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, METRICS_SCRAPE_REFUSED, metricsScrapeAccess, type AppConfig } from '@mandi/config';
import { poolGauge, PrismaService, showPoolUse } from '@mandi/database';
import { Registry } from 'prom-client';
import { workerRegistry } from './worker-metrics.js';

/** A scrape is a few kilobytes: anything slower than this is a stuck client. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The worker's metrics for Prometheus: `GET /metrics` on HOST:WORKER_METRICS_PORT (node:http; the worker has no other
 * HTTP), behind the scrape token like the API's `GET /api/metrics` (metricsScrapeAccess of libs/config). A port that is
 * taken is logged and the worker runs on without metrics: invoices and refunds matter more than their graphs.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WorkerMetricsServer.name);
  private server: Server | undefined;
  /** This worker's pool gauge, read at each scrape (a registry per instance: a test may run two workers in one process). */
  private readonly poolRegistry = new Registry();
  private readonly pool = poolGauge(this.poolRegistry, 'worker');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly prisma: PrismaService,
  ) {}

  /** The port the metrics listen on, or null when they could not listen. */
  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((request, response) => void this.answer(request, response));
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    server.headersTimeout = REQUEST_TIMEOUT_MS;
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', (error) => {
        this.logger.warn(
          `Worker metrics not served: ${this.config.HOST}:${this.config.WORKER_METRICS_PORT} refused (${error.message}); set WORKER_METRICS_PORT to a free port`,
        );
        resolve(false);
      });
      server.listen(this.config.WORKER_METRICS_PORT, this.config.HOST, () => resolve(true));
    });
    if (!listening) return;
    this.server = server;
    // A scraper's keep-alive connection must not hold the worker open at shutdown.
    server.unref();
    this.logger.log({ msg: 'worker metrics listening', url: `http://${this.config.HOST}:${this.port}/metrics` });
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    const access = metricsScrapeAccess(this.config, request.headers.authorization);
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD') || access === 'off') {
      return send(
        response,
        404,
        'application/json',
        JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Not found' }),
      );
    }
    if (access === 'refused') {
      response.setHeader('www-authenticate', 'Bearer');
      const body = { statusCode: 401, error: 'Unauthorized', message: METRICS_SCRAPE_REFUSED };
      return send(response, 401, 'application/json', JSON.stringify(body));
    }
    try {
      showPoolUse(this.pool, this.prisma.poolUse());
      const text = await Registry.merge([workerRegistry, this.poolRegistry]).metrics();
      send(response, 200, workerRegistry.contentType, request.method === 'HEAD' ? '' : text);
    } catch (error) {
      this.logger.error({ msg: 'metrics not collected', err: error });
      send(
        response,
        500,
        'application/json',
        JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Metrics could not be collected' }),
      );
    }
  }
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
}

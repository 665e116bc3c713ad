import { Global, Module } from '@nestjs/common';
import { WorkerMetrics } from './worker-metrics.js';
import { WorkerMetricsServer } from './worker-metrics.server.js';

/** The worker's Prometheus metrics: WorkerMetrics for the job runner (global), and the server of GET /metrics. */
@Global()
@Module({ providers: [WorkerMetrics, WorkerMetricsServer], exports: [WorkerMetrics] })
export class WorkerMetricsModule {}

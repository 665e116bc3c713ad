import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { AdminPipelineModule } from '../admin/admin-pipeline.module.js';
import { DatabaseConnectionsRepository } from './database-connections.repository.js';
import { observeHttpRequests } from './http-metrics.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';

/** The API's Prometheus metrics: GET /api/metrics, and the timing of every HTTP answer. */
@Module({
  imports: [AdminPipelineModule],
  controllers: [MetricsController],
  providers: [MetricsService, DatabaseConnectionsRepository],
})
export class MetricsModule implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

  onModuleInit(): void {
    observeHttpRequests(this.adapter.httpAdapter.getInstance<FastifyInstance>());
  }
}

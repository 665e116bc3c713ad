import { Module } from '@nestjs/common';
import { HealthModule } from '../health/health.module.js';
import { QueuesDashboardModule } from '../queues-dashboard/queues-dashboard.module.js';
import { AdminPipelineController } from './admin-pipeline.controller.js';
import { AdminPipelineRepository } from './admin-pipeline.repository.js';
import { AdminPipelineService } from './admin-pipeline.service.js';
import { AdminPayoutsModule } from './payouts/admin-payouts.module.js';

/** GET /api/admin/pipeline (admins only), and the pipeline's state for the metrics. */
@Module({
  imports: [HealthModule, QueuesDashboardModule, AdminPayoutsModule],
  controllers: [AdminPipelineController],
  providers: [AdminPipelineRepository, AdminPipelineService],
  exports: [AdminPipelineService],
})
export class AdminPipelineModule {}

import { Module } from '@nestjs/common';
import { AdminDashboardController } from './admin-dashboard.controller.js';
import { AdminDashboardRepository } from './admin-dashboard.repository.js';
import { AdminDashboardService } from './admin-dashboard.service.js';
import { AdminPipelineModule } from './admin-pipeline.module.js';

/** GET /api/admin/dashboard (admins only): the business figures beside the pipeline's snapshot. */
@Module({
  imports: [AdminPipelineModule],
  controllers: [AdminDashboardController],
  providers: [AdminDashboardRepository, AdminDashboardService],
})
export class AdminDashboardModule {}

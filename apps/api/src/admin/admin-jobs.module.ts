import { Module } from '@nestjs/common';
import { AdminJobsController } from './admin-jobs.controller.js';
import { AdminJobsRepository } from './admin-jobs.repository.js';
import { AdminJobsService } from './admin-jobs.service.js';

/** GET /api/admin/jobs/dead and POST /api/admin/jobs/dead/{id}/retry (admins only): the console's Dead jobs tab. */
@Module({
  controllers: [AdminJobsController],
  providers: [AdminJobsService, AdminJobsRepository],
})
export class AdminJobsModule {}

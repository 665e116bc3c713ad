import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { WorkerStatusReader } from './worker-status.reader.js';

/**
 * GET /api/health, and the reader of the workers' state it shares with the console's pipeline view. A failed check
 * logs no error: load balancers poll it, and the answer is the report.
 */
@Module({
  controllers: [HealthController],
  providers: [WorkerStatusReader],
  exports: [WorkerStatusReader],
})
export class HealthModule {}

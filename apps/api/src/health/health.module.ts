import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller.js';
import { WorkerStatusReader } from './worker-status.reader.js';

/**
 * GET /api/health, and the reader of the workers' state it shares with the console's pipeline view. Terminus logs no
 * error per failed check: load balancers poll it, and the answer is the report.
 */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [WorkerStatusReader],
  exports: [WorkerStatusReader],
})
export class HealthModule {}

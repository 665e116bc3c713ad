import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventJobQueues } from './event-job.queues.js';
import { JobLedgerRepository } from './job-ledger.repository.js';
import { JobReconciler } from './job.reconciler.js';
import { JobRunner } from './job.runner.js';
import { OutboxRelay } from './outbox.relay.js';
import { OutboxRepository } from './outbox.repository.js';
import { PIPELINE_OPTIONS, type PipelineOptions } from './pipeline.options.js';

/**
 * The event pipeline of the worker: the outbox relay, the job runner and the reconciler. Needs PrismaService and the
 * QueuesModule from the root; handlers come from any module the worker imports.
 */
@Module({})
export class PipelineModule {
  static forRoot(options: PipelineOptions): DynamicModule {
    return {
      module: PipelineModule,
      imports: [DiscoveryModule],
      providers: [
        { provide: PIPELINE_OPTIONS, useValue: options },
        OutboxRepository,
        JobLedgerRepository,
        EventJobQueues,
        OutboxRelay,
        JobRunner,
        JobReconciler,
      ],
      exports: [OutboxRelay, JobRunner, JobReconciler],
    };
  }
}

import { Module } from '@nestjs/common';
import { RetentionRepository } from './retention.repository.js';
import { RetentionSweep } from './retention.sweep.js';

/** Pruning of the pipeline's old bookkeeping (outbox, processed events, payment webhook events) on a schedule. */
@Module({ providers: [RetentionRepository, RetentionSweep] })
export class RetentionModule {}

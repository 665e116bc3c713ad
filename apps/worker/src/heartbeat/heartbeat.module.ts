import { Module } from '@nestjs/common';
import { HeartbeatService } from './heartbeat.service.js';

/** The worker's liveness signal in Redis. */
@Module({ providers: [HeartbeatService] })
export class HeartbeatModule {}

import { Module } from '@nestjs/common';
import { HeartbeatService } from './heartbeat.service.js';

/** The worker's liveness and documents state in Redis for the API's health check, and its boot check of Redis' eviction policy. */
@Module({ providers: [HeartbeatService] })
export class HeartbeatModule {}

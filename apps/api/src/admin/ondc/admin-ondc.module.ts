import { Module } from '@nestjs/common';
import { AdminOndcController } from './admin-ondc.controller.js';
import { AdminOndcRepository } from './admin-ondc.repository.js';
import { AdminOndcService } from './admin-ondc.service.js';

/**
 * The network in the console (docs/ondc.md, "The console"): GET /api/admin/ondc/orders, /orders/{orderId}, /calls,
 * /calls/{callId} and /summary, for admins.
 */
@Module({
  controllers: [AdminOndcController],
  providers: [AdminOndcService, AdminOndcRepository],
})
export class AdminOndcModule {}

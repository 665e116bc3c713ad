import { Module } from '@nestjs/common';
import { CommissionsController } from './commissions.controller.js';
import { CommissionsRepository } from './commissions.repository.js';
import { CommissionsService } from './commissions.service.js';

/** Mandi's commission rules (docs/commissions.md): GET and PUT /api/admin/commissions/... for admins. */
@Module({
  controllers: [CommissionsController],
  providers: [CommissionsService, CommissionsRepository],
})
export class CommissionsModule {}

import { Module } from '@nestjs/common';
import { PincodesController } from './pincodes.controller.js';
import { PincodesRepository } from './pincodes.repository.js';
import { PincodesService } from './pincodes.service.js';

/** The India Post directory: the lookup route, and the offices of a PIN code for the address checks. */
@Module({
  controllers: [PincodesController],
  providers: [PincodesService, PincodesRepository],
  exports: [PincodesService],
})
export class PincodesModule {}

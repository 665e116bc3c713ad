import { Module } from '@nestjs/common';
import { OnSubscribeService } from './on-subscribe.service.js';
import { OndcCallsRepository } from './ondc-calls.repository.js';
import { OndcController } from './ondc.controller.js';
import { OndcInboundService } from './ondc-inbound.service.js';
import { SenderKeys } from './sender-keys.js';

/** Mandi's seller node on ONDC, receiving side (docs/ondc.md, "Receiving calls"). */
@Module({
  controllers: [OndcController],
  providers: [OndcInboundService, OnSubscribeService, OndcCallsRepository, SenderKeys],
})
export class OndcModule {}

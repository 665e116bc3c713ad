import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { OnSubscribeService } from './on-subscribe.service.js';
import { OndcCallsRepository } from './ondc-calls.repository.js';
import { OndcController } from './ondc.controller.js';
import { OndcDocumentsService } from './ondc-documents.service.js';
import { OndcInboundService } from './ondc-inbound.service.js';
import { SenderKeys } from './sender-keys.js';

/** Mandi's seller node on ONDC, receiving side (docs/ondc.md, "Receiving calls"), and network orders' invoice links. */
@Module({
  imports: [InvoicesModule],
  controllers: [OndcController],
  providers: [OndcInboundService, OnSubscribeService, OndcCallsRepository, SenderKeys, OndcDocumentsService],
})
export class OndcModule {}

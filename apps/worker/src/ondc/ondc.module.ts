import { Module } from '@nestjs/common';
import { BuyerAppClient } from './callbacks/buyer-app.client.js';
import { OndcCallsRepository } from './callbacks/ondc-calls.repository.js';
import { OndcSendCallbackHandler } from './callbacks/send-callback.handler.js';
import { OndcCatalogPushHandler } from './catalog/catalog-push.handler.js';
import { OndcCatalogSearch } from './catalog/catalog-search.service.js';
import { OndcCatalogSubscriptionsRepository } from './catalog/catalog-subscriptions.repository.js';
import { OndcCatalogRepository } from './catalog/catalog.repository.js';
import { OndcCatalogReader } from './catalog/catalog.reader.js';
import { OndcOrdersModule } from './orders/ondc-orders.module.js';
import { OndcRespondHandler } from './respond.handler.js';

/**
 * Mandi as an ONDC seller node, the worker's side (docs/ondc.md): answering the network's calls (the catalogue here,
 * the order calls in OndcOrdersModule), sending every callback signed until its buyer app answers, and pushing
 * catalogue changes to the buyer apps that asked for them.
 */
@Module({
  imports: [OndcOrdersModule],
  providers: [
    OndcCallsRepository,
    BuyerAppClient,
    OndcRespondHandler,
    OndcSendCallbackHandler,
    OndcCatalogRepository,
    OndcCatalogReader,
    OndcCatalogSubscriptionsRepository,
    OndcCatalogSearch,
    OndcCatalogPushHandler,
  ],
})
export class OndcModule {}

import { Module } from '@nestjs/common';
import { LedgerModule } from '../../ledger/ledger.module.js';
import { OndcCatalogReader } from '../catalog/catalog.reader.js';
import { OndcCatalogRepository } from '../catalog/catalog.repository.js';
import { NetworkOrdersRepository } from './network-orders.repository.js';
import { OndcOrderActions } from './order-actions.js';
import { OndcOrderProgressHandler } from './order-progress.handler.js';

/** Network orders (docs/ondc.md, "Network orders"): answering the buyer apps' order calls, and telling them each step. */
@Module({
  imports: [LedgerModule],
  providers: [
    NetworkOrdersRepository,
    OndcCatalogRepository,
    OndcCatalogReader,
    OndcOrderActions,
    OndcOrderProgressHandler,
  ],
  exports: [OndcOrderActions],
})
export class OndcOrdersModule {}

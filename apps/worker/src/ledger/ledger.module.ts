import { Module } from '@nestjs/common';
import { LedgerBookHandler } from './ledger-book.handler.js';
import { LedgerBookService } from './ledger-book.service.js';
import { LedgerCheckRepository } from './ledger-check.repository.js';
import { LedgerCheckSweep } from './ledger-check.sweep.js';
import { LedgerRepository } from './ledger.repository.js';

/** The seller ledger (docs/ledger.md): booking each order's money, and the periodic check that it all adds up. */
@Module({
  providers: [LedgerRepository, LedgerBookService, LedgerBookHandler, LedgerCheckRepository, LedgerCheckSweep],
  exports: [LedgerRepository, LedgerBookService, LedgerCheckSweep],
})
export class LedgerModule {}

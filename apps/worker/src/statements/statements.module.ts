import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { sellerFromConfig } from '../invoices/invoice-document.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { SELLER } from '../invoices/invoices.service.js';
import { MailModule } from '../mail/mail.module.js';
import { CommissionInvoicesRepository } from './commission-invoices.repository.js';
import { CommissionInvoicesService } from './commission-invoices.service.js';
import { STATEMENT_CLOCK } from './statement-clock.js';
import { StatementMails } from './statement-mails.js';
import { StatementTemplates } from './statement-templates.js';
import { StatementsRepository } from './statements.repository.js';
import { StatementsService } from './statements.service.js';
import { StatementsSweep } from './statements.sweep.js';

/**
 * Sellers' weekly settlement statements and Mandi's monthly commission invoices (issue 32, docs/payouts.md): made from
 * the ledger by an hourly sweep, printed with the invoices' warm Chromium (PdfRenderer of InvoicesModule), kept in the
 * file store (FileStoreModule, global in the worker) and mailed through the worker's Mailer (MailModule).
 */
@Module({
  imports: [InvoicesModule, MailModule],
  providers: [
    { provide: SELLER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => sellerFromConfig(config) },
    { provide: STATEMENT_CLOCK, useValue: () => new Date() },
    { provide: StatementTemplates, useFactory: () => new StatementTemplates() },
    StatementsRepository,
    CommissionInvoicesRepository,
    StatementMails,
    StatementsService,
    CommissionInvoicesService,
    StatementsSweep,
  ],
  exports: [StatementsSweep],
})
export class StatementsModule {}

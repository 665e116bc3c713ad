import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { CreditNoteIssueHandler, InvoiceIssueHandler } from './document-issue.handler.js';
import { CreditNoteRenderHandler, InvoiceRenderHandler } from './document-render.handler.js';
import { sellerFromConfig } from './invoice-document.js';
import { InvoiceTemplates } from './invoice-templates.js';
import { InvoicesRepository } from './invoices.repository.js';
import { DOCUMENT_CLOCK, InvoicesService, SELLER } from './invoices.service.js';
import { PdfRenderer } from './pdf-renderer.js';

/**
 * Invoices, bills of supply and credit notes (docs/invoices.md): numbered and recorded when an order is paid or an
 * invoiced order is cancelled, then printed to PDF with the warm Chromium and kept in the file store.
 */
@Module({
  providers: [
    { provide: SELLER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => sellerFromConfig(config) },
    { provide: DOCUMENT_CLOCK, useValue: () => new Date() },
    { provide: InvoiceTemplates, useFactory: () => new InvoiceTemplates() },
    PdfRenderer,
    InvoicesRepository,
    InvoicesService,
    InvoiceIssueHandler,
    InvoiceRenderHandler,
    CreditNoteIssueHandler,
    CreditNoteRenderHandler,
  ],
  exports: [InvoicesService, PdfRenderer],
})
export class InvoicesModule {}

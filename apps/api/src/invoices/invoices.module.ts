import { Module } from '@nestjs/common';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/** Downloads of invoice and credit-note PDFs, and the admin's generate and cancel calls (docs/invoices.md). */
@Module({
  controllers: [InvoicesController],
  providers: [InvoicesService, InvoicesRepository],
  // The ONDC module's signed links of network orders' invoices.
  exports: [InvoicesService],
})
export class InvoicesModule {}

import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { InvoicesService } from './invoices.service.js';

/** Renders the PDF of an issued invoice into the file store and records its key. */
@Injectable()
@HandlesJob('invoice.render')
export class InvoiceRenderHandler extends JobHandler<EventPayload<'invoice.issued'>> {
  constructor(private readonly invoices: InvoicesService) {
    super();
  }

  async handle({ invoiceId }: EventPayload<'invoice.issued'>, { tx }: JobContext): Promise<void> {
    await this.invoices.renderInvoice(tx, invoiceId);
  }
}

import { Injectable } from '@nestjs/common';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { InvoicesService } from './invoices.service.js';

/** Issues the invoice (or bill of supply) of an order that was paid: its number and record, and 'invoice.issued'. */
@Injectable()
@HandlesJob('invoice.issue')
export class InvoiceIssueHandler extends JobHandler<{ orderId: number }> {
  constructor(private readonly invoices: InvoicesService) {
    super();
  }

  async handle({ orderId }: { orderId: number }, { tx }: JobContext): Promise<void> {
    await this.invoices.issueInvoice(tx, orderId);
  }
}

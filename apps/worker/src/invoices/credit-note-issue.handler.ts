import { Injectable } from '@nestjs/common';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { InvoicesService } from './invoices.service.js';

/**
 * Issues the credit note of a cancelled order that has an invoice: its number and record, and 'credit_note.issued'.
 * Started by the cancellation and by the invoice's issue, so it does not matter which of the two comes first.
 */
@Injectable()
@HandlesJob('credit-note.issue')
export class CreditNoteIssueHandler extends JobHandler<{ orderId: number }> {
  constructor(private readonly invoices: InvoicesService) {
    super();
  }

  async handle({ orderId }: { orderId: number }, { tx }: JobContext): Promise<void> {
    await this.invoices.issueCreditNote(tx, orderId);
  }
}

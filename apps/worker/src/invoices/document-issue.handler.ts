import { Injectable } from '@nestjs/common';
import type { DocumentKind } from '@mandi/domain';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { InvoicesService } from './invoices.service.js';

/** Issues the document of `kind` of an order: its number and record, and its 'issued' event. */
@Injectable()
abstract class DocumentIssueHandler extends JobHandler<{ orderId: number }> {
  protected abstract readonly kind: DocumentKind;

  constructor(private readonly invoices: InvoicesService) {
    super();
  }

  async handle({ orderId }: { orderId: number }, { finish }: JobContext): Promise<void> {
    await finish((tx) => this.invoices.issue(tx, this.kind, orderId));
  }
}

/** Issues the invoice (or bill of supply) of an order that was paid: its number and record, and 'invoice.issued'. */
@Injectable()
@HandlesJob('invoice.issue')
export class InvoiceIssueHandler extends DocumentIssueHandler {
  protected readonly kind = 'invoice';
}

/**
 * Issues the credit note of a cancelled order that has an invoice: its number and record, and 'credit_note.issued'.
 * Started by the cancellation and by the invoice's issue, so it does not matter which of the two comes first.
 */
@Injectable()
@HandlesJob('credit_note.issue')
export class CreditNoteIssueHandler extends DocumentIssueHandler {
  protected readonly kind = 'credit_note';
}

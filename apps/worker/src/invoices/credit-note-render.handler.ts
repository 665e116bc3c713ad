import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { InvoicesService } from './invoices.service.js';

/** Renders the PDF of an issued credit note into the file store and records its key. */
@Injectable()
@HandlesJob('credit-note.render')
export class CreditNoteRenderHandler extends JobHandler<EventPayload<'credit_note.issued'>> {
  constructor(private readonly invoices: InvoicesService) {
    super();
  }

  async handle({ creditNoteId }: EventPayload<'credit_note.issued'>, { tx }: JobContext): Promise<void> {
    await this.invoices.renderCreditNote(tx, creditNoteId);
  }
}

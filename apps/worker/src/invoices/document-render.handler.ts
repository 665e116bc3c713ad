import { Injectable } from '@nestjs/common';
import type { DocumentKind } from '@mandi/domain';
import type { EventPayload } from '@mandi/events';
import { HandlesJob, JobHandler, type JobContext } from '../pipeline/job.handler.js';
import { InvoicesService } from './invoices.service.js';

/** Renders the PDF of an issued document of `kind` into the file store, records its key and announces it ('rendered'). */
@Injectable()
abstract class DocumentRenderHandler<Payload> extends JobHandler<Payload> {
  protected abstract readonly kind: DocumentKind;

  constructor(private readonly invoices: InvoicesService) {
    super();
  }

  /** The id of the document to print, from the 'issued' event's payload. */
  protected abstract documentId(payload: Payload): number;

  async handle(payload: Payload, { finish }: JobContext): Promise<void> {
    await this.invoices.render(this.kind, this.documentId(payload), finish);
  }
}

/** Renders the PDF of an issued invoice into the file store, records its key and publishes 'invoice.rendered'. */
@Injectable()
@HandlesJob('invoice.render')
export class InvoiceRenderHandler extends DocumentRenderHandler<EventPayload<'invoice.issued'>> {
  protected readonly kind = 'invoice';

  protected documentId({ invoiceId }: EventPayload<'invoice.issued'>): number {
    return invoiceId;
  }
}

/** Renders the PDF of an issued credit note into the file store, records its key and publishes 'credit_note.rendered'. */
@Injectable()
@HandlesJob('credit_note.render')
export class CreditNoteRenderHandler extends DocumentRenderHandler<EventPayload<'credit_note.issued'>> {
  protected readonly kind = 'credit_note';

  protected documentId({ creditNoteId }: EventPayload<'credit_note.issued'>): number {
    return creditNoteId;
  }
}

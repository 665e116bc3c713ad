import { Body, Controller, Param, Res } from '@nestjs/common';
import {
  cancelInvoice,
  downloadInvoice,
  generateInvoice,
  type DocumentActionResponse,
  type InvoiceDownloadParams,
  type InvoiceOrderBody,
} from '@mandi/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { InvoicesService } from './invoices.service.js';
import { sendDocument } from './send-document.js';

/**
 * Invoices and credit notes under /api/invoices (docs/invoices.md). One download route serves both kinds: an
 * invoice by its id ('123'), a credit note by 'cn-' and its id ('cn-7'), the ids order details carry as invoice_id.
 */
@Controller()
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  /** The PDF, as an attachment named after the document number ('INV-26-27-000123.pdf'); 409 while it is being printed. */
  @Endpoint(downloadInvoice)
  async download(
    @Param() params: InvoiceDownloadParams,
    @CurrentCaller() caller: Caller,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendDocument(reply, await this.invoices.download(caller, params.invoiceId));
  }

  /** Where the invoice of a paid order stands: 200 issued, 202 while the worker issues it, 409 unpaid. */
  @Endpoint(generateInvoice)
  async generate(
    @Body() body: InvoiceOrderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DocumentActionResponse> {
    return withStatus(reply, await this.invoices.generate(body.orderId));
  }

  /** Where the credit note of a cancelled order stands: 200 issued or not required, 202 while issuing, 409 not cancelled. */
  @Endpoint(cancelInvoice)
  async cancel(
    @Body() body: InvoiceOrderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DocumentActionResponse> {
    return withStatus(reply, await this.invoices.cancel(body.orderId));
  }
}

/** 202 Accepted for a document the worker is still issuing (the body says so too), 200 otherwise. */
function withStatus(reply: FastifyReply, answer: DocumentActionResponse): DocumentActionResponse {
  void reply.status(answer.status === 'pending' ? 202 : 200);
  return answer;
}

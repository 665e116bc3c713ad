import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  invoiceDownloadParamsSchema,
  invoiceOrderBodySchema,
  type DocumentActionResponse,
  type InvoiceDownloadParams,
  type InvoiceOrderBody,
} from '@mandi/contracts';
import type { FastifyReply } from 'fastify';
import { AdminOnly, CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { InvoicesService } from './invoices.service.js';

/**
 * Invoices and credit notes under /api/invoices (spec 001 section 7). One download route serves both kinds: an
 * invoice by its id ('123'), a credit note by 'cn-' and its id ('cn-7'), the ids order details carry as invoice_id.
 */
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  /** The PDF, as an attachment named after the document number ('INV-26-27-000123.pdf'); 409 while it is being printed. */
  @Get(':invoiceId/download')
  async download(
    @Param(new ZodPipe(invoiceDownloadParamsSchema)) params: InvoiceDownloadParams,
    @CurrentCaller() caller: Caller,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { fileName, bytes } = await this.invoices.download(caller, params.invoiceId);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // A buyer's name and address: kept out of shared caches.
      .header('cache-control', 'private, no-store')
      .send(bytes);
  }

  /** Where the invoice of a paid order stands: 200 issued, 202 while the worker issues it, 409 unpaid. */
  @AdminOnly()
  @Post('generate')
  @HttpCode(200)
  async generate(
    @Body(new ZodPipe(invoiceOrderBodySchema)) body: InvoiceOrderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DocumentActionResponse> {
    return pendingAs202(reply, await this.invoices.generate(body.orderId));
  }

  /** Where the credit note of a cancelled order stands: 200 issued or not required, 202 while issuing, 409 not cancelled. */
  @AdminOnly()
  @Post('cancel')
  @HttpCode(200)
  async cancel(
    @Body(new ZodPipe(invoiceOrderBodySchema)) body: InvoiceOrderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DocumentActionResponse> {
    return pendingAs202(reply, await this.invoices.cancel(body.orderId));
  }
}

/** 202 Accepted for a document the worker is still issuing; the body says so too. */
function pendingAs202(reply: FastifyReply, answer: DocumentActionResponse): DocumentActionResponse {
  if (answer.status === 'pending') reply.status(202);
  return answer;
}

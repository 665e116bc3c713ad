import { Controller, Get, Query, Res } from '@nestjs/common';
import { gstr1CsvQuerySchema, gstr1QuerySchema, type Gstr1CsvQuery, type Gstr1Query } from '@mandi/contracts';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../../auth/access.decorators.js';
import { ZodPipe } from '../../common/zod-body.pipe.js';
import { GstReportsService, type Gstr1Download } from './gst-reports.service.js';

/** GST returns for the seller of record (admins only): GSTR-1 of a month, as JSON, CSV tables and the portal's JSON. */
@Controller('admin/reports')
@AdminOnly()
export class GstReportsController {
  constructor(private readonly reports: GstReportsService) {}

  /** The tables as JSON (Gstr1ReportAnswer), sent as the text the service keeps for the month's current documents. */
  @Get('gstr1')
  async gstr1(@Query(new ZodPipe(gstr1QuerySchema)) query: Gstr1Query, @Res() reply: FastifyReply): Promise<void> {
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(await this.reports.gstr1Json(query.month));
  }

  @Get('gstr1/csv')
  async csv(@Query(new ZodPipe(gstr1CsvQuerySchema)) query: Gstr1CsvQuery, @Res() reply: FastifyReply): Promise<void> {
    await send(reply, await this.reports.csv(query.month, query.table));
  }

  @Get('gstr1/portal')
  async portal(@Query(new ZodPipe(gstr1QuerySchema)) query: Gstr1Query, @Res() reply: FastifyReply): Promise<void> {
    await send(reply, await this.reports.portal(query.month));
  }
}

/** A download: an attachment with its name, never cached (tax records of a private business). */
async function send(reply: FastifyReply, download: Gstr1Download): Promise<void> {
  await reply
    .header('content-type', download.contentType)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(download.body);
}

import { Controller, Query, Res } from '@nestjs/common';
import { gstr1Csv, gstr1Portal, gstr1Report, type Gstr1CsvQuery, type Gstr1Query } from '@mandi/contracts';
import type { FastifyReply } from 'fastify';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { GstReportsService, type Gstr1Download } from './gst-reports.service.js';

/** GST returns for the seller of record (admins only): GSTR-1 of a month, as JSON, CSV tables and the portal's JSON. */
@Controller()
export class GstReportsController {
  constructor(private readonly reports: GstReportsService) {}

  /** The tables as JSON (Gstr1ReportAnswer), sent as the text the service keeps for the month's current documents. */
  @Endpoint(gstr1Report)
  async gstr1(@Query() query: Gstr1Query, @Res() reply: FastifyReply): Promise<void> {
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(await this.reports.gstr1Json(query.month));
  }

  @Endpoint(gstr1Csv)
  async csv(@Query() query: Gstr1CsvQuery, @Res() reply: FastifyReply): Promise<void> {
    await send(reply, await this.reports.csv(query.month, query.table));
  }

  @Endpoint(gstr1Portal)
  async portal(@Query() query: Gstr1Query, @Res() reply: FastifyReply): Promise<void> {
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

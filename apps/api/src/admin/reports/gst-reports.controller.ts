import { Controller, Param, Query, Res } from '@nestjs/common';
import {
  gstr1Csv,
  gstr1Portal,
  gstr1Report,
  gstr8Csv,
  gstr8Portal,
  gstr8Report,
  sellerSupplies,
  type Gstr1CsvQuery,
  type Gstr1Query,
  type Gstr8ReportAnswer,
} from '@mandi/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentCaller } from '../../auth/caller.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { GstReportsService, type Gstr1Download } from './gst-reports.service.js';

/**
 * GST returns: Mandi's GSTR-1 and GSTR-8 of a month (admins only), as JSON, CSV and the portal's JSON; and a seller's
 * own month of supplies through Mandi, as the CSV tables of their GSTR-1.
 */
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

  @Endpoint(gstr8Report)
  gstr8(@Query() query: Gstr1Query): Promise<Gstr8ReportAnswer> {
    return this.reports.gstr8Json(query.month);
  }

  @Endpoint(gstr8Csv)
  async gstr8Csv(@Query() query: Gstr1Query, @Res() reply: FastifyReply): Promise<void> {
    await send(reply, await this.reports.gstr8Csv(query.month));
  }

  @Endpoint(gstr8Portal)
  async gstr8Portal(@Query() query: Gstr1Query, @Res() reply: FastifyReply): Promise<void> {
    await send(reply, await this.reports.gstr8Portal(query.month));
  }

  @Endpoint(sellerSupplies)
  async sellerSupplies(
    @Param() params: { uid: string },
    @Query() query: Gstr1CsvQuery,
    @CurrentCaller() caller: Caller,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await send(reply, await this.reports.sellerSuppliesCsv(caller, params.uid, query.month, query.table));
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

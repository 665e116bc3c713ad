import { Readable } from 'node:stream';
import { Controller, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { exportAdminOrders, type AdminOrdersExportQuery } from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminOrdersExportService } from './admin-orders-export.service.js';

/** The console's 'Export CSV' of the order list (docs/console.md, "Export"). */
@Controller()
export class AdminOrdersExportController {
  constructor(private readonly exports: AdminOrdersExportService) {}

  /** ?filter=&search= as GET /api/admin/orders takes them; every matching order, newest first, streamed as it is read. */
  @Endpoint(exportAdminOrders)
  async export(@Query() query: AdminOrdersExportQuery, @Res() reply: FastifyReply): Promise<void> {
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${this.exports.fileName(query)}"`)
      // Buyers' names and e-mails: kept out of shared caches.
      .header('cache-control', 'private, no-store')
      .send(Readable.from(this.exports.lines(query)));
  }
}

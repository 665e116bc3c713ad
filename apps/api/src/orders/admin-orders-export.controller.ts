import { Readable } from 'node:stream';
import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { adminOrdersExportQuerySchema, type AdminOrdersExportQuery } from '@mandi/contracts';
import { AdminOnly } from '../auth/access.decorators.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AdminOrdersExportService } from './admin-orders-export.service.js';

/** The console's 'Export CSV' of the order list (docs/console.md, "Export"). */
@Controller('admin/orders')
@AdminOnly()
export class AdminOrdersExportController {
  constructor(private readonly exports: AdminOrdersExportService) {}

  /** ?filter=&search= as GET /api/admin/orders takes them; every matching order, newest first, streamed as it is read. */
  @Get('export.csv')
  async export(
    @Query(new ZodPipe(adminOrdersExportQuerySchema)) query: AdminOrdersExportQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${this.exports.fileName(query)}"`)
      // Buyers' names and e-mails: kept out of shared caches.
      .header('cache-control', 'private, no-store')
      .send(Readable.from(this.exports.lines(query)));
  }
}

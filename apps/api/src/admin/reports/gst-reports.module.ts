import { Module } from '@nestjs/common';
import { GstReportsController } from './gst-reports.controller.js';
import { GstReportsRepository } from './gst-reports.repository.js';
import { GstReportsService } from './gst-reports.service.js';

/** GET /api/admin/reports/gstr1 and its downloads (admins only): docs/gst-returns.md. */
@Module({
  controllers: [GstReportsController],
  providers: [GstReportsService, GstReportsRepository],
})
export class GstReportsModule {}

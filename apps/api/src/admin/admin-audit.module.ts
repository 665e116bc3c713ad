import { Module } from '@nestjs/common';
import { AdminAuditController } from './admin-audit.controller.js';
import { AdminAuditRepository } from './admin-audit.repository.js';
import { AdminAuditService } from './admin-audit.service.js';

/** GET /api/admin/audit: the audit trail, read by the console (admin role only). */
@Module({ controllers: [AdminAuditController], providers: [AdminAuditService, AdminAuditRepository] })
export class AdminAuditModule {}

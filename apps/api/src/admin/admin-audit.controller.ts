import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { auditTrailQuerySchema, type AuditTrail, type AuditTrailQuery } from '@mandi/contracts';
import { AdminOnly } from '../auth/access.decorators.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AdminAuditService } from './admin-audit.service.js';

/** The console's Audit trail (docs/console.md, "Audit trail"). */
@Controller('admin/audit')
@AdminOnly()
export class AdminAuditController {
  constructor(private readonly audit: AdminAuditService) {}

  /** ?adminId= &action= &objectType= &objectId= &page= &perPage=; newest first; X-Total-Count says how many match. */
  @Get()
  async list(
    @Query(new ZodPipe(auditTrailQuerySchema)) query: AuditTrailQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditTrail> {
    const { entries, total } = await this.audit.list(query);
    void reply.header('X-Total-Count', String(total));
    return entries;
  }
}

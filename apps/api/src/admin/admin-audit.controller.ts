import { Controller, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { auditTrail, type AuditTrail, type AuditTrailQuery } from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminAuditService } from './admin-audit.service.js';

/** The console's Audit trail (docs/console.md, "Audit trail"). */
@Controller()
export class AdminAuditController {
  constructor(private readonly audit: AdminAuditService) {}

  /** ?adminId= &action= &objectType= &objectId= &page= &perPage=; newest first; X-Total-Count says how many match. */
  @Endpoint(auditTrail)
  async list(@Query() query: AuditTrailQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuditTrail> {
    const { entries, total } = await this.audit.list(query);
    void reply.header('X-Total-Count', String(total));
    return entries;
  }
}

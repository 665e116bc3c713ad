import { Injectable } from '@nestjs/common';
import type { AuditTrailEntry, AuditTrailQuery } from '@mandi/contracts';
import { auditActionLabel } from '@mandi/domain';
import { AdminAuditRepository } from './admin-audit.repository.js';

/** The console's Audit trail: which admin did what to what, when, and the object before and after. */
@Injectable()
export class AdminAuditService {
  constructor(private readonly audit: AdminAuditRepository) {}

  /** A page of the trail, newest first, with how many rows match the filters. */
  async list(query: AuditTrailQuery): Promise<{ total: number; entries: AuditTrailEntry[] }> {
    const { total, rows } = await this.audit.list(query);
    return {
      total,
      entries: rows.map((row) => ({
        id: String(row.id),
        at: new Date(row.created_at).toISOString(),
        admin: { id: String(row.admin_id), username: row.username, email: row.email },
        action: row.action,
        label: auditActionLabel(row.action),
        object_type: row.object_type,
        object_id: row.object_id,
        before: row.before ?? null,
        after: row.after ?? null,
      })),
    };
  }
}

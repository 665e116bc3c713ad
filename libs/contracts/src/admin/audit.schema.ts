import { AUDIT_ACTION_NAMES, AUDIT_OBJECT_TYPES, AUDIT_PAGE } from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { pageQuerySchema, pageSizeQuerySchema, queryText } from '../common/paging.js';

/** An optional query parameter: blank is the same as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/**
 * Query of GET /api/admin/audit: optionally only one admin's rows, one action (AUDIT_ACTIONS of libs/domain), one kind
 * of object and one object's id; the page, newest first. X-Total-Count says how many rows match.
 */
export const auditTrailQuerySchema = z.object({
  adminId: optional(
    z
      .string()
      .regex(/^\d{1,10}$/, 'adminId must be a user id')
      .transform(Number),
  ),
  action: optional(
    z.enum(AUDIT_ACTION_NAMES as [string, ...string[]], {
      error: `action must be one of ${AUDIT_ACTION_NAMES.join(', ')}`,
    }),
  ),
  objectType: optional(
    z.enum(AUDIT_OBJECT_TYPES as [string, ...string[]], {
      error: `objectType must be one of ${AUDIT_OBJECT_TYPES.join(', ')}`,
    }),
  ),
  objectId: optional(queryText('objectId', 64)),
  page: pageQuerySchema,
  perPage: pageSizeQuerySchema('perPage', AUDIT_PAGE.max, AUDIT_PAGE.default),
});
/** Type of {@link auditTrailQuerySchema}. */
export type AuditTrailQuery = z.infer<typeof auditTrailQuerySchema>;

/** A row of the audit trail: which admin did what to which object, when, and the object before and after. */
export const auditTrailEntrySchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  admin: z.object({ id: idSchema, username: z.string(), email: z.string() }),
  action: z.string(),
  /** How the console says the action ('Confirmed the order'). */
  label: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
/** Type of {@link auditTrailEntrySchema}. */
export type AuditTrailEntry = z.infer<typeof auditTrailEntrySchema>;

/** Answer of GET /api/admin/audit: a page of the trail, newest first. */
export const auditTrailSchema = z.array(auditTrailEntrySchema);
/** Type of {@link auditTrailSchema}. */
export type AuditTrail = z.infer<typeof auditTrailSchema>;

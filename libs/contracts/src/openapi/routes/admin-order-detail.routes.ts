import {
  adminOrderDetailParamsSchema,
  adminOrderDetailSchema,
  adminOrdersExportQuerySchema,
} from '../../admin/admin-order-detail.schema.js';
import { auditTrailQuerySchema, auditTrailSchema } from '../../admin/audit.schema.js';
import type { ApiRoute } from '../api-route.js';

/* The console's order page, the order list's CSV export and the audit trail (docs/console.md). */

export const exportAdminOrders = {
  method: 'GET',
  path: '/api/admin/orders/export.csv',
  tag: 'Admin',
  summary: 'Every order of the list’s filter and search as CSV, newest first, streamed',
  access: 'admin',
  query: adminOrdersExportQuerySchema,
  answers: {
    200: {
      description: 'The CSV (UTF-8 with a byte order mark), one row per order',
      contentType: 'text/csv',
      headers: { 'Content-Disposition': 'attachment; filename="mandi-orders-<filter>-<date>.csv"' },
    },
  },
  errors: [],
} satisfies ApiRoute;

export const adminOrderDetail = {
  method: 'GET',
  path: '/api/admin/orders/{id}',
  tag: 'Admin',
  summary: 'One order with its lines, amounts, address, buyer, payments, refunds, documents and timeline',
  access: 'admin',
  params: adminOrderDetailParamsSchema,
  answers: { 200: { description: 'The order', schema: adminOrderDetailSchema } },
  // 404: no such order (and any id that names none).
  errors: [404],
} satisfies ApiRoute;

export const auditTrail = {
  method: 'GET',
  path: '/api/admin/audit',
  tag: 'Admin',
  summary: 'The audit trail: which admin did what to what, newest first, filtered and paged',
  access: 'admin',
  query: auditTrailQuerySchema,
  answers: {
    200: {
      description: 'A page of the trail',
      schema: auditTrailSchema,
      headers: { 'X-Total-Count': 'How many rows match' },
    },
  },
  errors: [],
} satisfies ApiRoute;

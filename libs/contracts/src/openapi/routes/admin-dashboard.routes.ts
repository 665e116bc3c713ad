import { adminDashboardAnswerSchema } from '../../admin/admin-dashboard.schema.js';
import type { ApiRoute } from '../api-route.js';

/* The console's business dashboard. */

export const adminDashboard = {
  method: 'GET',
  path: '/api/admin/dashboard',
  tag: 'Admin',
  summary:
    'The business at a glance: orders and revenue per India day for 30 days, by status and payment method, top products and sellers, the orders whose window closes within the hour, and the pipeline',
  access: 'admin',
  answers: { 200: { description: 'The dashboard now', schema: adminDashboardAnswerSchema } },
  errors: [],
} satisfies ApiRoute;

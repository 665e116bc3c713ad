import type { ApiRoute } from './api-route.js';
import { accountRoutes } from './routes/accounts.routes.js';
import { adminDashboardRoutes } from './routes/admin-dashboard.routes.js';
import { adminJobRoutes } from './routes/admin-jobs.routes.js';
import { adminOrderDetailRoutes } from './routes/admin-order-detail.routes.js';
import { adminProductRoutes } from './routes/admin-products.routes.js';
import { adminRoutes } from './routes/admin.routes.js';
import { catalogRoutes } from './routes/catalog.routes.js';
import { checkoutRoutes } from './routes/checkout.routes.js';
import { gstReportRoutes } from './routes/gst-reports.routes.js';
import { operationsRoutes } from './routes/operations.routes.js';
import { referenceRoutes } from './routes/reference.routes.js';
import { sellerDashboardRoutes } from './routes/seller-dashboard.routes.js';

/**
 * Every route the API serves under /api. A test compares this list with the routes the API registers (both ways,
 * access included), so a new controller method cannot ship undocumented and unfuzzed.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...catalogRoutes,
  ...accountRoutes,
  ...checkoutRoutes,
  ...adminRoutes,
  ...adminJobRoutes,
  ...adminOrderDetailRoutes,
  ...adminDashboardRoutes,
  ...adminProductRoutes,
  ...gstReportRoutes,
  ...referenceRoutes,
  ...operationsRoutes,
  ...sellerDashboardRoutes,
];

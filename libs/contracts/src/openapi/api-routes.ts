import type { ApiRoute } from './api-route.js';
import * as accountRoutes from './routes/accounts.routes.js';
import * as adminDashboardRoutes from './routes/admin-dashboard.routes.js';
import * as adminJobRoutes from './routes/admin-jobs.routes.js';
import * as adminOndcRoutes from './routes/admin-ondc.routes.js';
import * as adminOrderDetailRoutes from './routes/admin-order-detail.routes.js';
import * as adminPayoutRoutes from './routes/admin-payouts.routes.js';
import * as adminProductRoutes from './routes/admin-products.routes.js';
import * as adminRoutes from './routes/admin.routes.js';
import * as catalogRoutes from './routes/catalog.routes.js';
import * as checkoutRoutes from './routes/checkout.routes.js';
import * as commissionRoutes from './routes/commissions.routes.js';
import * as gstReportRoutes from './routes/gst-reports.routes.js';
import * as ondcRoutes from './routes/ondc.routes.js';
import * as operationsRoutes from './routes/operations.routes.js';
import * as referenceRoutes from './routes/reference.routes.js';
import * as sellerDashboardRoutes from './routes/seller-dashboard.routes.js';
import * as sellerPayoutRoutes from './routes/seller-payouts.routes.js';
import * as sellerProfileRoutes from './routes/seller-profiles.routes.js';
import * as shipmentRoutes from './routes/shipments.routes.js';

/**
 * Every route the API serves under /api, by name: each routes file exports its routes and nothing else, so a route is
 * declared once, by its entry. Controllers mount their handlers with an entry, the OpenAPI document and the fuzz pass
 * read them all, and the typed client (libs/contracts/src/client) calls them by name.
 */
export const ROUTES = {
  ...catalogRoutes,
  ...accountRoutes,
  ...checkoutRoutes,
  ...adminRoutes,
  ...adminJobRoutes,
  ...adminOrderDetailRoutes,
  ...adminDashboardRoutes,
  ...adminProductRoutes,
  ...gstReportRoutes,
  ...commissionRoutes,
  ...adminPayoutRoutes,
  ...adminOndcRoutes,
  ...referenceRoutes,
  ...operationsRoutes,
  ...sellerDashboardRoutes,
  ...sellerPayoutRoutes,
  ...sellerProfileRoutes,
  ...shipmentRoutes,
  ...ondcRoutes,
};

/** The name of a route of the registry ('addToCart'). */
export type RouteName = keyof typeof ROUTES;

/**
 * Every route of the registry. A test compares this list with the routes the API registers (both ways, access
 * included), so a new controller method cannot ship undocumented and unfuzzed.
 */
export const API_ROUTES: readonly ApiRoute[] = Object.values(ROUTES);

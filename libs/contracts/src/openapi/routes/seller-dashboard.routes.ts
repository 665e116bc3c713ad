import type { ApiRoute } from '../api-route.js';

/** The seller's dashboard (issue 16). */
export const sellerDashboardRoutes: readonly ApiRoute[] = [];

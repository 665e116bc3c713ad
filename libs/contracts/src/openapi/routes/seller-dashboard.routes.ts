import {
  attentionProductAnswerSchema,
  restockBodySchema,
  sellerDashboardParamsSchema,
  sellerDashboardSchema,
  sellerOrderPageSchema,
  sellerOrdersQuerySchema,
  sellerProductParamsSchema,
} from '../../seller-dashboard/seller-dashboard.schema.js';
import type { ApiRoute } from '../api-route.js';

/*
 * The seller's dashboard (issue 16): a seller's own (uid is the caller's, or the caller is an admin, as the access
 * guard checks every uid in a path), 404 for a uid that names no user or a product not of that seller.
 */

export const sellerDashboard = {
  method: 'GET',
  path: '/api/seller-dashboard/{uid}',
  tag: 'Seller dashboard',
  summary: "The seller's sales of today, 7 and 30 days, and their products sold out or expiring within 48 hours",
  access: 'user',
  params: sellerDashboardParamsSchema,
  answers: { 200: { description: 'The dashboard', schema: sellerDashboardSchema } },
  errors: [404],
} satisfies ApiRoute;

export const sellerOrders = {
  method: 'GET',
  path: '/api/seller-dashboard/{uid}/orders',
  tag: 'Seller dashboard',
  summary:
    "The orders with the seller's products, newest first, only their lines, by status and period, a page at a time",
  access: 'user',
  params: sellerDashboardParamsSchema,
  query: sellerOrdersQuerySchema,
  answers: { 200: { description: 'A page of orders', schema: sellerOrderPageSchema } },
  errors: [404],
} satisfies ApiRoute;

export const extendProductValidity = {
  method: 'POST',
  path: '/api/seller-dashboard/{uid}/products/{productId}/extend-validity',
  tag: 'Seller dashboard',
  summary: 'Extends a product’s validity by 7 days from now or its validity, whichever is later (a product edit)',
  access: 'user',
  rateLimit: 'productEdits',
  params: sellerProductParamsSchema,
  answers: { 200: { description: 'Extended', schema: attentionProductAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const restockProduct = {
  method: 'PUT',
  path: '/api/seller-dashboard/{uid}/products/{productId}/stock',
  tag: 'Seller dashboard',
  summary: 'Restocks a product: sets the packs left (a product edit)',
  access: 'user',
  rateLimit: 'productEdits',
  params: sellerProductParamsSchema,
  body: restockBodySchema,
  answers: { 200: { description: 'Restocked', schema: attentionProductAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

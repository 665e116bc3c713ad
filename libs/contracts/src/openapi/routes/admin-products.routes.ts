import {
  adminProductActionAnswerSchema,
  adminProductIdParamsSchema,
  adminProductListSchema,
  adminProductsQuerySchema,
  unlistProductBodySchema,
} from '../../admin/admin-products.schema.js';
import type { ApiRoute } from '../api-route.js';

/* The console's Products tab: every product, and taking one off the shop or putting it back (docs/console.md). */

export const adminProducts = {
  method: 'GET',
  path: '/api/admin/products',
  tag: 'Admin',
  summary: 'Every product with its seller, stock, validity and shop status: searched, filtered, sorted and paged',
  access: 'admin',
  query: adminProductsQuerySchema,
  answers: {
    200: {
      description: 'A page of products',
      schema: adminProductListSchema,
      headers: {
        'X-Total-Count': 'How many products match, exact up to 10,000',
        'X-Total-Capped': "'1' when more than 10,000 match",
      },
    },
  },
  errors: [],
} satisfies ApiRoute;

export const unlistProduct = {
  method: 'PUT',
  path: '/api/admin/products/{id}/unlist',
  tag: 'Admin',
  summary: 'Takes a product off the shop with a reason its seller is mailed and sees on their profile',
  access: 'admin',
  params: adminProductIdParamsSchema,
  body: unlistProductBodySchema,
  answers: { 200: { description: 'Unlisted', schema: adminProductActionAnswerSchema } },
  // 404: no such product; 409: already unlisted.
  errors: [404, 409],
} satisfies ApiRoute;

export const relistProduct = {
  method: 'PUT',
  path: '/api/admin/products/{id}/relist',
  tag: 'Admin',
  summary: 'Puts an unlisted product back in the shop',
  access: 'admin',
  params: adminProductIdParamsSchema,
  answers: { 200: { description: 'Listed again', schema: adminProductActionAnswerSchema } },
  // 404: no such product; 409: it is listed.
  errors: [404, 409],
} satisfies ApiRoute;

import {
  categoryCommissionSchema,
  commissionCategoryParamsSchema,
  commissionRuleBodySchema,
  commissionRulesSchema,
  commissionSellerParamsSchema,
  sellerCommissionSchema,
} from '../../admin/commissions.schema.js';
import type { ApiRoute } from '../api-route.js';

/*
 * Mandi's commission as rules (issue 32, docs/commissions.md): a percentage and fixed fee per category, a seller's own
 * overriding them, fixed onto each order line at the moment of sale. Admins only; every change audited.
 */

export const commissionRules = {
  method: 'GET',
  path: '/api/admin/commissions',
  tag: 'Admin',
  summary: "Every category's commission and every seller's own",
  access: 'admin',
  answers: { 200: { description: 'The rules', schema: commissionRulesSchema } },
  errors: [],
} satisfies ApiRoute;

export const setCategoryCommission = {
  method: 'PUT',
  path: '/api/admin/commissions/categories/{category}',
  tag: 'Admin',
  summary: "Sets a category's commission for sales from now on (audited)",
  access: 'admin',
  params: commissionCategoryParamsSchema,
  body: commissionRuleBodySchema,
  answers: { 200: { description: 'Set', schema: categoryCommissionSchema } },
  errors: [],
} satisfies ApiRoute;

export const setSellerCommission = {
  method: 'PUT',
  path: '/api/admin/commissions/sellers/{uid}',
  tag: 'Admin',
  summary: "Sets a seller's own commission, over every category, for their sales from now on (audited)",
  access: 'admin',
  params: commissionSellerParamsSchema,
  body: commissionRuleBodySchema,
  answers: { 200: { description: 'Set', schema: sellerCommissionSchema } },
  errors: [404],
} satisfies ApiRoute;

export const clearSellerCommission = {
  method: 'DELETE',
  path: '/api/admin/commissions/sellers/{uid}',
  tag: 'Admin',
  summary: "Removes a seller's own commission: their categories' apply from now on (audited)",
  access: 'admin',
  params: commissionSellerParamsSchema,
  answers: { 200: { description: 'Removed', schema: commissionRulesSchema } },
  errors: [404],
} satisfies ApiRoute;

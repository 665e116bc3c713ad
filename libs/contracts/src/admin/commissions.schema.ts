import { PRODUCT_CATEGORIES } from '@mandi/domain';
import { z } from 'zod';
import { isoDateTimeSchema, uidSchema } from '../common/fields.js';

/** Body of the console's commission writes: a percentage of the line's total and a fixed fee per line in rupees. */
export const commissionRuleBodySchema = z.strictObject({
  percent: z.number().finite(),
  fixed_fee: z.number().finite().default(0),
});
/** Type of {@link commissionRuleBodySchema}. */
export type CommissionRuleBody = z.infer<typeof commissionRuleBodySchema>;

/** Path of PUT /api/admin/commissions/categories/{category}. */
export const commissionCategoryParamsSchema = z.object({ category: z.enum(PRODUCT_CATEGORIES) });
/** Path of the calls on one seller's own commission. */
export const commissionSellerParamsSchema = z.object({ uid: uidSchema });

const rule = {
  percent: z.number(),
  fixed_fee: z.number(),
  updated_at: isoDateTimeSchema,
  /** The admin who set it last; null for a starting rule. */
  updated_by: z.string().nullable(),
};

/** A category's commission. */
export const categoryCommissionSchema = z.object({ category: z.enum(PRODUCT_CATEGORIES), label: z.string(), ...rule });
/** A seller's own commission, which overrides every category for them. */
export const sellerCommissionSchema = z.object({ uid: z.string(), username: z.string(), ...rule });
/** Types of the two. */
export type CategoryCommission = z.infer<typeof categoryCommissionSchema>;
export type SellerCommission = z.infer<typeof sellerCommissionSchema>;

/** Answer of GET /api/admin/commissions: every category's rule, and every seller's own. */
export const commissionRulesSchema = z.object({
  categories: z.array(categoryCommissionSchema),
  sellers: z.array(sellerCommissionSchema),
});
/** Type of {@link commissionRulesSchema}. */
export type CommissionRules = z.infer<typeof commissionRulesSchema>;

// The console's business dashboard (issue 17): the answer of GET /api/admin/dashboard.
import { ORDER_STATUSES, PAYMENT_METHODS } from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { adminPipelineAnswerSchema } from './pipeline.schema.js';

/** The dashboard's sizes: its period in India days, its top lists, and the 'closing within the hour' list. */
export const ADMIN_DASHBOARD = {
  days: 30,
  top: 5,
  /** An order awaiting a decision is listed when its window closes within this. */
  closingWithinMs: 60 * 60 * 1000,
  closingListMax: 20,
} as const;

const count = z.number().int().min(0);
/** Rupees with two decimals, as every admin answer speaks money. */
const rupees = z.number().min(0);

/** One India day (Asia/Kolkata) of the last 30: the orders placed that day and their revenue. */
export const dashboardDaySchema = z.object({
  /** The India date, 'YYYY-MM-DD'. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Every order placed that day, cancelled ones included. */
  orders: count,
  /** Total (subtotal + shipping) of that day's orders that are not cancelled. */
  revenue: rupees,
});
/** Type of {@link dashboardDaySchema}. */
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** A product among the five that earned most in the 30 days, by the name its order lines copied. */
export const dashboardTopProductSchema = z.object({
  /** Null once the product was deleted: its lines are then grouped by the name they copied. */
  product_id: idSchema.nullable(),
  /** The name its latest line copied. */
  name: z.string(),
  /** Packs sold. */
  quantity: count,
  /** Unit price x quantity of its lines, shipping left out. */
  revenue: rupees,
  orders: count,
});
/** Type of {@link dashboardTopProductSchema}. */
export type DashboardTopProduct = z.infer<typeof dashboardTopProductSchema>;

/** A seller among the five whose lines earned most in the 30 days. */
export const dashboardTopSellerSchema = z.object({
  /** Null for lines whose seller account is gone. */
  seller_id: idSchema.nullable(),
  /** The seller's username, or 'Deleted seller'. */
  name: z.string(),
  revenue: rupees,
  orders: count,
});
/** Type of {@link dashboardTopSellerSchema}. */
export type DashboardTopSeller = z.infer<typeof dashboardTopSellerSchema>;

/** An order waiting for a decision whose 8-hour window closes within the hour: the admin's first things to do. */
export const dashboardClosingOrderSchema = z.object({
  order_id: idSchema,
  /** The buyer's username. */
  buyer: z.string(),
  status: z.enum(['pending', 'cancel_requested']),
  payment_method: z.enum(PAYMENT_METHODS),
  total_amount: rupees,
  created_at: isoDateTimeSchema,
  /** When the window closes (the order list's window_closes_at). */
  closes_at: isoDateTimeSchema,
});
/** Type of {@link dashboardClosingOrderSchema}. */
export type DashboardClosingOrder = z.infer<typeof dashboardClosingOrderSchema>;

/**
 * Answer of GET /api/admin/dashboard, the business at a glance. The period is the 30 India days ending today
 * (`days`, oldest first, every day present). Revenue counts the orders that are not cancelled (paid or not: an order
 * placed and not cancelled is business done or coming); orders count every order placed. The pipeline is GET
 * /api/admin/pipeline's answer, read at the same time.
 */
export const adminDashboardAnswerSchema = z.object({
  /** The first India day of the period and today, 'YYYY-MM-DD'. */
  from: z.string(),
  to: z.string(),
  days: z.array(dashboardDaySchema),
  totals: z.object({
    /** Orders placed in the 30 days, cancelled ones included. */
    orders: count,
    /** Of those, cancelled. */
    cancelled: count,
    /** Total of the orders not cancelled. */
    revenue: rupees,
  }),
  /** Orders placed in the 30 days by their status now, every status present. */
  by_status: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: count })),
  /** Orders not cancelled placed in the 30 days, by how they are paid: both methods present. */
  by_payment_method: z.array(z.object({ method: z.enum(PAYMENT_METHODS), orders: count, amount: rupees })),
  top_products: z.array(dashboardTopProductSchema).max(ADMIN_DASHBOARD.top),
  top_sellers: z.array(dashboardTopSellerSchema).max(ADMIN_DASHBOARD.top),
  /** Orders awaiting a decision whose window closes within the next hour, soonest first, at most 20. */
  closing_soon: z.array(dashboardClosingOrderSchema).max(ADMIN_DASHBOARD.closingListMax),
  /** How many such orders there are in all (closing_soon shows the first 20). */
  closing_soon_total: count,
  pipeline: adminPipelineAnswerSchema,
  readAt: isoDateTimeSchema,
});
/** Type of {@link adminDashboardAnswerSchema}. */
export type AdminDashboardAnswer = z.infer<typeof adminDashboardAnswerSchema>;

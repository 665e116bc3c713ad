import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { AdminDashboardAnswer } from '@mandi/contracts';
import { paiseToRupees } from '@mandi/domain';
import { AdminDashboardRepository, type DashboardFigures } from './admin-dashboard.repository.js';
import { AdminPipelineService } from './admin-pipeline.service.js';

/** What a seller's row reads when the seller's account is gone (its lines keep their figures). */
export const DELETED_SELLER_NAME = 'Deleted seller';

/**
 * The console's business dashboard: the business figures (one statement) and the event pipeline's snapshot (the very
 * answer of GET /api/admin/pipeline), read side by side.
 */
@Injectable()
export class AdminDashboardService {
  /**
   * The reading in progress, if any. Admins who ask while one is on its way get that one: it started a few
   * milliseconds before they asked, and the statement aggregates a month of orders, so ten consoles refreshing at
   * once cost one statement, not ten on two cores. A reading is never reused once it has answered.
   */
  private inFlight: Promise<AdminDashboardAnswer> | null = null;

  constructor(
    private readonly repository: AdminDashboardRepository,
    private readonly pipeline: AdminPipelineService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  read(): Promise<AdminDashboardAnswer> {
    if (this.inFlight) return this.inFlight;
    const reading = this.readNow().finally(() => {
      this.inFlight = null;
    });
    this.inFlight = reading;
    return reading;
  }

  private async readNow(): Promise<AdminDashboardAnswer> {
    const [figures, pipeline] = await Promise.all([
      this.repository.figures(this.config.ORDER_DECISION_WINDOW_MS),
      this.pipeline.snapshot(),
    ]);
    return { ...toAnswer(figures), pipeline, readAt: new Date().toISOString() };
  }
}

/** The figures in the API's shape: rupees, ids as text, ISO times. */
function toAnswer(figures: DashboardFigures): Omit<AdminDashboardAnswer, 'pipeline' | 'readAt'> {
  const rupees = (paise: number | string) => paiseToRupees(Number(paise));
  const days = figures.days.map((day) => ({ day: day.day, orders: day.orders, revenue: rupees(day.revenue_paise) }));
  const cancelled = figures.by_status.find((entry) => entry.status === 'cancelled')?.orders ?? 0;
  return {
    from: figures.first_day,
    to: figures.today,
    days,
    totals: {
      orders: figures.days.reduce((sum, day) => sum + day.orders, 0),
      cancelled,
      revenue: rupees(figures.days.reduce((sum, day) => sum + Number(day.revenue_paise), 0)),
    },
    by_status: figures.by_status,
    by_payment_method: figures.by_method.map((entry) => ({
      method: entry.method,
      orders: entry.orders,
      amount: rupees(entry.amount_paise),
    })),
    top_products: figures.top_products.map((product) => ({
      product_id: product.product_id === null ? null : String(product.product_id),
      name: product.name,
      quantity: product.quantity,
      revenue: rupees(product.revenue_paise),
      orders: product.orders,
    })),
    top_sellers: figures.top_sellers.map((seller) => ({
      seller_id: seller.seller_id === null ? null : String(seller.seller_id),
      name: seller.name ?? DELETED_SELLER_NAME,
      revenue: rupees(seller.revenue_paise),
      orders: seller.orders,
    })),
    closing_soon: figures.closing.map((order) => ({
      order_id: String(order.id),
      buyer: order.buyer,
      status: order.status,
      payment_method: order.payment_method,
      total_amount: rupees(order.total_paise),
      created_at: new Date(order.created_at).toISOString(),
      closes_at: new Date(order.closes_at).toISOString(),
    })),
    closing_soon_total: figures.closing_total,
  };
}

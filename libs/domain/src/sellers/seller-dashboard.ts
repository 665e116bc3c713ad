// The seller's dashboard (issue 16): its limits and texts, and the rules of what a seller sees of their orders.
import { ORDER_STATUSES, type OrderStatus } from '../orders/order.status.js';
import { ORDER_TRANSITIONS } from '../orders/order.transitions.js';
import { STOCK_LIMITS } from '../products/product.stock.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../time/india-time.js';

/** The periods the seller's order list can be narrowed to: today (India's calendar day), 7 or 30 days back, or all. */
export const SELLER_ORDER_PERIODS = ['today', '7d', '30d', 'all'] as const;

/** One of {@link SELLER_ORDER_PERIODS}. */
export type SellerOrderPeriod = (typeof SELLER_ORDER_PERIODS)[number];

/** The period the order list shows unless asked for another: every order, newest first. */
export const DEFAULT_SELLER_ORDER_PERIOD: SellerOrderPeriod = 'all';

/**
 * Where each period starts: 'india_day' is midnight in India today (by the database clock), a number is that many
 * milliseconds before now, null is no bound.
 */
export const SELLER_ORDER_PERIOD_SPANS: Readonly<Record<SellerOrderPeriod, 'india_day' | number | null>> = {
  today: 'india_day',
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  all: null,
};

/** Words of each period beside the sales totals. */
export const SELLER_ORDER_PERIOD_LABELS: Readonly<Record<SellerOrderPeriod, string>> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  all: 'All time',
};

/** Words of each period on the order list's filter, short enough for four on a phone's width. */
export const SELLER_ORDER_PERIOD_FILTERS: Readonly<Record<SellerOrderPeriod, string>> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  all: 'All',
};

/** The status filter of the order list: every state, or one of {@link ORDER_STATUSES}. */
export const SELLER_ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;

/** One of {@link SELLER_ORDER_STATUS_FILTERS}. */
export type SellerOrderStatusFilter = (typeof SELLER_ORDER_STATUS_FILTERS)[number];

/** Orders per page of the seller's list: 20 unless asked for more, at most 50. */
export const SELLER_ORDERS_PAGE = { default: 20, max: 50 } as const;

/**
 * The order states whose lines count as the seller's sales: every order that is, or may still be, delivered. A
 * cancelled order is not a sale, and neither is one awaiting the cancellation its buyer asked for, which only ever
 * ends cancelled (ORDER_TRANSITIONS).
 */
export const SELLER_SALES_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'shipped', 'delivered'];

/**
 * The order states in which a seller sees the buyer's name, phone and full delivery address: once the order is
 * confirmed it is going to be packed and sent. Before that (and after a cancellation) the seller sees only the
 * delivery district and pincode, enough to plan, not enough to reach the buyer outside the marketplace.
 */
export const SELLER_SEES_BUYER_STATUSES: readonly OrderStatus[] = ['confirmed', 'shipped', 'delivered'];

/** True when a seller may see the buyer's details of an order in `status`. */
export function sellerSeesBuyer(status: OrderStatus): boolean {
  return SELLER_SEES_BUYER_STATUSES.includes(status);
}

/**
 * True while an order in `status` can still make a move that needs the 8-hour window open (a confirmation or a
 * cancellation), so the time left in it matters to the seller; derived from ORDER_TRANSITIONS.
 */
export function windowMattersFor(status: OrderStatus): boolean {
  return Object.values(ORDER_TRANSITIONS).some(
    (move) => move.window === 'open' && (move.from as readonly OrderStatus[]).includes(status),
  );
}

/** The periods of the sales totals, in the order the dashboard shows them. */
export const SELLER_SALES_PERIODS = ['today', '7d', '30d'] as const satisfies readonly SellerOrderPeriod[];

/** 'Extend validity' adds this many days. */
const EXTEND_DAYS = 7;
/** A product valid for fewer than this many hours more is listed as expiring. */
const EXPIRING_HOURS = 48;

/** Limits of the dashboard's products that need the seller's attention and of its two actions. */
export const SELLER_DASHBOARD_LIMITS = {
  /** A product whose validity ends within this time is listed as expiring. */
  expiringWithinMs: EXPIRING_HOURS * HOUR_MS,
  /** A product that expired at most this long ago is still listed, so its seller can extend it. */
  recentlyExpiredMs: 7 * DAY_MS,
  /** At most this many products are listed, those expiring soonest first. */
  attentionMax: 50,
  /** The page shows this many of them until asked for all. */
  attentionShown: 4,
  /** 'Extend validity' moves the validity on by this much from whichever is later, now or the validity. */
  extendByMs: EXTEND_DAYS * DAY_MS,
  /** 'Restock' sets the packs left to a number from 1 (0 is what sold out means) to the stock's own maximum. */
  restockMin: 1,
  restockMax: STOCK_LIMITS.max,
} as const;

/** Texts of the seller's dashboard and its routes. */
export const SELLER_DASHBOARD_MESSAGES = {
  title: 'Seller Dashboard',
  /** The user menu's link. */
  menuLink: 'Seller Dashboard',
  /** The server's answer for a uid that names no (active) user. */
  sellerNotFound: 'Seller not found.',
  /** 403: another seller's dashboard (only its seller or an admin sees it). */
  notYours: 'You can only see your own seller dashboard.',
  extended: `Validity extended by ${EXTEND_DAYS} days.`,
  /** The one-click button of an expiring or expired product. */
  extendButton: `Extend ${EXTEND_DAYS} days`,
  /** The one-click button of a sold-out product, beside the packs field. */
  restockButton: 'Restock',
  restocked: 'Stock updated.',
  invalidStock: `Enter the packs you have, a whole number from ${SELLER_DASHBOARD_LIMITS.restockMin} to ${SELLER_DASHBOARD_LIMITS.restockMax.toLocaleString('en-IN')}.`,
  /** Where an unconfirmed order's buyer would be. */
  buyerHidden: 'Buyer details appear once the order is confirmed.',
  noOrders: 'No orders yet',
  noOrdersText: 'When buyers order your products, the orders appear here with what to pack and where it goes.',
  noMatchingOrders: 'No orders match these filters.',
  nothingNeedsAttention: `Nothing needs your attention: no product is sold out or expires within ${EXPIRING_HOURS} hours.`,
  windowClosed: 'Window closed',
  /** The packs a product has left, null for unlimited. */
  stockLeft: (stock: number | null) =>
    stock === null
      ? 'Unlimited stock'
      : stock === 0
        ? 'No packs left'
        : `${stock.toLocaleString('en-IN')} ${stock === 1 ? 'pack' : 'packs'} left`,
  loadFailed: "We couldn't load the dashboard",
  actionFailed: 'Could not update the product. Please try again.',
} as const;

/**
 * The time left in an order's 8-hour window as a seller reads it: '7h 05m left', '42m left', under a minute
 * '1m left'; 'Window closed' at 0 or less.
 */
export function windowLeftText(leftMs: number): string {
  if (!(leftMs > 0)) return SELLER_DASHBOARD_MESSAGES.windowClosed;
  const minutes = Math.max(1, Math.ceil(leftMs / MINUTE_MS));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${String(minutes % 60).padStart(2, '0')}m left` : `${minutes}m left`;
}

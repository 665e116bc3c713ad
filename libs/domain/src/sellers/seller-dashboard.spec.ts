import { ORDER_STATUSES } from '../orders/order.status.js';
import { ORDER_TRANSITIONS } from '../orders/order.transitions.js';
import {
  SELLER_DASHBOARD_MESSAGES,
  SELLER_ORDER_STATUS_FILTERS,
  SELLER_SALES_STATUSES,
  SELLER_SEES_BUYER_STATUSES,
  sellerSeesBuyer,
  windowMattersFor,
  windowLeftText,
} from './seller-dashboard.js';

const MINUTE = 60_000;

describe('the seller dashboard rules', () => {
  it('counts as sales every order that is or may still be delivered, not cancelled ones or those awaiting cancellation', () => {
    expect([...SELLER_SALES_STATUSES].sort()).toEqual(['confirmed', 'delivered', 'pending', 'shipped']);
    // An order awaiting its cancellation only ever ends cancelled, so it is no sale.
    const leadsFromCancelRequested = Object.values(ORDER_TRANSITIONS)
      .filter((move) => (move.from as readonly string[]).includes('cancel_requested'))
      .map((move) => move.to);
    expect(new Set(leadsFromCancelRequested)).toEqual(new Set(['cancelled']));
  });

  it('shows the buyer only for confirmed, shipped and delivered orders', () => {
    expect(ORDER_STATUSES.filter(sellerSeesBuyer)).toEqual(['confirmed', 'shipped', 'delivered']);
    expect(SELLER_SEES_BUYER_STATUSES.every((status) => SELLER_SALES_STATUSES.includes(status))).toBe(true);
  });

  it('shows the window while a confirmation or a cancellation may still come', () => {
    expect(ORDER_STATUSES.filter(windowMattersFor)).toEqual(['pending', 'confirmed', 'cancel_requested']);
  });

  it('filters by every order state or all of them', () => {
    expect(SELLER_ORDER_STATUS_FILTERS).toEqual(['all', ...ORDER_STATUSES]);
  });

  it.each([
    [8 * 60 * MINUTE, '8h 00m left'],
    [7 * 60 * MINUTE + 5 * MINUTE, '7h 05m left'],
    [60 * MINUTE, '1h 00m left'],
    [59 * MINUTE + 1, '1h 00m left'],
    [42 * MINUTE, '42m left'],
    [1_000, '1m left'],
    [0, SELLER_DASHBOARD_MESSAGES.windowClosed],
    [-5 * MINUTE, SELLER_DASHBOARD_MESSAGES.windowClosed],
    [Number.NaN, SELLER_DASHBOARD_MESSAGES.windowClosed],
  ])('writes %p ms left in the window as %p', (left, text) => {
    expect(windowLeftText(left)).toBe(text);
  });
});

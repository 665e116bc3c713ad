import type { OrderDetail } from '@mandi/contracts';
import {
  ORDER_ELIGIBILITY_RECHECK_MS,
  availableActions,
  isWindowOpen,
  parseInstant,
  windowClosesAt,
  type WindowTiming,
} from '@mandi/domain';
import { useEffect, useState } from 'react';
import { placedAt } from './order-view';

/** Whether the buyer may ask to cancel now, and until when the 8-hour window is open. */
export interface CancelEligibility {
  /** Pending and inside the window: 'Cancel Order' is enabled. */
  canCancel: boolean;
  /** When the window closes (null when the order's time cannot be read). */
  closesAt: Date | null;
  /** The window is still open, whatever the status. */
  windowOpen: boolean;
}

/** The current time, read again every `everyMs` while the component is shown. */
function useClock(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Whether the domain's order process offers the customer its request_cancel move now (availableActions), checked
 * against the clock and rechecked every minute (docs/orders.md). The window's end is the server's window_closes_at
 * when it sends one (the database clock and configured window), else created_at + 8 h; the server checks again when
 * the request arrives.
 */
export function useCancelEligibility(
  order: Pick<OrderDetail, 'status' | 'created_at' | 'placed_at' | 'window_closes_at'>,
): CancelEligibility {
  const now = useClock(ORDER_ELIGIBILITY_RECHECK_MS);
  const created = placedAt(order);
  const closesAt =
    (order.window_closes_at ? parseInstant(order.window_closes_at) : null) ??
    (created ? windowClosesAt(created) : null);
  if (!closesAt) return { canCancel: false, closesAt: null, windowOpen: false };
  const timing: WindowTiming = { closesAt, now };
  return {
    canCancel: availableActions(order.status, 'customer', timing).includes('request_cancel'),
    closesAt,
    windowOpen: isWindowOpen(timing),
  };
}

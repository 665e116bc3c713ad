import {
  ADMIN_MESSAGES,
  ORDER_ACTION_DONE,
  ORDER_WINDOW_MS,
  canTransition,
  checkMarkPaid,
  checkTransition,
  isOrderStatus,
  type WindowTiming,
} from '@mandi/domain';
import type { OrderActionName } from '../data/data-provider';

/** An order as the actions read it: its state, payment and window. */
export interface ActionableOrder {
  status: string;
  payment_status: string;
  created_at: string;
  /** When the server says the 8-hour window closes (its clock and configured window); else created_at + 8 h. */
  window_closes_at?: string;
}

/** The row's buttons in the order of 001 section 4, with what each reads. */
export const ORDER_BUTTONS: readonly { action: OrderActionName; label: string }[] = [
  { action: 'confirm', label: 'Confirm' },
  { action: 'markPaid', label: 'Mark as Paid' },
  { action: 'markShipped', label: 'Mark as Shipped' },
  { action: 'markDelivered', label: 'Mark as Delivered' },
  { action: 'cancel', label: 'Cancel' },
];

/** What the console shows when an action fails and the server gave no message (001 section 8). */
export const ORDER_ACTION_FAILED: Record<OrderActionName, string> = {
  confirm: ADMIN_MESSAGES.confirmFailed,
  markPaid: ADMIN_MESSAGES.paymentUpdateFailed,
  markShipped: ADMIN_MESSAGES.statusUpdateFailed,
  markDelivered: ADMIN_MESSAGES.statusUpdateFailed,
  cancel: ADMIN_MESSAGES.cancelFailed,
};

/** What the console shows when an action succeeds and the server gave no message. */
export const ORDER_ACTION_SUCCEEDED: Record<OrderActionName, string> = ORDER_ACTION_DONE;

/** The window timing of an order: by the server's closing time when it sends one, else by created_at. */
function timingOf(order: ActionableOrder, now: Date): WindowTiming {
  const closes = order.window_closes_at ? Date.parse(order.window_closes_at) : Number.NaN;
  const createdAt = Number.isFinite(closes) ? new Date(closes - ORDER_WINDOW_MS) : new Date(order.created_at);
  return { createdAt, now };
}

/**
 * Which of the row's buttons are enabled now, by the order process of libs/domain (001 section 4): Confirm only for a
 * pending order inside its 8-hour window; Mark as Paid until it is paid (never for a cancelled order); Mark as Shipped
 * only when confirmed; Mark as Delivered only when shipped; Cancel only inside the window, pending or awaiting
 * cancellation. The server checks again by its own clock; a refusal there is shown as its message.
 */
export function enabledOrderActions(order: ActionableOrder, now: Date): Record<OrderActionName, boolean> {
  const status = order.status;
  if (!isOrderStatus(status)) return { confirm: false, markPaid: false, markShipped: false, markDelivered: false, cancel: false };
  const timing = timingOf(order, now);
  return {
    confirm: checkTransition(status, 'confirm', timing).allowed,
    markPaid: checkMarkPaid(status, order.payment_status) === null,
    markShipped: canTransition(status, 'mark_shipped'),
    markDelivered: canTransition(status, 'mark_delivered'),
    cancel: checkTransition(status, 'cancel', timing).allowed,
  };
}

import {
  ADMIN_MESSAGES,
  ADMIN_ORDER_ACTIONS,
  ORDER_ACTION_MESSAGES,
  availableActions,
  checkMarkPaid,
  isOrderStatus,
  type AdminOrderAction,
  type WindowTiming,
} from '@mandi/domain';

/** An order as the actions read it: its state, payment and window. */
export interface ActionableOrder {
  status: string;
  payment_status: string;
  created_at: string;
  /** When the server says the 8-hour window closes (its clock and configured window); else created_at + 8 h. */
  window_closes_at?: string;
}

/** The label of each move's button; a new admin move fails to compile here until it has one. */
const BUTTON_LABELS: Readonly<Record<AdminOrderAction, string>> = {
  confirm: 'Confirm',
  mark_paid: 'Mark as Paid',
  mark_shipped: 'Mark as Shipped',
  mark_delivered: 'Mark as Delivered',
  cancel: 'Cancel',
};

/**
 * The row's buttons in the order of docs/orders.md (ADMIN_ORDER_ACTIONS), each a move by its action: the one name it
 * has from the button to its route (ORDER_MOVE_ROUTE_NAMES) and its message.
 */
export const ORDER_BUTTONS: readonly { action: AdminOrderAction; label: string }[] = ADMIN_ORDER_ACTIONS.map(
  (action) => ({ action, label: BUTTON_LABELS[action] }),
);

/** What the console shows when a move fails and the server gave no message (docs/orders.md). */
export const ORDER_ACTION_FAILED: Readonly<Record<AdminOrderAction, string>> = {
  confirm: ADMIN_MESSAGES.confirmFailed,
  mark_paid: ADMIN_MESSAGES.paymentUpdateFailed,
  mark_shipped: ADMIN_MESSAGES.statusUpdateFailed,
  mark_delivered: ADMIN_MESSAGES.statusUpdateFailed,
  cancel: ADMIN_MESSAGES.cancelFailed,
};

/** What the console shows when a move succeeds and the server gave no message: the move's own message. */
export const ORDER_ACTION_SUCCEEDED: Readonly<Record<AdminOrderAction, string>> = ORDER_ACTION_MESSAGES;

/** The window timing of an order: by the server's closing time when it sends one, else by created_at and 8 hours. */
function timingOf(order: ActionableOrder, now: Date): WindowTiming {
  const closesAt = order.window_closes_at ? new Date(order.window_closes_at) : null;
  if (closesAt && Number.isFinite(closesAt.getTime())) return { closesAt, now };
  return { createdAt: new Date(order.created_at), now };
}

/**
 * Which of the row's buttons are enabled now, by the order process of libs/domain (docs/orders.md): the admin's moves
 * that `availableActions` allows at this moment of the window, and Mark as Paid by `checkMarkPaid` (until it is paid,
 * never for a cancelled order). The server checks again by its own clock; a refusal there is shown as its message.
 */
export function enabledOrderActions(order: ActionableOrder, now: Date): Record<AdminOrderAction, boolean> {
  const enabled = { confirm: false, mark_paid: false, mark_shipped: false, mark_delivered: false, cancel: false };
  const status = order.status;
  if (!isOrderStatus(status)) return enabled;
  for (const move of availableActions(status, 'admin', timingOf(order, now))) enabled[move] = true;
  // Marking paid is no move of the process (it changes the payment, not the state): checkMarkPaid rules it.
  enabled.mark_paid = checkMarkPaid(status, order.payment_status) === null;
  return enabled;
}

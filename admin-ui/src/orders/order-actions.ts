import {
  ADMIN_MESSAGES,
  ORDER_ACTION_DONE,
  availableActions,
  checkMarkPaid,
  isOrderStatus,
  type ActionOf,
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

/**
 * The console's button for each admin move of the order process. Mark as Paid is no move of the process (it changes
 * the payment, not the state), so it is ruled by checkMarkPaid instead. A new admin move fails to compile here until
 * it has a button.
 */
const BUTTON_OF_MOVE: Readonly<Record<ActionOf<'admin'>, Exclude<OrderActionName, 'markPaid'>>> = {
  confirm: 'confirm',
  mark_shipped: 'markShipped',
  mark_delivered: 'markDelivered',
  cancel: 'cancel',
};

/** The window timing of an order: by the server's closing time when it sends one, else by created_at and 8 hours. */
function timingOf(order: ActionableOrder, now: Date): WindowTiming {
  const closesAt = order.window_closes_at ? new Date(order.window_closes_at) : null;
  if (closesAt && Number.isFinite(closesAt.getTime())) return { closesAt, now };
  return { createdAt: new Date(order.created_at), now };
}

/**
 * Which of the row's buttons are enabled now, by the order process of libs/domain (001 section 4): the admin's moves
 * that `availableActions` allows at this moment of the window, and Mark as Paid by `checkMarkPaid` (until it is paid,
 * never for a cancelled order). The server checks again by its own clock; a refusal there is shown as its message.
 */
export function enabledOrderActions(order: ActionableOrder, now: Date): Record<OrderActionName, boolean> {
  const enabled = { confirm: false, markPaid: false, markShipped: false, markDelivered: false, cancel: false };
  const status = order.status;
  if (!isOrderStatus(status)) return enabled;
  for (const move of availableActions(status, 'admin', timingOf(order, now))) enabled[BUTTON_OF_MOVE[move]] = true;
  enabled.markPaid = checkMarkPaid(status, order.payment_status) === null;
  return enabled;
}

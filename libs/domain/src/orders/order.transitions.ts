import { DomainError } from '../errors/domain.error.js';
import { ORDER_STATUS_LABELS, isPaid, type OrderStatus } from './order.status.js';
import { isWithinWindow } from './order.window.js';

/** Who moves an order. */
export type OrderActor = 'customer' | 'admin' | 'system';

/** Every move an order can make, named by what someone does. */
export const ORDER_ACTIONS = [
  'request_cancel',
  'confirm',
  'mark_shipped',
  'mark_delivered',
  'cancel',
  'settle_deadline',
  'confirm_payment',
] as const;

/** One of {@link ORDER_ACTIONS}. */
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * When a move is allowed relative to the 8-hour window: only while it is open, only once it has closed
 * (the deadline settlement), or at any time.
 */
export type WindowRule = 'open' | 'closed' | 'any';

/**
 * Which cancellation reason a move records: the one given with it (the buyer's request), or the buyer's own reason
 * when the order awaits the cancellation they asked for, else the one given (an admin's, or the deadline's).
 */
export type CancelReasonRule = 'given' | 'buyers_else_given';

/** One row of the order process: who may do it, from which states, to which state, when, and what it announces. */
export interface OrderTransition {
  action: OrderAction;
  actor: OrderActor;
  from: readonly OrderStatus[];
  to: OrderStatus;
  window: WindowRule;
  /** The domain event recorded with the move (libs/events checks the name against its registry). */
  event: `order.${string}`;
  /** Set on the moves that record a cancellation reason. */
  cancelReason?: CancelReasonRule;
  /** The rule in words, used in the message of a refused move. */
  requirement: string;
}

/**
 * The order process as data (docs/orders.md, docs/decisions.md), and the one source of every order move: the
 * SQL of each move (libs/orders) and the buttons of both front ends (availableActions) are derived from it. An admin
 * cannot confirm an order whose customer asked to cancel it: the admin cancels it, or the deadline settles it as
 * cancelled.
 */
export const ORDER_TRANSITIONS = {
  request_cancel: {
    action: 'request_cancel',
    actor: 'customer',
    from: ['pending'],
    to: 'cancel_requested',
    window: 'open',
    event: 'order.cancel_requested',
    cancelReason: 'given',
    requirement: 'Cancellation can only be requested for a pending order',
  },
  confirm: {
    action: 'confirm',
    actor: 'admin',
    from: ['pending'],
    to: 'confirmed',
    window: 'open',
    event: 'order.confirmed',
    requirement: 'Only a pending order can be confirmed',
  },
  mark_shipped: {
    action: 'mark_shipped',
    actor: 'admin',
    from: ['confirmed'],
    to: 'shipped',
    window: 'any',
    event: 'order.shipped',
    requirement: 'Only a confirmed order can be marked as shipped',
  },
  mark_delivered: {
    action: 'mark_delivered',
    actor: 'admin',
    from: ['shipped'],
    to: 'delivered',
    window: 'any',
    event: 'order.delivered',
    requirement: 'Only a shipped order can be marked as delivered',
  },
  cancel: {
    action: 'cancel',
    actor: 'admin',
    // Confirmed too: an online payment confirms its order at once (docs/orders.md), and an admin must still be
    // able to cancel it (and so refund it) inside the window, as for any order not yet shipped.
    from: ['pending', 'confirmed', 'cancel_requested'],
    to: 'cancelled',
    window: 'open',
    event: 'order.cancelled',
    cancelReason: 'buyers_else_given',
    requirement: 'Only an order not yet shipped can be cancelled',
  },
  settle_deadline: {
    action: 'settle_deadline',
    actor: 'system',
    from: ['pending', 'cancel_requested'],
    to: 'cancelled',
    window: 'closed',
    event: 'order.cancelled',
    cancelReason: 'buyers_else_given',
    requirement: 'Only a pending order or one awaiting cancellation is settled at the deadline',
  },
  confirm_payment: {
    action: 'confirm_payment',
    actor: 'system',
    // A captured online payment confirms its order (docs/orders.md) whenever it arrives before the order is
    // settled: the buyer has paid, and a late capture of a cancelled order is refunded instead.
    from: ['pending'],
    to: 'confirmed',
    window: 'any',
    event: 'order.confirmed',
    requirement: 'Only a pending order is confirmed by its payment',
  },
} as const satisfies Readonly<Record<OrderAction, OrderTransition>>;

/** The moves `A` makes, e.g. `ActionOf<'admin'>` is 'confirm' | 'mark_shipped' | 'mark_delivered' | 'cancel'. */
export type ActionOf<A extends OrderActor> = {
  [K in OrderAction]: (typeof ORDER_TRANSITIONS)[K]['actor'] extends A ? K : never;
}[OrderAction];

/**
 * The console's order moves, each one button and one route (PUT /api/admin/orders/{segment}/{id}, ORDER_MOVE_ROUTES of
 * libs/contracts): the admin's moves of the order process, and marking an order paid, which changes its payment and not
 * its state (checkMarkPaid rules it). A move has this one name end to end: the console's button, the route, the API's
 * move and its message (ORDER_ACTION_MESSAGES). A new admin transition fails to compile there until it has all of them.
 */
export type AdminOrderAction = ActionOf<'admin'> | 'mark_paid';

/** Every {@link AdminOrderAction}, in the order of the console's buttons (docs/orders.md). */
export const ADMIN_ORDER_ACTIONS = [
  'confirm',
  'mark_paid',
  'mark_shipped',
  'mark_delivered',
  'cancel',
] as const satisfies readonly AdminOrderAction[];

/** The reason recorded when the deadline cancels an order nobody confirmed (docs/decisions.md). */
export const DEADLINE_CANCEL_REASON = 'Not confirmed within 8 hours';

/** The reason recorded when an admin cancels an order whose buyer gave none (ours). */
export const ADMIN_CANCEL_REASON = 'Cancelled by Mandi';

/** Message of a move refused because the 8-hour window has closed. */
export const WINDOW_CLOSED_MESSAGE = 'The 8-hour window for this order has closed.';
/** Message of a deadline settlement attempted before the window closed. */
export const WINDOW_STILL_OPEN_MESSAGE = 'The 8-hour window for this order has not closed yet.';

/**
 * Where an order stands against its window and what time it is now: either when the window closes (as the server
 * sends it, by its clock and configured window), or when the order was created and, unless 8 hours, the window's
 * length (ORDER_DECISION_WINDOW_MS).
 */
export type WindowTiming = { closesAt: Date; now: Date } | { createdAt: Date; now: Date; windowMs?: number };

/** True while the window of `timing` is still open. */
export function isWindowOpen(timing: WindowTiming): boolean {
  if ('closesAt' in timing) return timing.now.getTime() < timing.closesAt.getTime();
  return isWithinWindow(timing.createdAt, timing.now, timing.windowMs);
}

/** The outcome of checking a move: the new state, or the error explaining the refusal. */
export type TransitionCheck = { allowed: true; to: OrderStatus } | { allowed: false; error: DomainError };

/** True when the table has this move from this state; the 8-hour window is NOT considered here. */
export function canTransition(from: OrderStatus, action: OrderAction): boolean {
  const transition: OrderTransition = ORDER_TRANSITIONS[action];
  return transition.from.includes(from);
}

/** Checks a move against the table and the 8-hour window, without throwing. */
export function checkTransition(from: OrderStatus, action: OrderAction, timing: WindowTiming): TransitionCheck {
  const transition: OrderTransition = ORDER_TRANSITIONS[action];
  if (!transition.from.includes(from)) {
    const message = `${transition.requirement}; this order is ${ORDER_STATUS_LABELS[from].toLowerCase()}.`;
    return { allowed: false, error: refused(message, from, action) };
  }
  const open = isWindowOpen(timing);
  if (transition.window === 'open' && !open)
    return { allowed: false, error: refused(WINDOW_CLOSED_MESSAGE, from, action) };
  if (transition.window === 'closed' && open)
    return { allowed: false, error: refused(WINDOW_STILL_OPEN_MESSAGE, from, action) };
  return { allowed: true, to: transition.to };
}

/** Returns the state a move leads to, or throws a DomainError 'invalid_transition' with a message for people. */
export function assertTransition(from: OrderStatus, action: OrderAction, timing: WindowTiming): OrderStatus {
  const check = checkTransition(from, action, timing);
  if (!check.allowed) throw check.error;
  return check.to;
}

/** The moves an actor may make now, e.g. to decide which buttons a screen enables. */
export function availableActions<A extends OrderActor>(
  from: OrderStatus,
  actor: A,
  timing: WindowTiming,
): ActionOf<A>[] {
  return ORDER_ACTIONS.filter(
    (action): action is ActionOf<A> =>
      ORDER_TRANSITIONS[action].actor === actor && checkTransition(from, action, timing).allowed,
  );
}

/**
 * The cancellation reason an order keeps after `action` from state `from` (the move's `cancelReason` rule): `given`
 * for the buyer's request; for a cancellation, the buyer's own reason (trimmed) when they asked to cancel and gave
 * one, else `given`; the `current` one for a move that records none. libs/orders writes the same rule in SQL, and its
 * table test checks the two agree.
 */
export function cancelReasonAfter(
  action: OrderAction,
  from: OrderStatus,
  current: string | null | undefined,
  given: string,
): string | null {
  const rule: CancelReasonRule | undefined = (ORDER_TRANSITIONS[action] as OrderTransition).cancelReason;
  if (!rule) return current ?? null;
  if (rule === 'buyers_else_given' && from === 'cancel_requested' && current && current.trim() !== '')
    return current.trim();
  return given;
}

/** The cancel reason the deadline records: ours for a pending order, the customer's for a requested cancellation. */
export function deadlineCancelReason(from: OrderStatus, customerReason: string | null | undefined): string {
  return cancelReasonAfter('settle_deadline', from, customerReason, DEADLINE_CANCEL_REASON)!;
}

/**
 * Whether an admin may mark an order as paid: not when it is already paid (the button is disabled once paid,
 * docs/orders.md) and not when it is cancelled, since a cancelled order is never collected.
 */
export function checkMarkPaid(orderStatus: OrderStatus, paymentStatus: string | null | undefined): DomainError | null {
  if (isPaid(paymentStatus)) return new DomainError('invalid_transition', 'This order is already paid.');
  if (orderStatus === 'cancelled')
    return new DomainError('invalid_transition', 'A cancelled order cannot be marked as paid.');
  return null;
}

/** Throws the refusal of {@link checkMarkPaid}, if any. */
export function assertMarkPaid(orderStatus: OrderStatus, paymentStatus: string | null | undefined): void {
  const error = checkMarkPaid(orderStatus, paymentStatus);
  if (error) throw error;
}

function refused(message: string, from: OrderStatus, action: OrderAction): DomainError {
  return new DomainError('invalid_transition', message, { details: { from, action } });
}

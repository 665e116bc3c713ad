import { DomainError } from '../errors/domain.error.js';
import { ORDER_STATUSES, type OrderStatus } from './order.status.js';
import { ORDER_ACTION_MESSAGES } from './order.messages.js';
import {
  ADMIN_ORDER_ACTIONS,
  DEADLINE_CANCEL_REASON,
  ORDER_ACTIONS,
  ORDER_TRANSITIONS,
  type OrderAction,
  assertMarkPaid,
  assertTransition,
  availableActions,
  canTransition,
  checkTransition,
  deadlineCancelReason,
} from './order.transitions.js';

const createdAt = new Date('2026-05-10T04:30:00.000Z');
const open = { createdAt, now: new Date('2026-05-10T12:29:59.999Z') }; // 7 h 59 min 59.999 s after creation
const closed = { createdAt, now: new Date('2026-05-10T12:30:00.000Z') }; // exactly 8 h after creation

// The whole table, written out by hand: [from, action] -> to, or null when the move does not exist.
const expected: Record<OrderStatus, Record<OrderAction, OrderStatus | null>> = {
  pending: {
    request_cancel: 'cancel_requested',
    confirm: 'confirmed',
    mark_shipped: null,
    mark_delivered: null,
    cancel: 'cancelled',
    settle_deadline: 'cancelled',
    confirm_payment: 'confirmed',
  },
  confirmed: {
    request_cancel: null,
    confirm: null,
    mark_shipped: 'shipped',
    mark_delivered: null,
    cancel: 'cancelled',
    settle_deadline: null,
    confirm_payment: null,
  },
  shipped: {
    request_cancel: null,
    confirm: null,
    mark_shipped: null,
    mark_delivered: 'delivered',
    cancel: null,
    settle_deadline: null,
    confirm_payment: null,
  },
  delivered: {
    request_cancel: null,
    confirm: null,
    mark_shipped: null,
    mark_delivered: null,
    cancel: null,
    settle_deadline: null,
    confirm_payment: null,
  },
  cancel_requested: {
    request_cancel: null,
    confirm: null,
    mark_shipped: null,
    mark_delivered: null,
    cancel: 'cancelled',
    settle_deadline: 'cancelled',
    confirm_payment: null,
  },
  cancelled: {
    request_cancel: null,
    confirm: null,
    mark_shipped: null,
    mark_delivered: null,
    cancel: null,
    settle_deadline: null,
    confirm_payment: null,
  },
};

describe('order transitions table', () => {
  for (const from of ORDER_STATUSES) {
    for (const action of ORDER_ACTIONS) {
      const to = expected[from][action];
      it(`${from} --${action}--> ${to ?? 'refused'}`, () => {
        expect(canTransition(from, action)).toBe(to !== null);
      });
    }
  }
});

describe('assertTransition with the 8-hour window', () => {
  it.each([
    ['pending', 'request_cancel', 'cancel_requested'],
    ['pending', 'confirm', 'confirmed'],
    ['pending', 'cancel', 'cancelled'],
    ['cancel_requested', 'cancel', 'cancelled'],
    ['confirmed', 'mark_shipped', 'shipped'],
    ['shipped', 'mark_delivered', 'delivered'],
  ] as const)('inside the window %s --%s--> %s', (from, action, to) => {
    expect(assertTransition(from, action, open)).toBe(to);
  });

  it.each([
    ['pending', 'request_cancel'],
    ['pending', 'confirm'],
    ['pending', 'cancel'],
    ['cancel_requested', 'cancel'],
  ] as const)('after the window %s --%s--> is refused', (from, action) => {
    expect(() => assertTransition(from, action, closed)).toThrow('The 8-hour window for this order has closed.');
  });

  it('follows a configured window length', () => {
    const short = { createdAt, now: new Date('2026-05-10T04:30:02.000Z'), windowMs: 2_000 };
    expect(() => assertTransition('pending', 'confirm', short)).toThrow('The 8-hour window for this order has closed.');
    expect(assertTransition('pending', 'settle_deadline', short)).toBe('cancelled');
    expect(assertTransition('pending', 'confirm', { ...short, windowMs: 2_001 })).toBe('confirmed');
  });

  it('ships and delivers after the window too', () => {
    expect(assertTransition('confirmed', 'mark_shipped', closed)).toBe('shipped');
    expect(assertTransition('shipped', 'mark_delivered', closed)).toBe('delivered');
  });

  it('settles at the deadline only once the window has closed', () => {
    expect(assertTransition('pending', 'settle_deadline', closed)).toBe('cancelled');
    expect(assertTransition('cancel_requested', 'settle_deadline', closed)).toBe('cancelled');
    expect(() => assertTransition('pending', 'settle_deadline', open)).toThrow(
      'The 8-hour window for this order has not closed yet.',
    );
  });

  it('refuses a move missing from the table with invalid_transition and a readable message', () => {
    const check = checkTransition('cancel_requested', 'confirm', open);
    expect(check.allowed).toBe(false);
    if (check.allowed) return;
    expect(check.error).toBeInstanceOf(DomainError);
    expect(check.error.code).toBe('invalid_transition');
    expect(check.error.message).toBe('Only a pending order can be confirmed; this order is cancellation requested.');
    expect(check.error.details).toEqual({ from: 'cancel_requested', action: 'confirm' });
  });

  it.each([
    ['confirmed', 'request_cancel', 'Cancellation can only be requested for a pending order; this order is confirmed.'],
    ['pending', 'mark_shipped', 'Only a confirmed order can be marked as shipped; this order is pending.'],
    ['confirmed', 'mark_delivered', 'Only a shipped order can be marked as delivered; this order is confirmed.'],
    ['shipped', 'cancel', 'Only an order not yet shipped can be cancelled; this order is shipped.'],
    [
      'delivered',
      'settle_deadline',
      'Only a pending order or one awaiting cancellation is settled at the deadline; this order is delivered.',
    ],
  ] as const)('%s --%s--> says %p', (from, action, message) => {
    expect(() => assertTransition(from, action, open)).toThrow(message);
  });
});

describe('availableActions', () => {
  it('gives the customer a cancel request only on a pending order inside the window', () => {
    expect(availableActions('pending', 'customer', open)).toEqual(['request_cancel']);
    expect(availableActions('pending', 'customer', closed)).toEqual([]);
    expect(availableActions('confirmed', 'customer', open)).toEqual([]);
  });

  it('gives the admin the buttons the spec enables', () => {
    expect(availableActions('pending', 'admin', open)).toEqual(['confirm', 'cancel']);
    expect(availableActions('cancel_requested', 'admin', open)).toEqual(['cancel']);
    expect(availableActions('pending', 'admin', closed)).toEqual([]);
    expect(availableActions('confirmed', 'admin', closed)).toEqual(['mark_shipped']);
    expect(availableActions('shipped', 'admin', open)).toEqual(['mark_delivered']);
    expect(availableActions('delivered', 'admin', open)).toEqual([]);
  });

  it('reads the window from the closing time a server sends as well as from the creation time', () => {
    const closesAt = new Date('2026-05-10T12:30:00.000Z');
    expect(availableActions('pending', 'admin', { closesAt, now: open.now })).toEqual(['confirm', 'cancel']);
    expect(availableActions('pending', 'admin', { closesAt, now: closed.now })).toEqual([]);
    expect(availableActions('pending', 'customer', { closesAt, now: open.now })).toEqual(['request_cancel']);
  });

  it('lets the system settle the deadline once the window has closed, and confirm a paid order at any time', () => {
    expect(availableActions('pending', 'system', open)).toEqual(['confirm_payment']);
    expect(availableActions('pending', 'system', closed)).toEqual(['settle_deadline', 'confirm_payment']);
    expect(availableActions('cancel_requested', 'system', closed)).toEqual(['settle_deadline']);
    expect(availableActions('cancelled', 'system', closed)).toEqual([]);
  });
});

describe('the console moves', () => {
  it("are the admin's moves of the table and marking paid, each with one message keyed by its action", () => {
    const adminMoves = ORDER_ACTIONS.filter((action) => ORDER_TRANSITIONS[action].actor === 'admin');
    expect([...ADMIN_ORDER_ACTIONS].sort()).toEqual([...adminMoves, 'mark_paid'].sort());
    expect(Object.keys(ORDER_ACTION_MESSAGES).sort()).toEqual([...ADMIN_ORDER_ACTIONS].sort());
    expect(ORDER_ACTION_MESSAGES).toEqual({
      confirm: 'Order confirmed.',
      mark_paid: 'Order marked as paid.',
      mark_shipped: 'Order marked as shipped.',
      mark_delivered: 'Order marked as delivered.',
      cancel: 'Order cancelled.',
    });
  });
});

describe('deadlineCancelReason', () => {
  it("records ours for an unconfirmed order and the customer's for a requested cancellation", () => {
    expect(DEADLINE_CANCEL_REASON).toBe('Not confirmed within 8 hours');
    expect(deadlineCancelReason('pending', null)).toBe('Not confirmed within 8 hours');
    expect(deadlineCancelReason('cancel_requested', ' Ordered twice ')).toBe('Ordered twice');
    expect(deadlineCancelReason('cancel_requested', '')).toBe('Not confirmed within 8 hours');
  });
});

describe('assertMarkPaid', () => {
  it('allows an unpaid order that is not cancelled', () => {
    expect(() => assertMarkPaid('pending', 'unpaid')).not.toThrow();
    expect(() => assertMarkPaid('delivered', 'unpaid')).not.toThrow();
  });

  it('refuses a paid or cancelled order', () => {
    expect(() => assertMarkPaid('confirmed', 'paid')).toThrow('This order is already paid.');
    expect(() => assertMarkPaid('confirmed', 'success')).toThrow('This order is already paid.');
    expect(() => assertMarkPaid('cancelled', 'unpaid')).toThrow('A cancelled order cannot be marked as paid.');
  });
});

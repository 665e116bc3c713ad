import {
  buyerCancellationMail,
  paidWhileStanding,
  sellerOrderMailDue,
  sellersPack,
  type OrderMailTiming,
} from './order-mail.rules.js';

// Which event sends each two-event order mail. Decided on the order's recorded times, so both events agree however
// late either job runs: each mail is sent by exactly one of them.

const t = (minute: number) => new Date(Date.UTC(2026, 10, 24, 4, minute));
const order = (paymentMethod: 'cod' | 'online', paidAt: Date | null, cancelledAt: Date | null): OrderMailTiming => ({
  paymentMethod,
  paidAt,
  cancelledAt,
});

describe('the order mail rules', () => {
  it('counts an order as paid while it stood when it was paid before (or without) a cancellation', () => {
    expect(paidWhileStanding(order('online', null, null))).toBe(false);
    expect(paidWhileStanding(order('online', t(1), null))).toBe(true);
    expect(paidWhileStanding(order('online', t(1), t(2)))).toBe(true);
    expect(paidWhileStanding(order('online', t(2), t(2)))).toBe(true);
    // Paid on a page still open after the deadline cancelled it: refunded, never packed.
    expect(paidWhileStanding(order('online', t(3), t(2)))).toBe(false);
    expect(paidWhileStanding(order('online', null, t(2)))).toBe(false);
  });

  it.each([
    // method, paid, cancelled, event, due
    ['cod', null, null, 'order.placed', true],
    ['cod', t(1), null, 'order.paid', false],
    ['cod', null, t(1), 'order.placed', true],
    ['online', null, null, 'order.placed', false],
    ['online', t(1), null, 'order.placed', false],
    ['online', t(1), null, 'order.paid', true],
    ['online', t(1), t(2), 'order.paid', true],
    ['online', t(3), t(2), 'order.paid', false],
    ['online', t(1), null, 'order.cancelled', false],
  ] as const)(
    "decides the 'to pack' mail of a %s order (paid %p, cancelled %p) at %s: %p",
    (method, paid, cancelled, event, due) => {
      expect(sellerOrderMailDue(order(method, paid, cancelled), event)).toBe(due);
    },
  );

  it('tells exactly the sellers who were told to pack when an order is cancelled', () => {
    const cases: [OrderMailTiming, boolean][] = [
      [order('cod', null, t(2)), true],
      [order('cod', t(1), t(2)), true],
      [order('online', null, t(2)), false],
      [order('online', t(1), t(2)), true],
      [order('online', t(3), t(2)), false],
    ];
    for (const [timing, told] of cases) {
      expect(sellersPack(timing)).toBe(told);
      // The 'to pack' mail went at one of its two events exactly when the cancellation mail goes.
      expect(['order.placed', 'order.paid'].filter((event) => sellerOrderMailDue(timing, event))).toHaveLength(
        told ? 1 : 0,
      );
    }
  });

  it("sends the buyer's cancellation at the cancellation, or with the credit note when the order was paid", () => {
    const cancelled = (timing: OrderMailTiming) => ({ ...timing, status: 'cancelled' });
    const unpaid = cancelled(order('online', null, t(2)));
    expect(buyerCancellationMail(unpaid, 'order.cancelled')).toBe('without_credit_note');
    const paid = cancelled(order('online', t(1), t(2)));
    expect(buyerCancellationMail(paid, 'order.cancelled')).toBeNull();
    expect(buyerCancellationMail(paid, 'credit_note.rendered')).toBe('with_credit_note');
    const paidCash = cancelled(order('cod', t(1), t(2)));
    expect(buyerCancellationMail(paidCash, 'order.cancelled')).toBeNull();
    expect(buyerCancellationMail(paidCash, 'credit_note.rendered')).toBe('with_credit_note');
    // Paid after the cancellation: told at once that it is cancelled, and again with the credit note of that payment.
    const paidLate = cancelled(order('online', t(3), t(2)));
    expect(buyerCancellationMail(paidLate, 'order.cancelled')).toBe('without_credit_note');
    expect(buyerCancellationMail(paidLate, 'credit_note.rendered')).toBe('with_credit_note');
    expect(buyerCancellationMail({ ...order('cod', null, null), status: 'confirmed' }, 'order.cancelled')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { enabledOrderActions, type ActionableOrder } from './order-actions';

const created = '2026-11-25T04:00:00.000Z';
const at = (hours: number) => new Date(Date.parse(created) + hours * 3_600_000);
const order = (status: string, payment_status = 'unpaid', extra: Partial<ActionableOrder> = {}): ActionableOrder => ({
  status,
  payment_status,
  created_at: created,
  ...extra,
});
const enabled = (o: ActionableOrder, now = at(1)) =>
  Object.entries(enabledOrderActions(o, now))
    .filter(([, on]) => on)
    .map(([action]) => action);

describe('enabledOrderActions', () => {
  it('enables Confirm, Mark as Paid and Cancel for a pending unpaid order inside its 8 hours', () => {
    expect(enabled(order('pending'))).toEqual(['confirm', 'mark_paid', 'cancel']);
    expect(enabled(order('pending'), at(7.99))).toEqual(['confirm', 'mark_paid', 'cancel']);
  });

  it('disables Confirm and Cancel once the 8 hours are over (at the closing instant too)', () => {
    expect(enabled(order('pending'), at(8))).toEqual(['mark_paid']);
    expect(enabled(order('cancel_requested'), at(9))).toEqual(['mark_paid']);
  });

  it("reads the window from the server's closing time when it sends one", () => {
    const short = order('pending', 'unpaid', { window_closes_at: '2026-11-25T04:00:02.000Z' });
    expect(enabled(short, new Date('2026-11-25T04:00:01.000Z'))).toEqual(['confirm', 'mark_paid', 'cancel']);
    expect(enabled(short, new Date('2026-11-25T04:00:02.000Z'))).toEqual(['mark_paid']);
  });

  it('falls back to created_at and 8 hours when the closing time cannot be read', () => {
    const unreadable = order('pending', 'unpaid', { window_closes_at: 'soon' });
    expect(enabled(unreadable, at(7.99))).toEqual(['confirm', 'mark_paid', 'cancel']);
    expect(enabled(unreadable, at(8))).toEqual(['mark_paid']);
  });

  it('lets an admin cancel, not confirm, an order whose buyer asked to cancel', () => {
    expect(enabled(order('cancel_requested'))).toEqual(['mark_paid', 'cancel']);
  });

  it('ships only confirmed orders and delivers only shipped ones; a confirmed order can still be cancelled inside its 8 hours', () => {
    expect(enabled(order('confirmed', 'paid'))).toEqual(['mark_shipped', 'cancel']);
    expect(enabled(order('confirmed', 'paid'), at(8))).toEqual(['mark_shipped']);
    expect(enabled(order('shipped', 'paid'), at(30))).toEqual(['mark_delivered']);
    expect(enabled(order('delivered', 'paid'), at(50))).toEqual([]);
  });

  it('disables Mark as Paid once paid (success counts as paid) and for a cancelled order', () => {
    expect(enabled(order('confirmed', 'success'))).toEqual(['mark_shipped', 'cancel']);
    expect(enabled(order('cancelled', 'unpaid'))).toEqual([]);
  });

  it('enables nothing for a state it does not know', () => {
    expect(enabled(order('lost'))).toEqual([]);
  });
});

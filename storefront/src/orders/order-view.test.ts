import { describe, expect, it } from 'vitest';
import { FULFILMENT_STEPS, indiaDateTimeText, isOrderPaid, lineTotalText, paymentMethodText } from './order-view';

describe('order view helpers', () => {
  it('follows the fulfilment path of the domain transitions', () => {
    expect(FULFILMENT_STEPS).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
  });

  it.each([
    ['paid', 'pending', true],
    ['unpaid', 'success', true],
    ['unpaid', 'Captured', true],
    ['unpaid', 'created', false],
    ['unpaid', 'failed', false],
  ])('payment_status %s with payment.status %s is paid: %s', (paymentStatus, status, paid) => {
    expect(isOrderPaid({ payment_status: paymentStatus as 'paid' | 'unpaid', payment: { status } })).toBe(paid);
  });

  it('reads dates in India time and counts line totals in paise', () => {
    expect(indiaDateTimeText(new Date('2026-03-04T19:30:00.000Z'))).toBe('5 Mar 2026, 1:00 am');
    expect(indiaDateTimeText(null)).toBe('—');
    expect(lineTotalText({ price: 0.1, quantity: 3 })).toBe('₹0.30');
    expect(paymentMethodText('cod')).toBe('Cash on Delivery');
    expect(paymentMethodText('online')).toBe('Online');
  });
});

import { DEFAULT_PAYMENT_METHOD, parsePaymentMethod } from './payment-method.js';

describe('parsePaymentMethod', () => {
  it.each([
    ['online', 'online'],
    ['paynow', 'online'],
    ['PayNow', 'online'],
    ['cod', 'cod'],
    [' COD ', 'cod'],
    ['upi', null],
    ['', null],
  ])('%p is %p', (value, method) => {
    expect(parsePaymentMethod(value)).toBe(method);
  });

  it('defaults to online', () => {
    expect(DEFAULT_PAYMENT_METHOD).toBe('online');
  });
});

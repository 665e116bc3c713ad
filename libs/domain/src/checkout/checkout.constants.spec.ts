import { CURRENCY, ORDER_REDIRECT_MS, REFUND_BUSINESS_DAYS } from './checkout.constants.js';

describe('checkout constants', () => {
  it('match spec 001 sections 4 and 9', () => {
    expect(ORDER_REDIRECT_MS).toBe(2000);
    expect(REFUND_BUSINESS_DAYS).toBe('5–7');
    expect(CURRENCY).toBe('INR');
  });
});

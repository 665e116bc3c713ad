import { finderFeeOf, finderFeePaise } from './settlement.js';

describe('the finder fee', () => {
  it('reads the fee a payment names, and nothing that is not one', () => {
    const payment = (type: unknown, value: unknown) => ({
      '@ondc/org/buyer_app_finder_fee_type': type,
      '@ondc/org/buyer_app_finder_fee_amount': value,
    });
    expect(finderFeeOf(payment('percent', '3'))).toEqual({ type: 'percent', value: '3' });
    expect(finderFeeOf(payment('amount', '12.50'))).toEqual({ type: 'amount', value: '12.50' });
    expect(finderFeeOf(payment('percent', '101'))).toBeNull();
    expect(finderFeeOf(payment('share', '3'))).toBeNull();
    expect(finderFeeOf(payment('amount', '1.234'))).toBeNull();
    expect(finderFeeOf(undefined)).toBeNull();
  });

  it('is a percentage rounded half up to the paisa, or the amount, never more than the order', () => {
    expect(finderFeePaise({ type: 'percent', value: '3' }, 476_50)).toBe(14_30); // 14.295
    expect(finderFeePaise({ type: 'percent', value: '2.5' }, 100_01)).toBe(2_50); // 2.50025
    expect(finderFeePaise({ type: 'amount', value: '12.5' }, 100_00)).toBe(12_50);
    expect(finderFeePaise({ type: 'amount', value: '500' }, 100_00)).toBe(100_00);
  });
});

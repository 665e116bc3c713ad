import { ADJUSTMENT_MESSAGES as M, adjustmentOf, isSettleAfterHours } from './adjustment.js';

describe('adjustmentOf', () => {
  test.each([
    [
      { amount: 250, reason: 'Short delivery refunded by hand' },
      { amountPaise: 25_000, reason: 'Short delivery refunded by hand' },
    ],
    [
      { amount: -0.01, reason: '  Duplicate credit  ' },
      { amountPaise: -1, reason: 'Duplicate credit' },
    ],
    [
      { amount: 100_000, reason: 'x' },
      { amountPaise: 10_000_000, reason: 'x' },
    ],
    [
      { amount: -100_000, reason: 'x'.repeat(500) },
      { amountPaise: -10_000_000, reason: 'x'.repeat(500) },
    ],
  ])('reads %j in paise with its reason trimmed', (input, adjustment) => {
    expect(adjustmentOf(input)).toEqual(adjustment);
  });

  test.each([
    [{ amount: 0, reason: 'Nothing' }, { amount: M.amountInvalid }],
    [{ amount: 100_000.01, reason: 'Too much' }, { amount: M.amountInvalid }],
    [{ amount: -100_000.01, reason: 'Too much' }, { amount: M.amountInvalid }],
    [{ amount: 1.005, reason: 'Three decimals' }, { amount: M.amountInvalid }],
    [{ amount: Number.NaN, reason: 'Not a number' }, { amount: M.amountInvalid }],
    [{ amount: 10, reason: '   ' }, { reason: M.reasonRequired }],
    [{ amount: 10, reason: 'x'.repeat(501) }, { reason: M.reasonTooLong }],
    [
      { amount: 0, reason: '' },
      { amount: M.amountInvalid, reason: M.reasonRequired },
    ],
  ])('refuses %j, naming each field wrong', (input, fields) => {
    const result = adjustmentOf(input);
    expect('problems' in result && Object.fromEntries(result.problems.map((p) => [p.field, p.text]))).toEqual(fields);
  });

  it('says its limit in rupees', () => {
    expect(M.amountInvalid).toBe(
      'The amount must be in rupees and paise, not zero, and at most ₹1,00,000.00 either way.',
    );
  });
});

describe('isSettleAfterHours', () => {
  test.each([null, 0, 1, 48, 720])('takes %p', (hours) => expect(isSettleAfterHours(hours)).toBe(true));
  test.each([-1, 721, 1.5, Number.NaN])('refuses %p', (hours) => expect(isSettleAfterHours(hours)).toBe(false));
});

import { QUANTITY_MAX, QUANTITY_MIN, isValidQuantity } from './cart.limits.js';

describe('cart quantity', () => {
  it('is 1 to 15', () => {
    expect(QUANTITY_MIN).toBe(1);
    expect(QUANTITY_MAX).toBe(15);
  });

  it.each([
    [1, true],
    [7, true],
    [15, true],
    [0, false],
    [16, false],
    [-1, false],
    [1.5, false],
    ['3', false],
    [Number.NaN, false],
  ])('%p is valid: %p', (quantity, valid) => {
    expect(isValidQuantity(quantity)).toBe(valid);
  });
});

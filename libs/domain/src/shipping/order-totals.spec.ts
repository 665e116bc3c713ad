import { DomainError } from '../errors/domain.error.js';
import { cartTotal, orderTotals } from './order-totals.js';

describe('orderTotals', () => {
  const lines = [
    { unitPaise: 120_00, quantity: 2, weightGrams: 500 }, // 2 x Rs 120 = 240, 1000 g
    { unitPaise: 45_50, quantity: 3, weightGrams: 400 }, // 3 x Rs 45.50 = 136.50, 1200 g
  ];

  it('prices an online order: Rs 376.50 + shipping for 2200 g (3 kg: 30 + 35 x 2 = 100) = Rs 476.50', () => {
    expect(orderTotals(lines, 'online')).toEqual({
      subtotal: 376_50,
      shipping: 100_00,
      grandTotal: 476_50,
      totalWeightGrams: 2200,
    });
  });

  it('prices a COD order: 3 kg is 75 + 35 x 2 = 145, +18% (26.10) = 171.10; total Rs 547.60', () => {
    expect(orderTotals(lines, 'cod')).toEqual({
      subtotal: 376_50,
      shipping: 171_10,
      grandTotal: 547_60,
      totalWeightGrams: 2200,
    });
  });

  it('charges the 1 kg minimum for weightless lines', () => {
    expect(orderTotals([{ unitPaise: 99_00, quantity: 1, weightGrams: 0 }], 'online')).toEqual({
      subtotal: 99_00,
      shipping: 30_00,
      grandTotal: 129_00,
      totalWeightGrams: 0,
    });
  });

  it.each([
    [[], 'An order needs at least one item.'],
    [[{ unitPaise: 100, quantity: 16, weightGrams: 1 }], 'Quantity must be between 1 and 15.'],
    [[{ unitPaise: 100, quantity: 0, weightGrams: 1 }], 'Quantity must be between 1 and 15.'],
    [[{ unitPaise: 10.5, quantity: 1, weightGrams: 1 }], 'A price must be a whole number of paise, 0 or more.'],
    [[{ unitPaise: 100, quantity: 1, weightGrams: -5 }], 'Weight must be 0 grams or more.'],
  ])('rejects %j', (bad, message) => {
    expect(() => orderTotals(bad, 'online')).toThrow(DomainError);
    expect(() => orderTotals(bad, 'online')).toThrow(message);
  });
});

describe('cartTotal', () => {
  it('sums price x quantity, a missing quantity counting as 1', () => {
    // 2 x 50.00 + 1 x 19.99 + 1 x 10.00 = 129.99
    expect(
      cartTotal([{ pricePaise: 50_00, quantity: 2 }, { pricePaise: 19_99 }, { pricePaise: 10_00, quantity: null }]),
    ).toBe(129_99);
  });

  it('is 0 for an empty cart', () => {
    expect(cartTotal([])).toBe(0);
  });
});

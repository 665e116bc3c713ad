import { DomainError } from '../errors/domain.error.js';
import { chargeableKg, shippingCharge, shippingQuote } from './shipping.js';

// Expected figures worked by hand from docs/shipping.md, in rupees:
// online: kg 1 = 30; kg 2..10 add 35 each (extra kg 1..9); kg 11+ add 30 each.
// cod: 75 + 35 x (kg - 1), then + 18% of that.
describe('shipping charge, online', () => {
  it.each([
    // grams, chargeable kg, rupees
    [0, 1, 30], // 0 g is charged as the 1 kg minimum: 30
    [1, 1, 30], // ceil(0.001) = 1 kg: 30
    [1000, 1, 30], // ceil(1) = 1 kg: 30
    [1001, 2, 65], // ceil(1.001) = 2 kg: 30 + 35 x 1 = 65
    [10_000, 10, 345], // 10 kg: 30 + 35 x 9 = 30 + 315 = 345
    [10_001, 11, 375], // ceil(10.001) = 11 kg: 30 + 35 x 9 + 30 x 1 = 345 + 30 = 375
    [11_000, 11, 375], // 11 kg: 30 + 315 + 30 x 1 = 375
    [50_000, 50, 1545], // 50 kg: 30 + 315 + 30 x 40 = 345 + 1200 = 1545
  ])('%p g -> %p kg -> Rs %p', (grams, kg, rupees) => {
    const quote = shippingQuote(grams, 'online');
    expect(quote.chargeableKg).toBe(kg);
    expect(quote.handlingPaise).toBe(0);
    expect(quote.totalPaise).toBe(rupees * 100);
    expect(shippingCharge(grams, 'online')).toBe(rupees * 100);
  });
});

describe('shipping charge, cash on delivery', () => {
  it.each([
    // grams, chargeable kg, base rupees, handling rupees, total rupees
    [0, 1, 75, 13.5, 88.5], // 1 kg minimum: 75; 18% = 13.50; 75 + 13.50 = 88.50
    [1, 1, 75, 13.5, 88.5], // 1 kg: 75; 13.50; 88.50
    [1000, 1, 75, 13.5, 88.5], // 1 kg: 75; 13.50; 88.50
    [1001, 2, 110, 19.8, 129.8], // 2 kg: 75 + 35 = 110; 18% = 19.80; 129.80
    [10_000, 10, 390, 70.2, 460.2], // 10 kg: 75 + 35 x 9 = 390; 18% = 70.20; 460.20
    [10_001, 11, 425, 76.5, 501.5], // 11 kg: 75 + 35 x 10 = 425; 18% = 76.50; 501.50
    [11_000, 11, 425, 76.5, 501.5], // 11 kg: 425; 76.50; 501.50
    [50_000, 50, 1790, 322.2, 2112.2], // 50 kg: 75 + 35 x 49 = 75 + 1715 = 1790; 18% = 322.20; 2112.20
  ])('%p g -> %p kg -> Rs %p + Rs %p = Rs %p', (grams, kg, base, handling, total) => {
    const quote = shippingQuote(grams, 'cod');
    expect(quote).toEqual({
      chargeableKg: kg,
      basePaise: Math.round(base * 100),
      handlingPaise: Math.round(handling * 100),
      totalPaise: Math.round(total * 100),
    });
    expect(shippingCharge(grams, 'cod')).toBe(Math.round(total * 100));
  });
});

describe('chargeableKg', () => {
  it('rounds every started kilogram up', () => {
    expect(chargeableKg(1999)).toBe(2);
    expect(chargeableKg(2000)).toBe(2);
    expect(chargeableKg(2000.5)).toBe(3);
  });

  it('rejects negative and unreadable weights', () => {
    expect(() => chargeableKg(-1)).toThrow(DomainError);
    expect(() => chargeableKg(Number.NaN)).toThrow(DomainError);
  });
});

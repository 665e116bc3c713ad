import { ondcQuote, quotedTotalPaise } from './quote.js';

describe('a network quote', () => {
  it('breaks the total into each item, its tax (included: 0.00) and the delivery, adding up to the paisa', () => {
    const quote = ondcQuote(
      [
        { productId: 7, title: 'Alphonso', unitPaise: 120_00, quantity: 2 },
        { productId: 9, title: 'Toor dal', unitPaise: 45_50, quantity: 3, maximum: 5 },
      ],
      100_00,
    ) as { price: { value: string }; breakup: { price: { value: string } }[] };
    expect(quote.price.value).toBe('476.50');
    expect(quote.breakup.map((line) => line.price.value)).toEqual(['240.00', '0.00', '136.50', '0.00', '100.00']);
    expect(quote.breakup[2]).toMatchObject({
      item: { price: { value: '45.50' }, quantity: { available: { count: '99' }, maximum: { count: '5' } } },
    });
  });

  it("reads a buyer app's quoted total in paise", () => {
    expect(quotedTotalPaise({ price: { value: '476.5' } })).toBe(476_50);
    expect(quotedTotalPaise({ price: { value: '476.50' } })).toBe(476_50);
    expect(quotedTotalPaise({ price: { value: 'free' } })).toBeNull();
    expect(quotedTotalPaise(undefined)).toBeNull();
  });
});

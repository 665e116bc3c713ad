import {
  STOCK_LIMITS,
  STOCK_MESSAGES,
  hasStockFor,
  isSoldOut,
  STOCK_BAND_EXACT_MAX,
  STOCK_BAND_FLOORS,
  stockBand,
  lineStock,
  parseStockInput,
  quantityMaxFor,
  stockState,
} from './product.stock.js';

describe('product stock', () => {
  it("tells buyers nothing above the threshold, 'Only N left' at it and below, 'Sold out' at 0", () => {
    expect(stockState(null)).toEqual({ kind: 'plenty' });
    expect(stockState(undefined)).toEqual({ kind: 'plenty' });
    expect(stockState(STOCK_LIMITS.lowThreshold + 1)).toEqual({ kind: 'plenty' });
    expect(stockState(STOCK_LIMITS.lowThreshold)).toEqual({ kind: 'low', left: 5 });
    expect(stockState(1)).toEqual({ kind: 'low', left: 1 });
    expect(stockState(0)).toEqual({ kind: 'sold_out' });
    expect(isSoldOut(0)).toBe(true);
    expect(isSoldOut(null)).toBe(false);
    expect(hasStockFor(3, 4)).toBe(false);
    expect(hasStockFor(null, 15)).toBe(true);
  });

  it('lets a line ask for at most 15 packs, or what is left', () => {
    expect(quantityMaxFor(null)).toBe(15);
    expect(quantityMaxFor(40)).toBe(15);
    expect(quantityMaxFor(3)).toBe(3);
    expect(quantityMaxFor(0)).toBe(0);
  });

  it('says what keeps a line from being bought', () => {
    expect(lineStock(null, 15)).toEqual({ kind: 'ok' });
    expect(lineStock(3, 3)).toEqual({ kind: 'ok' });
    expect(lineStock(3, 4)).toEqual({ kind: 'short', left: 3 });
    expect(lineStock(0, 1)).toEqual({ kind: 'sold_out' });
  });

  it("reads the form's text: empty is unlimited, whole numbers 0 to 1,00,000, anything else invalid", () => {
    expect(parseStockInput('')).toBeNull();
    expect(parseStockInput('   ')).toBeNull();
    expect(parseStockInput('0')).toBe(0);
    expect(parseStockInput(' 12 ')).toBe(12);
    expect(parseStockInput('100000')).toBe(100_000);
    for (const text of ['100001', '-1', '2.5', '1e3', 'ten', '9999999999'])
      expect(parseStockInput(text)).toBe('invalid');
    expect(STOCK_MESSAGES.invalidStock.text).toBe(
      'Stock must be a whole number from 0 to 1,00,000, or empty for unlimited.',
    );
  });

  it('names each short line of a refused order', () => {
    expect(STOCK_MESSAGES.shortItem({ productName: 'Desi Tamatar', requested: 4, left: 3 })).toBe(
      'Desi Tamatar: you asked for 4, only 3 left.',
    );
    expect(STOCK_MESSAGES.shortItem({ productName: 'Nashik Pyaz', requested: 2, left: 0 })).toBe(
      'Nashik Pyaz: sold out.',
    );
    expect(STOCK_MESSAGES.shortItem({ productName: null, requested: null, left: 2 })).toBe('An item: only 2 left.');
  });
});

describe('stockBand', () => {
  it.each([
    [0, 0],
    [1, 1],
    [5, 5],
    [16, 16],
    [17, 16],
    [18, 17],
    [20, 17],
    [21, 18],
    [100_000, 88],
    [103_100, 89],
    [2 ** 31 - 1, 89],
  ])('puts %i packs in band %i', (stock, band) => {
    expect(stockBand(stock)).toBe(band);
  });

  it('is the stock itself up to the low-stock threshold, so the console filters low stock by band alone', () => {
    expect(STOCK_LIMITS.lowThreshold).toBeLessThanOrEqual(STOCK_BAND_EXACT_MAX);
    expect(STOCK_BAND_FLOORS.slice(0, STOCK_BAND_EXACT_MAX)).toEqual(
      Array.from({ length: STOCK_BAND_EXACT_MAX }, (_, index) => index + 1),
    );
  });
});

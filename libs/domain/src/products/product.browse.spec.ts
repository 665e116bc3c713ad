import {
  BROWSE_LABELS,
  browseListingKey,
  readHomeListing,
  PRICE_BANDS,
  browseEntries,
  browseKey,
  narrowsProducts,
  priceBoundOf,
  priceRangeChip,
  priceRangeLabel,
  readBrowse,
} from './product.browse.js';

const reading = (query: string) => {
  const params = new URLSearchParams(query);
  return readBrowse((name) => params.get(name));
};

describe('readBrowse', () => {
  it("reads a page URL's browsing", () => {
    expect(reading('category=spices&minPrice=100&maxPrice=250.5&inStock=1&fresh=1&sort=price_desc&search=x')).toEqual({
      category: 'spices',
      minPrice: 100,
      maxPrice: 250.5,
      inStock: true,
      fresh: true,
      sort: 'price_desc',
    });
  });

  it('leaves out what is not one of ours, and a reversed price range', () => {
    expect(reading('category=veg&minPrice=cheap&inStock=yes&fresh=0&sort=popular')).toEqual({});
    expect(reading('minPrice=500&maxPrice=100')).toEqual({});
    expect(reading('maxPrice=20000000')).toEqual({});
  });
});

describe('browse keys', () => {
  it('writes the same browsing in one order, whatever the order of the URL', () => {
    const a = reading('sort=price_asc&fresh=1&category=honey');
    const b = reading('category=honey&fresh=1&sort=price_asc');
    expect(browseKey(a)).toBe('category=honey&fresh=1&sort=price_asc');
    expect(browseKey(b)).toBe(browseKey(a));
    expect(browseEntries({ minPrice: 0 })).toEqual([['minPrice', '0']]);
    expect(browseKey({})).toBe('');
  });

  it('knows a sort alone narrows nothing', () => {
    expect(narrowsProducts({ sort: 'price_asc' })).toBe(false);
    expect(narrowsProducts({ minPrice: 0 })).toBe(true);
    expect(narrowsProducts({ fresh: true })).toBe(true);
  });
});

describe('prices', () => {
  it('reads rupees with at most 2 decimals up to one crore', () => {
    expect(priceBoundOf('99.50')).toBe(99.5);
    expect(priceBoundOf('0')).toBe(0);
    expect(priceBoundOf('10000000')).toBe(10_000_000);
    expect(priceBoundOf('10000000.01')).toBeNull();
    expect(priceBoundOf('1.234')).toBeNull();
    expect(priceBoundOf('-1')).toBeNull();
    expect(priceBoundOf('')).toBeNull();
  });

  it('labels the price chips in rupees', () => {
    expect(PRICE_BANDS.map((band) => priceRangeLabel(band.minPrice, band.maxPrice))).toEqual([
      'Up to ₹100',
      '₹100 – ₹250',
      '₹250 – ₹500',
      '₹500 and above',
    ]);
    expect(priceRangeLabel(1250.5, undefined)).toBe('₹1,250.50 and above');
    expect(priceRangeLabel(undefined, undefined)).toBe(BROWSE_LABELS.anyPrice);
    expect(PRICE_BANDS.map((band) => priceRangeChip(band.minPrice, band.maxPrice))).toEqual([
      'Up to ₹100',
      '₹100–250',
      '₹250–500',
      '₹500+',
    ]);
    expect(priceRangeChip(1000, 2500.5)).toBe('₹1,000–2,500.5');
    expect(priceRangeChip(undefined, undefined)).toBe('Price');
  });

  it('names every category as invoices do', () => {
    expect(BROWSE_LABELS.categories.fresh_produce).toBe('Fresh vegetables');
    expect(Object.keys(BROWSE_LABELS.categories)).toHaveLength(12);
  });
});

describe('home listings', () => {
  const listing = (query: string) => {
    const params = new URLSearchParams(query);
    return readHomeListing((name) => params.get(name));
  };

  it('reads search, filter and browsing, as the page shows them', () => {
    expect(listing('search=%20aloo%20&filter=Original&fresh=1&utm_source=x')).toEqual({
      search: 'aloo',
      filter: 'Original',
      browse: { fresh: true },
    });
    expect(listing('filter=Fake&search=%20')).toEqual({ search: null, filter: 'All', browse: {} });
  });

  it('keys the plain home page with nothing, and a filtered one by what it shows', () => {
    expect(browseListingKey('All', {})).toBe('');
    expect(browseListingKey('Original', {})).toBe('filter=Original');
    expect(browseListingKey('Original', { category: 'honey', sort: 'price_asc' })).toBe(
      'filter=Original&category=honey&sort=price_asc',
    );
    expect(browseListingKey('All', { inStock: true })).toBe('inStock=1');
  });
});

import { PRODUCT_LIMITS, descriptionPreview, officialBrandFlag, weightToGrams } from './product.limits.js';

describe('product limits', () => {
  it('match spec 000 section 9', () => {
    expect(PRODUCT_LIMITS).toEqual({
      nameMax: 50,
      descriptionMax: 500,
      imagesMin: 1,
      imagesMax: 4,
      imageMaxBytes: 5_242_880,
      descriptionPreviewChars: 40,
    });
  });

  it('converts kilograms to grams', () => {
    expect(weightToGrams(1.5, 'kg')).toBe(1500);
    expect(weightToGrams(0.25, 'kg')).toBe(250);
    expect(weightToGrams(1.1, 'kg')).toBe(1100); // 1.1 x 1000 is 1100.0000000000002 in floating point
    expect(weightToGrams(750, 'g')).toBe(750);
  });

  it('cuts the description preview at 40 characters', () => {
    const forty = 'Fresh organic tomatoes from Nashik farms'; // exactly 40 characters
    expect(forty).toHaveLength(40);
    expect(descriptionPreview(forty)).toBe(forty);
    expect(descriptionPreview(`${forty}, picked today`)).toBe(`${forty}...`);
    expect(descriptionPreview('Short')).toBe('Short');
  });

  it('flags official products by the seller only', () => {
    expect(officialBrandFlag('admin-uid', 'admin-uid')).toBe(1);
    expect(officialBrandFlag('seller-uid', 'admin-uid')).toBe(0);
    expect(officialBrandFlag('seller-uid', undefined)).toBe(0);
  });
});

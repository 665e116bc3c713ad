import { CATEGORY_TAX, gstRatePercent, inferCategory, isProductCategory } from './product.category.js';

describe('inferCategory', () => {
  it.each([
    ['Aloo (Potato) 5 kg', 'fresh_produce'],
    ['Pyaz', 'fresh_produce'],
    ['Desi Tamatar', 'fresh_produce'],
    ['Fresh Spinach Bunch', 'fresh_produce'],
    ['Green Chillies', 'fresh_produce'],
    ['Hari Mirch 250g', 'fresh_produce'],
    ['Organic Ginger', 'fresh_produce'],
    ['Red Bell Pepper', 'fresh_produce'],
    ['Sweet Corn', 'fresh_produce'],
    ['Something New', 'fresh_produce'],
    ['', 'fresh_produce'],
    ['Alphonso Mangoes', 'fresh_fruits'],
    ['Kela (Banana) dozen', 'fresh_fruits'],
    ['Shimla Apples', 'fresh_fruits'],
    ['Basmati Chawal', 'cereals'],
    ['Sona Masoori Rice 10kg', 'cereals'],
    ['Ragi', 'cereals'],
    ['Chakki Atta', 'flour'],
    ['Besan 1kg', 'flour'],
    ['Wheat Flour', 'flour'],
    ['Toor Dal', 'pulses'],
    ['Red Lentils', 'pulses'],
    ['Kabuli Chana', 'pulses'],
    ['A2 Cow Ghee', 'ghee_butter'],
    ['White Makhan', 'ghee_butter'],
    ['Cold Pressed Mustard Oil', 'edible_oils'],
    ['Kachi Ghani Sarso Tel', 'edible_oils'],
    ['Haldi Powder', 'spices'],
    ['Lakadong Turmeric', 'spices'],
    ['Garam Masala', 'spices'],
    ['Black Pepper', 'spices'],
    ['Wild Forest Honey', 'honey'],
    ['Shahad 500g', 'honey'],
    ['Organic Gud', 'jaggery'],
    ['Jaggery Cubes', 'jaggery'],
    ['Mango Pickle', 'pickles_preserves'],
    ['Nimbu ka Achaar', 'pickles_preserves'],
    ['Tomato Seeds for Sowing', 'seeds'],
  ])('%p is %p', (name, category) => {
    expect(inferCategory(name)).toBe(category);
  });
});

describe('category tax', () => {
  it.each([
    ['fresh_produce', '0709', false, 0],
    ['fresh_fruits', '0810', true, 0],
    ['cereals', '1006', false, 0],
    ['cereals', '1006', true, 5],
    ['flour', '1101', false, 0],
    ['flour', '1101', true, 5],
    ['ghee_butter', '0405', false, 5],
    ['edible_oils', '1515', true, 5],
    ['honey', '0409', false, 0],
    ['honey', '0409', true, 5],
    ['spices', '0910', false, 5],
  ] as const)('%s: HSN %s, pre-packaged %p -> %p%%', (category, hsn, packaged, rate) => {
    expect(CATEGORY_TAX[category].hsn).toBe(hsn);
    expect(gstRatePercent(category, packaged)).toBe(rate);
  });

  it('recognises category names', () => {
    expect(isProductCategory('honey')).toBe(true);
    expect(isProductCategory('electronics')).toBe(false);
  });
});

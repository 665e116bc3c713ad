import {
  BROWSE_LABELS,
  CART_MESSAGES,
  PRICE_BANDS,
  PRODUCT_CATEGORIES,
  PRODUCT_MESSAGES,
  PRODUCT_SORTS,
  STOCK_LIMITS,
  STOCK_MESSAGES,
  expiryText,
  fileTooLarge,
  postedTime,
  priceRangeChip,
  priceRangeLabel,
} from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';
import { testI18n } from '../test/i18n';
import { CATEGORY_KEYS, SORT_KEYS, priceRangeChipText, priceRangeText } from './browse-filters';
import { FORM_POPUPS } from './product-form-popups';
import { expiryLine, postedText } from './relative-time';

// The spec's texts stay word for word in English: the products catalogue is pinned to the libs/domain constants and
// to the functions that write the spec's English (relative times, price ranges), through the real English catalogue.
const english = testI18n('en');
const t = (id: string, values?: Record<string, unknown>) => english._(id, values);
const translator = { t, locale: 'en-IN' as const };

describe('the products catalogue in English', () => {
  it.each([
    ['products.loading', PRODUCT_MESSAGES.loading],
    ['products.noImage', PRODUCT_MESSAGES.noImage],
    ['products.originalBadge', PRODUCT_MESSAGES.originalBadge],
    ['products.home.noResults', PRODUCT_MESSAGES.noResults],
    ['products.page.loadFailed', PRODUCT_MESSAGES.loadFailed],
    ['products.page.notFound', PRODUCT_MESSAGES.notFound],
    ['products.page.validUntilMissing', PRODUCT_MESSAGES.validUntilMissing],
    ['products.stock.soldOut', STOCK_MESSAGES.soldOut],
    ['products.stock.soldOutTitle', STOCK_MESSAGES.soldOutTitle],
    ['products.stock.soldOutCannotAdd', STOCK_MESSAGES.soldOutCannotAdd],
    ['products.stock.soldOutProduct', STOCK_MESSAGES.soldOutProduct],
    ['products.form.popup.invalidStock.title', STOCK_MESSAGES.invalidStock.title],
    ['products.addToCart.signIn.title', CART_MESSAGES.signInRequired.title],
    ['products.addToCart.signIn.text', CART_MESSAGES.signInRequired.text],
    ['products.addToCart.alreadyInCart.title', CART_MESSAGES.alreadyInCart.title],
    ['products.addToCart.alreadyInCart.text', CART_MESSAGES.alreadyInCart.text],
    ['products.addToCart.failed.title', CART_MESSAGES.addFailed.title],
    ['products.addToCart.failed.text', CART_MESSAGES.addFailed.text],
    ['products.addToCart.added.title', CART_MESSAGES.added.title],
    ['products.addToCart.added.text', CART_MESSAGES.added.text],
    ['products.browse.title', BROWSE_LABELS.title],
    ['products.browse.sortHeading', BROWSE_LABELS.sortHeading],
    ['products.browse.relevance', BROWSE_LABELS.relevance],
    ['products.browse.categoryHeading', BROWSE_LABELS.categoryHeading],
    ['products.browse.allCategories', BROWSE_LABELS.allCategories],
    ['products.browse.priceHeading', BROWSE_LABELS.priceHeading],
    ['products.browse.anyPrice', BROWSE_LABELS.anyPrice],
    ['products.browse.availabilityHeading', BROWSE_LABELS.availabilityHeading],
    ['products.browse.inStock', BROWSE_LABELS.inStock],
    ['products.browse.fresh', BROWSE_LABELS.fresh],
    ['products.browse.inStockChip', BROWSE_LABELS.inStockChip],
    ['products.browse.freshChip', BROWSE_LABELS.freshChip],
    ['products.browse.clear', BROWSE_LABELS.clear],
    ['products.browse.clearFilters', BROWSE_LABELS.clearFilters],
    ['products.browse.noMatches', BROWSE_LABELS.noMatches],
  ])('%s is the spec text', (key, text) => expect(t(key)).toBe(text));

  it('names each category, sort and form popup as libs/domain does', () => {
    for (const category of PRODUCT_CATEGORIES)
      expect(t(CATEGORY_KEYS[category])).toBe(BROWSE_LABELS.categories[category]);
    for (const sort of PRODUCT_SORTS) {
      expect(t(SORT_KEYS[sort].label)).toBe(BROWSE_LABELS.sorts[sort]);
      expect(t(SORT_KEYS[sort].chip)).toBe(BROWSE_LABELS.sortChips[sort]);
    }
    for (const name of FORM_POPUPS) {
      expect(t(`products.form.popup.${name}.title`)).toBe(PRODUCT_MESSAGES[name].title);
      expect(t(`products.form.popup.${name}.text`)).toBe(PRODUCT_MESSAGES[name].text);
    }
    expect({
      title: t('products.form.popup.invalidFileSize.title'),
      text: t('products.form.popup.invalidFileSize.text', { file: 'a.jpg' }),
    }).toEqual(fileTooLarge('a.jpg'));
  });

  it("translates the products API's texts the form and pages can show", () => {
    const catalogue = readCatalogue('en');
    const serverTexts = [
      PRODUCT_MESSAGES.notFound,
      PRODUCT_MESSAGES.notYours,
      PRODUCT_MESSAGES.unknownImage,
      PRODUCT_MESSAGES.formRequired,
      PRODUCT_MESSAGES.tooManyImages.text,
      PRODUCT_MESSAGES.noImages.text,
      PRODUCT_MESSAGES.invalidPrice.text,
      PRODUCT_MESSAGES.invalidWeight.text,
      PRODUCT_MESSAGES.invalidLength.text,
      PRODUCT_MESSAGES.invalidWidth.text,
      PRODUCT_MESSAGES.invalidHeight.text,
      STOCK_MESSAGES.invalidStock.text,
    ];
    for (const text of serverTexts) expect(catalogue[`server:${text}`]).toBe(text);
  });

  it('writes the stock sentences and the form hint as STOCK_MESSAGES does', () => {
    expect(t('products.stock.onlyLeft', { left: 3 })).toBe(STOCK_MESSAGES.onlyLeft(3));
    expect(t('products.stock.soldOutLine', { name: 'Desi Tamatar' })).toBe(STOCK_MESSAGES.soldOutLine('Desi Tamatar'));
    expect(t('products.stock.shortLine', { name: 'Nashik Pyaz', left: 2 })).toBe(
      STOCK_MESSAGES.shortLine('Nashik Pyaz', 2),
    );
    expect(t('products.form.stockHint', { threshold: STOCK_LIMITS.lowThreshold })).toBe(STOCK_MESSAGES.stockHint);
    expect(t('products.form.popup.invalidStock.text', { max: STOCK_LIMITS.max.toLocaleString('en-IN') })).toBe(
      STOCK_MESSAGES.invalidStock.text,
    );
  });

  it('writes every price range as priceRangeLabel and priceRangeChip do', () => {
    const ranges = [...PRICE_BANDS, {}, { minPrice: 99.5, maxPrice: 1250.75 }];
    for (const { minPrice, maxPrice } of ranges) {
      expect(priceRangeText(translator, minPrice, maxPrice)).toBe(priceRangeLabel(minPrice, maxPrice));
      expect(priceRangeChipText(translator, minPrice, maxPrice)).toBe(priceRangeChip(minPrice, maxPrice));
    }
  });

  it('writes relative times as expiryText and postedTime do', () => {
    const now = new Date('2026-03-20T06:30:00.000Z');
    const MINUTE = 60_000;
    const offsets = [
      0,
      30_000,
      MINUTE,
      59 * MINUTE,
      60 * MINUTE,
      61 * MINUTE,
      5 * 60 * MINUTE,
      24 * 60 * MINUTE,
      47 * 60 * MINUTE,
      48 * 60 * MINUTE,
    ];
    const days = [3, 6, 7, 30, 364, 365, 400, 800].map((count) => count * 24 * 60 * MINUTE);
    for (const offset of [...offsets, ...days]) {
      for (const at of [new Date(now.getTime() + offset), new Date(now.getTime() - offset)]) {
        expect(expiryLine(t, at, now)).toEqual(expiryText(at, now));
        expect(postedText(t, at, now)).toBe(postedTime(at, now));
      }
    }
    for (const missing of [null, '', 'someday']) {
      expect(expiryLine(t, missing, now)).toBeNull();
      expect(postedText(t, missing, now)).toBe(postedTime(missing, now));
    }
    // Every month's name, as the cards show posts a week old or more.
    for (let month = 0; month < 12; month += 1) {
      const posted = new Date(Date.UTC(2025, month, 15, 6, 30));
      expect(postedText(t, posted, now)).toBe(postedTime(posted, now));
    }
  });
});

describe('the products catalogue in Hindi', () => {
  const hindi = testI18n('hi');
  const hi = (id: string, values?: Record<string, unknown>) => hindi._(id, values);

  it('tells relative times with Hindi plurals', () => {
    const now = new Date('2026-03-20T06:30:00.000Z');
    const HOUR = 3_600_000;
    expect(postedText(hi, new Date(now.getTime() - 5 * 60_000), now)).toBe('5 मिनट पहले');
    expect(postedText(hi, new Date(now.getTime() - HOUR), now)).toBe('1 घंटा पहले');
    expect(postedText(hi, new Date(now.getTime() - 3 * HOUR), now)).toBe('3 घंटे पहले');
    expect(postedText(hi, new Date('2026-03-05T06:30:00Z'), now)).toBe('5 मार्च');
    expect(expiryLine(hi, new Date(now.getTime() + 49 * HOUR), now)).toEqual({ text: '2 दिन और मान्य', expired: false });
    expect(expiryLine(hi, new Date(now.getTime() + 30 * HOUR), now)).toEqual({ text: 'कल तक मान्य', expired: false });
    expect(expiryLine(hi, new Date(now.getTime() - 3 * HOUR), now)).toEqual({
      text: 'मान्यता 3 घंटे पहले ख़त्म हुई',
      expired: true,
    });
    expect(hi('products.stock.onlyLeft', { left: 1 })).toBe('सिर्फ़ 1 बचा');
    expect(hi('products.stock.onlyLeft', { left: 3 })).toBe('सिर्फ़ 3 बचे');
  });

  it('has every category and sort name', () => {
    const catalogue = readCatalogue('hi');
    for (const key of [
      ...Object.values(CATEGORY_KEYS),
      ...Object.values(SORT_KEYS).flatMap(({ label, chip }) => [label, chip]),
    ]) {
      expect(catalogue[key], key).toBeTruthy();
    }
    for (const name of FORM_POPUPS) expect(catalogue[`products.form.popup.${name}.title`], name).toBeTruthy();
  });
});

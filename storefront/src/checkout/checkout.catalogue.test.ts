import {
  CHECKOUT_MESSAGES,
  PAYMENT_MESSAGES,
  STOCK_MESSAGES,
  WRITE_LIMIT_MESSAGES,
  type ShortStockItem,
} from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';
import { testI18n } from '../test/i18n';
import { shortItemText } from './stock-refusal';

// The spec's texts stay word for word in English: the checkout's entries are pinned to the spec constants, and the
// server texts the checkout shows are the API's own messages.
describe('the checkout catalogue in English', () => {
  const en = readCatalogue('en');
  const english = testI18n('en');

  it.each([
    ['checkout.selectAddress.title', CHECKOUT_MESSAGES.selectAddress.title],
    ['checkout.selectAddress.text', CHECKOUT_MESSAGES.selectAddress.text],
    ['checkout.payment.missingInformation', CHECKOUT_MESSAGES.missingCheckoutInformation],
    ['checkout.fetchItemsFailed', CHECKOUT_MESSAGES.fetchCheckoutItemsFailed],
    ['checkout.payment.sdkNotLoaded', PAYMENT_MESSAGES.sdkNotLoaded],
    ['checkout.payment.userNotLoggedIn', PAYMENT_MESSAGES.userNotLoggedIn],
    ['checkout.payment.userNotReady', PAYMENT_MESSAGES.userNotReady],
    ['checkout.payment.placeOrderFailed', PAYMENT_MESSAGES.placeOrderFailed],
    ['checkout.payment.confirmFailed', PAYMENT_MESSAGES.confirmFailed],
    ['checkout.payment.paymentError', PAYMENT_MESSAGES.paymentError],
    ['checkout.payment.failed.title', PAYMENT_MESSAGES.paymentFailed.title],
    ['checkout.payment.failed.text', PAYMENT_MESSAGES.paymentFailed.text],
    ['products.stock.soldOutProduct', STOCK_MESSAGES.soldOutProduct],
    ['products.stock.soldOut', STOCK_MESSAGES.soldOut],
    ['checkout.stockRefusal.title', STOCK_MESSAGES.notEnoughStockTitle],
  ])('%s is the spec text', (key, text) => expect(en[key]).toBe(text));

  it.each([
    STOCK_MESSAGES.notEnoughStock,
    CHECKOUT_MESSAGES.totalsChanged,
    CHECKOUT_MESSAGES.productUnavailable,
    WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders,
  ])("translates the checkout's refusal '%s'", (text) => expect(en[`server:${text}`]).toBe(text));

  it.each<ShortStockItem>([
    { productId: '7', productName: 'Desi Tamatar', requested: 4, left: 1 },
    { productId: '7', productName: 'Desi Tamatar', requested: null, left: 2 },
    { productId: '7', productName: 'Desi Tamatar', requested: 3, left: 0 },
    { productId: '7', productName: null, requested: 3, left: 1 },
  ])('says a short product as the domain does: %o', (item) => {
    expect(shortItemText(english._.bind(english), item)).toBe(STOCK_MESSAGES.shortItem(item));
  });
});

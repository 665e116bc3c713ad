import { CART_MESSAGES } from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';

// The spec's texts stay word for word in English: the cart's entries are pinned to the spec constants.
describe('the cart catalogue in English', () => {
  const en = readCatalogue('en');
  it.each([
    ['cart.signInRequired', CART_MESSAGES.signInRequired.text],
    ['cart.empty.title', CART_MESSAGES.empty],
    ['cart.updateFailed', CART_MESSAGES.updateFailed],
    ['cart.removeFailed', CART_MESSAGES.removeFailed],
    ['cart.confirmRemove.title', CART_MESSAGES.confirmRemove.title],
    ['cart.confirmRemove.text', CART_MESSAGES.confirmRemove.text],
  ])('%s is the spec text', (key, text) => expect(en[key]).toBe(text));
});

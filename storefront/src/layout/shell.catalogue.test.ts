import { HEADER_MESSAGES, SELLER_DASHBOARD_MESSAGES } from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';

// The spec's texts stay word for word in English: the catalogue's entries are pinned to the spec constants.
describe('the shell catalogue in English', () => {
  const en = readCatalogue('en');
  it.each([
    ['header.signIn', HEADER_MESSAGES.signIn],
    ['header.nav.sellerDashboard', SELLER_DASHBOARD_MESSAGES.menuLink],
  ])('%s is the spec text', (key, text) => expect(en[key]).toBe(text));
});

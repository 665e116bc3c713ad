import { ADDRESS_MESSAGES } from '@mandi/domain';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';
import { LanguageProvider, useT } from '../i18n/i18n';
import { testI18n } from '../test/i18n';
import { addressMessageText } from './address';

/** useT's translator speaking `language`. */
function translator(language: 'en' | 'hi') {
  const i18n = testI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
  );
  return renderHook(() => useT(), { wrapper }).result.current;
}

// The spec's texts stay word for word in English: the address entries are pinned to the spec constants.
describe('the addresses catalogue', () => {
  const en = readCatalogue('en');

  it.each([
    ['addresses.limit.title', ADDRESS_MESSAGES.maxAddressesReached.title],
    ['addresses.limit.text', ADDRESS_MESSAGES.maxAddressesReached.text],
    ['addresses.form.pincodeNotVerified.title', ADDRESS_MESSAGES.pincodeNotVerified.title],
    ['addresses.form.pincodeNotVerified.text', ADDRESS_MESSAGES.pincodeNotVerified.text],
    ['server:Address not found.', ADDRESS_MESSAGES.notFound],
  ])('%s is the spec text', (key, text) => expect(en[key]).toBe(text));

  const fieldTexts = (Object.values(ADDRESS_MESSAGES) as unknown[]).filter(
    (text): text is string => typeof text === 'string',
  );

  it.each(fieldTexts)("says '%s' in English as the rules give it, and in Hindi from the catalogue", (text) => {
    expect(addressMessageText(translator('en'), text)).toBe(text);
    if (text === ADDRESS_MESSAGES.defaultChanged || text === ADDRESS_MESSAGES.deleted) return; // answers, never shown
    expect(addressMessageText(translator('hi'), text)).not.toBe(text);
  });

  it("says the server's state and district mismatches in either language, naming the allowed places", () => {
    for (const places of [['Maharashtra'], ['Maharashtra', 'Gujarat']]) {
      expect(addressMessageText(translator('en'), ADDRESS_MESSAGES.stateMismatch('422013', places))).toBe(
        ADDRESS_MESSAGES.stateMismatch('422013', places),
      );
      expect(addressMessageText(translator('en'), ADDRESS_MESSAGES.districtMismatch('422013', places))).toBe(
        ADDRESS_MESSAGES.districtMismatch('422013', places),
      );
    }
    expect(
      addressMessageText(translator('hi'), ADDRESS_MESSAGES.stateMismatch('422013', ['Maharashtra', 'Gujarat'])),
    ).toBe('राज्य पिन कोड 422013 से मेल नहीं खाता (Maharashtra या Gujarat)');
  });

  it('shows any other server text through the server texts, else as sent', () => {
    expect(addressMessageText(translator('hi'), ADDRESS_MESSAGES.notFound)).toBe('पता नहीं मिला।');
    expect(addressMessageText(translator('hi'), 'Something new')).toBe('Something new');
  });
});

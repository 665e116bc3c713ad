import {
  ADDRESS_MESSAGES,
  BUSINESS_KIND_NAMES,
  SELLER_PROFILE_MESSAGES as M,
  WRITE_LIMIT_MESSAGES,
} from '@mandi/domain';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LanguageProvider, useT } from '../i18n/i18n';
import { testI18n } from '../test/i18n';
import {
  SELLER_PROFILE_MESSAGES_SHOWN,
  businessKindLabels,
  profileStatusLabels,
  sellerProfileMessageText,
} from './business-profile-texts';

/** useT's translator speaking `language`. */
function translator(language: 'en' | 'hi') {
  const i18n = testI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageProvider i18n={i18n}>{children}</LanguageProvider>
  );
  return renderHook(() => useT(), { wrapper }).result.current;
}

// The refusals stay word for word in English: the catalogue is pinned to SELLER_PROFILE_MESSAGES.
describe('the business profile catalogue', () => {
  it('translates every refusal a seller can meet, and leaves the console’s to the console', () => {
    expect(
      [...SELLER_PROFILE_MESSAGES_SHOWN, 'rejectionReasonRequired', 'rejectionReasonTooLong', 'notPending'].sort(),
    ).toEqual(Object.keys(M).sort());
  });

  it.each(SELLER_PROFILE_MESSAGES_SHOWN)('says %s in English as the rules give it, and in Hindi', (name) => {
    const [en, hi] = [translator('en'), translator('hi')];
    expect(sellerProfileMessageText(en, M[name])).toBe(M[name]);
    expect(sellerProfileMessageText(hi, M[name])).not.toBe(M[name]);
    expect(sellerProfileMessageText(hi, M[name])).toMatch(/[\u0900-\u097F]/);
  });

  it('says a pickup address’s refusal as the address form does', () => {
    const [en, hi] = [translator('en'), translator('hi')];
    expect(sellerProfileMessageText(en, ADDRESS_MESSAGES.pincodeNotFound)).toBe(ADDRESS_MESSAGES.pincodeNotFound);
    expect(sellerProfileMessageText(hi, ADDRESS_MESSAGES.pincodeNotFound)).toBe('इस पिन कोड का कोई पता नहीं मिला।');
    expect(sellerProfileMessageText(hi, ADDRESS_MESSAGES.stateMismatch('422013', ['Maharashtra']))).toBe(
      'राज्य पिन कोड 422013 से मेल नहीं खाता (Maharashtra)',
    );
  });

  it('shows the 429 through the server texts, and any other text as sent', () => {
    const [en, hi] = [translator('en'), translator('hi')];
    const limit = WRITE_LIMIT_MESSAGES.tooManySellerProfileWrites;
    expect(sellerProfileMessageText(en, limit)).toBe(limit);
    expect(sellerProfileMessageText(hi, limit)).toBe(
      'पिछले एक घंटे में आपने कई बार अपनी विक्रेता प्रोफ़ाइल भेजी है। कृपया थोड़ी देर बाद फिर कोशिश करें।',
    );
    expect(sellerProfileMessageText(hi, 'Something new')).toBe('Something new');
  });

  it('names every kind of business and every review state in both languages', () => {
    const [en, hi] = [translator('en'), translator('hi')];
    expect(businessKindLabels(en.t)).toEqual({
      individual_farmer: 'Individual farmer',
      farmer_producer_organisation: 'Farmer producer organisation (FPO)',
      proprietor: 'Sole proprietor',
      company: 'Company or LLP',
    });
    expect(Object.keys(businessKindLabels(hi.t))).toEqual(BUSINESS_KIND_NAMES);
    for (const label of [...Object.values(businessKindLabels(hi.t)), ...Object.values(profileStatusLabels(hi.t))])
      expect(label).toMatch(/[\u0900-\u097F]/);
  });
});

import { PROFILE_IMAGE_INVALID, PROFILE_IMAGE_MISSING } from '@mandi/contracts';
import { PRODUCT_MESSAGES, PRODUCT_MODERATION_MESSAGES, PROFILE_MESSAGES, sellerHasNoPosts } from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../vite-catalogues';
import { testI18n } from '../test/i18n';

// The spec's texts stay word for word in English: the profiles catalogue is pinned to the libs/domain constants.
const english = testI18n('en');
const t = (id: string, values?: Record<string, unknown>) => english._(id, values);

describe('the profiles catalogue in English', () => {
  it.each([
    ['profiles.updateFailed.title', PROFILE_MESSAGES.updateFailed.title],
    ['profiles.updateFailed.text', PROFILE_MESSAGES.updateFailed.text],
    ['profiles.uploadFailed.title', PROFILE_MESSAGES.uploadFailed.title],
    ['profiles.uploadFailed.text', PROFILE_MESSAGES.uploadFailed.text],
    ['profiles.deleteFailed.title', PROFILE_MESSAGES.deleteFailed.title],
    ['profiles.deleteFailed.text', PROFILE_MESSAGES.deleteFailed.text],
    ['profiles.fullNameTooLong', PROFILE_MESSAGES.fullNameTooLong],
    ['profiles.bioTooLong', PROFILE_MESSAGES.bioTooLong],
    ['profiles.cityTooLong', PROFILE_MESSAGES.cityTooLong],
    ['profiles.seller.loading', PROFILE_MESSAGES.loadingSeller],
    ['profiles.seller.notFound', PROFILE_MESSAGES.notFound],
    ['profiles.confirmDelete.title', PRODUCT_MESSAGES.confirmDelete.title],
    ['profiles.confirmDelete.text', PRODUCT_MESSAGES.confirmDelete.text],
    ['profiles.shopState.unlisted', PRODUCT_MODERATION_MESSAGES.unlistedNote],
    ['profiles.shopState.suspended', PRODUCT_MODERATION_MESSAGES.suspendedNote],
  ])('%s is the spec text', (key, text) => expect(t(key)).toBe(text));

  it("says '{username} has not posted any products yet.'", () => {
    expect(t('profiles.seller.noPosts', { username: 'kisan_raju' })).toBe(sellerHasNoPosts('kisan_raju'));
  });

  it("translates the profile API's texts the page can show", () => {
    const catalogue = readCatalogue('en');
    const serverTexts = [
      PROFILE_MESSAGES.notFound,
      PROFILE_MESSAGES.uploadFailed.text,
      PROFILE_MESSAGES.fullNameTooLong,
      PROFILE_MESSAGES.bioTooLong,
      PROFILE_MESSAGES.cityTooLong,
      PROFILE_IMAGE_INVALID,
      PROFILE_IMAGE_MISSING,
    ];
    for (const text of serverTexts) expect(catalogue[`server:${text}`]).toBe(text);
  });
});

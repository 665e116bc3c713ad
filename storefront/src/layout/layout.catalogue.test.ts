import { HEADER_MESSAGES, SEARCH_FILTERS } from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/i18n';

// The spec's texts stay word for word in English: the layout catalogue is pinned to the libs/domain constants.
const english = testI18n('en');
const t = (id: string) => english._(id);

describe('the layout catalogue in English', () => {
  it.each([
    ['layout.account.notSignedIn', HEADER_MESSAGES.signInToSell.title],
    ['layout.account.signInToSell', HEADER_MESSAGES.signInToSell.text],
    ['layout.account.signInToViewOrders', HEADER_MESSAGES.signInToViewOrders.text],
    ['layout.account.signInToDeleteAccount', HEADER_MESSAGES.signInToDeleteAccount.text],
    ['layout.account.confirmSignOut.title', HEADER_MESSAGES.confirmSignOut.title],
    ['layout.account.confirmSignOut.text', HEADER_MESSAGES.confirmSignOut.text],
    ['layout.account.confirmDelete.title', HEADER_MESSAGES.confirmDeleteAccount.title],
    ['layout.account.confirmDelete.text', HEADER_MESSAGES.confirmDeleteAccount.text],
    ['layout.account.error', HEADER_MESSAGES.deleteAccountFailed.title],
    ['layout.account.error', HEADER_MESSAGES.userNotAuthenticated.title],
    ['layout.account.notAuthenticated', HEADER_MESSAGES.userNotAuthenticated.text],
    ['layout.account.deleteFailed', HEADER_MESSAGES.deleteAccountFailed.text],
    ['layout.account.deleted.title', HEADER_MESSAGES.deleteAccountSucceeded.title],
    ['layout.account.deleted.text', HEADER_MESSAGES.deleteAccountSucceeded.text],
    ['server:Account deleted successfully', HEADER_MESSAGES.deleteAccountSucceeded.text],
  ])('%s is the spec text', (key, text) => expect(t(key)).toBe(text));

  it('names the search filters as the spec does', () => {
    expect([t('layout.search.filter.all'), t('layout.search.filter.original')]).toEqual([...SEARCH_FILTERS]);
  });
});

import { ACCESS_MESSAGES, ACCOUNT_PAGE_TEXTS, AUTH_ACTION_MESSAGES } from '@mandi/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES_DIR } from '../../vite-catalogues';
import { testI18n } from '../test/i18n';
import { ACCOUNT_TEXT_KEYS } from './account-texts';

// The spec's texts stay word for word in English: the catalogue's entries are pinned to the domain's constants.
describe('the auth catalogue in English', () => {
  const english = testI18n('en');
  const auth = JSON.parse(readFileSync(join(CATALOGUES_DIR, 'en', 'auth.json'), 'utf8')) as Record<string, string>;

  it.each(ACCOUNT_TEXT_KEYS)('%s is the domain text', (key, text) => expect(auth[key]).toBe(text));

  it('fills the counted and addressed texts as the domain writes them', () => {
    expect(english._('auth.forgot.retryIn', { seconds: 97 })).toBe(ACCOUNT_PAGE_TEXTS.retryIn(97));
    // The address is in bold on the page: the message marks it, the words are the domain's.
    expect(english._('auth.action.reset.for', { email: 'asha@mandi.test' })).toBe(
      `${AUTH_ACTION_MESSAGES.resetPassword.resetFor('<0>asha@mandi.test')}</0>`,
    );
  });

  it('translates every answer of the API identity and access checks', () => {
    for (const text of Object.values(ACCESS_MESSAGES)) expect(auth[`server:${text}`]).toBe(text);
  });

  it("writes each server text's key as its English text", () => {
    const server = Object.entries(auth).filter(([key]) => key.startsWith('server:'));
    for (const [key, text] of server) expect(key).toBe(`server:${text}`);
  });
});

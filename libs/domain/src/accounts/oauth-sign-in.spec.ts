import { mayUseOauthSignIn } from './oauth-sign-in.js';

describe('mayUseOauthSignIn', () => {
  it.each(['google.com', 'apple.com', 'microsoft.com'])('lets a verified %s identity in', (provider) => {
    expect(mayUseOauthSignIn({ signInProvider: provider, emailVerified: true })).toBe(true);
  });

  it.each([
    ['an unverified Google e-mail', 'google.com', false],
    ['a verified password account', 'password', true],
    ['an unverified password account', 'password', false],
    ['a custom token', 'custom', true],
    ['an anonymous sign-in', 'anonymous', true],
    ['no provider at all', null, true],
    ['a look-alike provider name', 'google.com.evil', true],
  ])('refuses %s', (_case, provider, verified) => {
    expect(mayUseOauthSignIn({ signInProvider: provider, emailVerified: verified })).toBe(false);
  });
});

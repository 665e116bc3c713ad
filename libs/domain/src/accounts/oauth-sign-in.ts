/**
 * Firebase sign-in providers that are identity providers of their own (OAuth / OpenID): the provider, not the
 * person typing, vouches for the e-mail. 'password', 'phone', 'anonymous' and 'custom' are not among them.
 */
export const OAUTH_SIGN_IN_PROVIDERS = [
  'google.com',
  'apple.com',
  'microsoft.com',
  'facebook.com',
  'github.com',
  'twitter.com',
] as const;

/**
 * Whether a verified Firebase identity may use the identity-provider sign-in (POST /api/auth/oauth-login), which makes
 * an account without a verification mail of ours: only when it came from an identity provider AND that provider
 * says the e-mail is verified. A password account, verified or not, signs up through create-user instead.
 */
export function mayUseOauthSignIn(identity: { signInProvider: string | null; emailVerified: boolean }): boolean {
  return (
    identity.emailVerified && (OAUTH_SIGN_IN_PROVIDERS as readonly string[]).includes(identity.signInProvider ?? '')
  );
}

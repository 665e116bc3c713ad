/*
 * Texts of the account pages that the specification does not name (its own texts are imported
 * from @mandi/domain: SIGN_IN_MESSAGES, SIGN_UP_MESSAGES, VERIFICATION_MESSAGES, ...).
 */
export const ACCOUNT_TEXTS = {
  /** The username field's hint for each check state (000 section 4: short, invalid, valid, then available or taken). */
  username: {
    short: 'At least 3 characters: letters, digits or underscore.',
    invalid: 'Only letters, digits and underscore, 3 to 15 characters.',
    valid: 'Valid username.',
    checking: 'Checking availability…',
    available: 'Username is available.',
    taken: 'Username is taken.',
  },
  /** Firebase refuses passwords under 6 characters. */
  weakPassword: 'Password must be at least 6 characters.',
  /** Shown on the sign-in page after the verification page created the account. */
  emailVerified: 'Your email is verified and your account is ready. Sign in to continue.',
  continueWithGoogle: 'Continue with Google',
  /** The forgot-password button while it is locked: 'Try again in 97 s'. */
  retryIn: (seconds: number) => `Try again in ${seconds} s`,
  returningToSignIn: 'Returning to sign in…',
} as const;

/*
 * Texts the storefront shell shows that the specification does not name (the spec's own
 * texts are imported from @mandi/domain).
 */
export const SHELL_TEXTS = {
  /** Ours: the sign-in prompt of the become-seller page (the spec names only the title 'Sign In Required'). */
  signInToShowInterest: 'Please sign in to show your interest in selling on Mandi.',
} as const;

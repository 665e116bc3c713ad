import { AUTH_TIMINGS, PASSWORD_MIN_LENGTH } from './account.limits.js';

// Texts of docs/accounts.md (sign-in, sign-up, verification, forgot password, profile, header) character for
// character. Where the spec names only a title (or 'a timeout message'), the text is ours and marked so.

/** Messages of the sign-in page. */
export const SIGN_IN_MESSAGES = {
  /** Title from the spec; text ours. */
  missingFields: { title: 'Missing Fields', text: 'Please enter your email and password.' },
  accountSuspended: { title: 'Account Suspended', text: 'Your account has been suspended. Contact support.' },
  unverifiedAccount: { title: 'Unverified Account', text: 'Account was not verified. Please sign up again.' },
  wrongPassword: 'Incorrect password. Please try again.',
  noAccount: 'No account found with this email. Please sign up first.',
  accountDisabled: 'This account has been disabled. Contact support.',
  invalidEmail: 'Invalid email address format.',
  fallback: 'Something went wrong on our end...',
} as const;

/** Messages of the sign-up page. */
export const SIGN_UP_MESSAGES = {
  /** Title from the spec; text ours. */
  incompleteForm: { title: 'Incomplete Form', text: 'Please fill in all fields and accept the terms.' },
  /** Title from the spec; text ours, stating the spec's rule. */
  invalidUsername: {
    title: 'Invalid Username',
    text: 'Username must be 3 to 15 characters: letters, digits and underscore only.',
  },
  /** Title from the spec; text ours. */
  usernameTaken: { title: 'Username Taken', text: 'This username is already taken. Please choose another.' },
  passwordMismatch: { title: 'Password Error', text: 'Passwords do not match.' },
  /** Title from the spec; text ours. */
  signupFailed: { title: 'Signup Failed', text: 'Something went wrong. Please try again.' },
  /** Ours: the server's answer when an e-mail already has an account. */
  emailInUse: 'An account with this email already exists.',
  /** Ours: create-user's answer when the account has been made. */
  userCreated: 'Your account has been created.',
  /** Ours: the answer when the signed-in identity already has an account (the verification page counts 409 as success). */
  accountExists: 'Your account already exists.',
} as const;

/** Messages of the e-mail verification page (titles from the spec, texts ours). */
export const VERIFICATION_MESSAGES = {
  timeout: { title: 'Verification Timed Out', text: 'Your email was not verified in time. Please sign up again.' },
  somethingWentWrong: {
    title: 'Something Went Wrong',
    text: 'We could not finish creating your account. Please sign in again.',
  },
  saveFailed: { title: 'Save Failed', text: 'We could not save your account. Please try again.' },
  /** Ours: send-verification's answer once the mail is on its way. */
  mailSent: 'Verification email sent. Please check your inbox.',
  /** Ours: create-user refuses an identity whose e-mail is not verified yet. */
  emailNotVerified: 'Please verify your email address before your account is created.',
} as const;

/** Messages of the forgot-password page. */
export const FORGOT_PASSWORD_MESSAGES = {
  fallback: 'Something went wrong.Please try again',
  /**
   * Ours: the server's one answer to a reset request, whether or not the address has an account, so the answer
   * tells nobody which addresses are registered.
   */
  sent: 'If an account exists for this email, a password reset link has been sent.',
  /** Ours: a second request for the same address inside the lockout (docs/accounts.md: 120 s). */
  tooSoon: `A reset link was requested for this email moments ago. Please wait ${AUTH_TIMINGS.resetLockoutMs / 60_000} minutes before trying again.`,
} as const;

/**
 * Texts of the account pages that the specification does not name (all ours): the username check's hints, the
 * password rule, the sign-in page's notices and the forgot-password button's countdown.
 */
export const ACCOUNT_PAGE_TEXTS = {
  /** The username field's hint for each check state (docs/accounts.md: short, invalid, valid, then available or taken). */
  username: {
    short: 'At least 3 characters: letters, digits or underscore.',
    invalid: 'Only letters, digits and underscore, 3 to 15 characters.',
    valid: 'Valid username.',
    checking: 'Checking availability…',
    available: 'Username is available.',
    taken: 'Username is taken.',
  },
  /** Firebase refuses passwords under 6 characters ('auth/weak-password'). */
  weakPassword: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  /** Shown on the sign-in page after the verification page created the account. */
  emailVerified: 'Your email is verified and your account is ready. Sign in to continue.',
  /** Shown on the sign-in page after a new password was set from a reset link. */
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  continueWithGoogle: 'Continue with Google',
  /** The forgot-password button while it is locked: 'Try again in 97 s'. */
  retryIn: (seconds: number) => `Try again in ${seconds} s`,
  returningToSignIn: 'Returning to sign in…',
} as const;

/**
 * Texts of the page the verification and password-reset mails link to (/auth/action, Firebase's custom e-mail
 * action handler); all ours.
 */
export const AUTH_ACTION_MESSAGES = {
  /** A link without a known mode or without its code (cut short by a mail program, typed by hand). */
  invalidLink: {
    title: 'This link is not valid.',
    text: 'It may have been cut short. Open the link from the email again, or copy all of it into the address bar.',
  },
  /** Applies the verification code (mode=verifyEmail). */
  verifyEmail: {
    checking: 'Verifying your email…',
    verified: 'Your email is verified.',
    /** The sign-up tab (the verification page) polls and creates the account itself. */
    nextStep:
      'Go back to the Mandi page where you signed up: it notices the verification by itself and finishes creating your account. Then sign in with your email and password.',
    expired: {
      title: 'This link has expired',
      text: 'This verification link has expired or was already used. Please sign up again.',
    },
    failed: {
      title: 'Verification Failed',
      text: 'We could not verify your email. Check your connection and try again.',
    },
  },
  /** Checks the reset code, then takes the new password (mode=resetPassword). */
  resetPassword: {
    checking: 'Checking your reset link…',
    /** 'Reset the password for asha@mandi.test'. */
    resetFor: (email: string) => `Reset the password for ${email}`,
    /** The rule under the New password field. */
    passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
    missingPasswords: 'Please enter and confirm your new password.',
    changed: 'Your password has been changed.',
    expired: {
      title: 'This link has expired',
      text: 'This password reset link has expired or was already used. Please ask for a new one.',
    },
    /** The link could not be checked (offline for a moment); a retry may pass. */
    checkFailed: {
      title: 'Reset Failed',
      text: 'We could not check your reset link. Check your connection and try again.',
    },
    /** The new password could not be set; the form stays for another try. */
    failed: { title: 'Reset Failed', text: 'We could not change your password. Check your connection and try again.' },
  },
} as const;

/** Messages of the profile pages. */
export const PROFILE_MESSAGES = {
  /** Titles from the spec; texts ours. */
  deleteFailed: { title: 'Delete Failed', text: 'Could not delete the product. Please try again.' },
  uploadFailed: { title: 'Upload Failed', text: 'Could not upload the image. Please try again.' },
  updateFailed: { title: 'Update Failed', text: 'Could not update your profile. Please try again.' },
  /** Ours: the limits of docs/accounts.md in words. */
  fullNameTooLong: 'Full name must be at most 50 characters.',
  bioTooLong: 'Bio must be at most 200 characters.',
  cityTooLong: 'City must be at most 30 characters.',
  loadingSeller: 'Loading seller profile...',
  /** Ours: the server's answer for an unknown user. */
  notFound: 'User not found.',
} as const;

/** '{username} has not posted any products yet.' of the seller page. */
export function sellerHasNoPosts(username: string): string {
  return `${username} has not posted any products yet.`;
}

/** Messages of the shared header: sign-in prompts, sign-out and account deletion. */
export const HEADER_MESSAGES = {
  userNotAuthenticated: { title: 'Error', text: 'User not authenticated' },
  /** The text is the server's message when there is one. */
  deleteAccountFailed: { title: 'Error', text: 'Something went wrong while deleting the account' },
  /** The text is the server's message when there is one. */
  deleteAccountSucceeded: { title: 'Success', text: 'Account deleted successfully' },
  signInToSell: { title: 'Not Signed In', text: 'Please sign in to sell a product.' },
  signInToViewOrders: { title: 'Not Signed In', text: 'Please sign in to view your orders.' },
  signInToDeleteAccount: { title: 'Not Signed In', text: 'Please sign in to delete your account.' },
  /** Text from the spec; the title is ours. */
  confirmSignOut: { title: 'Sign Out?', text: 'Are you sure you want to sign out?' },
  confirmDeleteAccount: { title: 'Delete Account?', text: 'Are you sure you want to permanently delete your account?' },
  analyticsInitFailed: 'Analytics init failed',
  signIn: 'Sign In',
} as const;

/** Answers of the API's identity and access checks (ours, reusing the spec's texts where they fit). */
export const ACCESS_MESSAGES = {
  signInRequired: 'Sign In Required',
  userNotAuthenticated: 'User not authenticated',
  suspended: 'Your account has been suspended. Contact support.',
  notAllowed: 'You are not allowed to access this page.',
  tooManyRequests: 'Too many requests. Please try again in a moment.',
  /** Ours: a token that does not verify (expired, forged, from another project). */
  invalidToken: 'Your session has expired. Please sign in again.',
  /** Ours: a verified identity with no account of ours (never created, or deleted). */
  noAccount: 'No account found. Please sign up first.',
  /** Ours: a uid or userId that is not the caller's own. */
  notYours: 'You can only access your own account.',
  /** Ours: an e-mail in an account call that is not the signed-in identity's own. */
  emailNotYours: 'This email does not belong to the account you signed in with.',
  /** Ours: POST /api/auth/oauth-login with a token that is not a verified Google (or other identity provider) sign-in. */
  oauthOnly: 'This sign-in is for Google accounts with a verified email. Sign in with your email and password instead.',
} as const;

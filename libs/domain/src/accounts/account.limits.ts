import { MEGABYTE } from '../products/product.limits.js';

/** Username rules of docs/accounts.md: 3 to 15 characters of letters, digits and underscore. */
export const USERNAME_LIMITS = { min: 3, max: 15 } as const;
/** Letters (A-Z, a-z), digits and underscore, 3 to 15 of them. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,15}$/;
/** Longest username text read before the pattern runs (15 characters and the spaces a form may leave around them). */
export const USERNAME_TEXT_MAX = 64;

/** Limits of the profile form (docs/accounts.md). */
export const PROFILE_LIMITS = {
  fullNameMax: 50,
  bioMax: 200,
  cityMax: 30,
  imageMaxBytes: 5 * MEGABYTE,
} as const;

/** The shortest password Firebase Authentication accepts (shorter ones fail with 'auth/weak-password'). */
export const PASSWORD_MIN_LENGTH = 6;

/** Version of the terms a user agrees to at sign-up. */
export const TERMS_VERSION = 'v1.0';

/** Timings of sign-up, verification and password reset (docs/accounts.md), in milliseconds. */
export const AUTH_TIMINGS = {
  /** The verification page gives up after 90 s. */
  verificationWindowMs: 90_000,
  /** The verification page polls every 3 s. */
  verificationPollMs: 3_000,
  /** The reset button stays disabled for 120 s after a submission. */
  resetLockoutMs: 120_000,
  /** Redirect to sign-in 5 s after a reset submission. */
  resetRedirectMs: 5_000,
  /** The username availability check runs 1 s after typing stops. */
  usernameCheckDebounceMs: 1_000,
} as const;

/** Statuses of the create-user call that count as success on the verification page (409: it exists already). */
export const CREATE_USER_SUCCESS_STATUSES: readonly number[] = [200, 201, 409];

/** Roles of a user; the spec sees only 'admin', everyone else is a plain user. */
export const USER_ROLES = ['user', 'admin'] as const;
/** One of {@link USER_ROLES}. */
export type UserRole = (typeof USER_ROLES)[number];

/** Account states; a suspended user cannot sign in or call the API. */
export const USER_STATUSES = ['active', 'suspended'] as const;
/** One of {@link USER_STATUSES}. */
export type UserStatus = (typeof USER_STATUSES)[number];

/** The state an admin's toggle moves an account to. */
export function toggledUserStatus(status: UserStatus): UserStatus {
  return status === 'suspended' ? 'active' : 'suspended';
}

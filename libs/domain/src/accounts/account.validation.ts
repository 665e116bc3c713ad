import { problem, type FieldProblem } from '../messages/popup-message.js';
import { isValidEmail } from '../validation/patterns.js';
import {
  ACCOUNT_PAGE_TEXTS,
  AUTH_ACTION_MESSAGES,
  SIGN_IN_MESSAGES,
  SIGN_UP_MESSAGES,
  PROFILE_MESSAGES,
} from './account.messages.js';
import { PASSWORD_MIN_LENGTH, PROFILE_LIMITS, USERNAME_LIMITS, USERNAME_PATTERN } from './account.limits.js';

/** The sign-up form's username state before availability is known (docs/accounts.md). */
export type UsernameCheck = 'short' | 'invalid' | 'valid';

/** Classifies a typed username: under 3 characters 'short', otherwise 'valid' only for 3-15 letters, digits, underscore. */
export function checkUsername(username: string): UsernameCheck {
  if (username.length < USERNAME_LIMITS.min) return 'short';
  return USERNAME_PATTERN.test(username) ? 'valid' : 'invalid';
}

/** True for a username that may be registered (availability aside). */
export function isValidUsername(username: string): boolean {
  return checkUsername(username) === 'valid';
}

/** The sign-up form's fields. */
export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreedToTerms: boolean;
}

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** The first problem of the sign-up form (availability is checked separately), or null. */
export function validateSignUp(input: SignUpInput): FieldProblem | null {
  for (const field of ['username', 'email', 'password', 'confirmPassword'] as const) {
    if (blank(input[field])) return problem(field, SIGN_UP_MESSAGES.incompleteForm);
  }
  if (!input.agreedToTerms) return problem('agreedToTerms', SIGN_UP_MESSAGES.incompleteForm);
  if (!isValidUsername(input.username)) return problem('username', SIGN_UP_MESSAGES.invalidUsername);
  if (!isValidEmail(input.email)) return problem('email', SIGN_IN_MESSAGES.invalidEmail);
  if (input.password !== input.confirmPassword) return problem('confirmPassword', SIGN_UP_MESSAGES.passwordMismatch);
  return null;
}

/** The first problem of the sign-in form (both fields required), or null. */
export function validateSignIn(input: { email: string; password: string }): FieldProblem | null {
  if (blank(input.email) || blank(input.password)) {
    return problem(blank(input.email) ? 'email' : 'password', SIGN_IN_MESSAGES.missingFields);
  }
  if (!isValidEmail(input.email)) return problem('email', SIGN_IN_MESSAGES.invalidEmail);
  return null;
}

/** The fields of the new-password form a reset link leads to. */
export interface NewPasswordInput {
  password: string;
  confirmPassword: string;
}

/** The first problem of the new-password form (both required, at least 6 characters, matching), or null. */
export function validateNewPassword(input: NewPasswordInput): FieldProblem | null {
  if (input.password === '') return problem('password', AUTH_ACTION_MESSAGES.resetPassword.missingPasswords);
  if (input.confirmPassword === '')
    return problem('confirmPassword', AUTH_ACTION_MESSAGES.resetPassword.missingPasswords);
  if (input.password.length < PASSWORD_MIN_LENGTH) return problem('password', ACCOUNT_PAGE_TEXTS.weakPassword);
  if (input.password !== input.confirmPassword) return problem('confirmPassword', SIGN_UP_MESSAGES.passwordMismatch);
  return null;
}

/** The profile form's editable text fields. */
export interface ProfileInput {
  fullName?: string | null;
  bio?: string | null;
  city?: string | null;
}

const tooLong = (value: string | null | undefined, max: number): boolean => Array.from(value ?? '').length > max;

/** The first problem of the profile form (full name 50, bio 200, city 30), or null. */
export function validateProfileInput(input: ProfileInput): FieldProblem | null {
  if (tooLong(input.fullName, PROFILE_LIMITS.fullNameMax)) return problem('fullName', PROFILE_MESSAGES.fullNameTooLong);
  if (tooLong(input.bio, PROFILE_LIMITS.bioMax)) return problem('bio', PROFILE_MESSAGES.bioTooLong);
  if (tooLong(input.city, PROFILE_LIMITS.cityMax)) return problem('city', PROFILE_MESSAGES.cityTooLong);
  return null;
}

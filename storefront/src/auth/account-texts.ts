import {
  ACCOUNT_PAGE_TEXTS,
  AUTH_ACTION_MESSAGES,
  FORGOT_PASSWORD_MESSAGES,
  SIGN_IN_MESSAGES,
  SIGN_UP_MESSAGES,
  VERIFICATION_MESSAGES,
  type PopupMessage,
} from '@mandi/domain';
import { useCallback } from 'react';
import { useT } from '../i18n/i18n';
import { usePopup } from '../ui/confirm-dialog';

const USERNAME = ACCOUNT_PAGE_TEXTS.username;
const VERIFY = AUTH_ACTION_MESSAGES.verifyEmail;
const RESET = AUTH_ACTION_MESSAGES.resetPassword;

/**
 * The account messages of @mandi/domain (the spec's texts) and their catalogue keys. The domain's form checks, the
 * Firebase error mapping and the API answer in these English texts, and the pages keep them as they come (they
 * compare them, e.g. 'wrong password' shows the forgot-password link); useAccountText shows one in the reader's
 * language. auth.catalogue.test.ts pins each key's English to its constant.
 */
export const ACCOUNT_TEXT_KEYS: readonly (readonly [key: string, english: string])[] = [
  ['auth.signIn.missingFields.title', SIGN_IN_MESSAGES.missingFields.title],
  ['auth.signIn.missingFields.text', SIGN_IN_MESSAGES.missingFields.text],
  ['auth.signIn.suspended.title', SIGN_IN_MESSAGES.accountSuspended.title],
  ['auth.signIn.suspended.text', SIGN_IN_MESSAGES.accountSuspended.text],
  ['auth.signIn.unverified.title', SIGN_IN_MESSAGES.unverifiedAccount.title],
  ['auth.signIn.unverified.text', SIGN_IN_MESSAGES.unverifiedAccount.text],
  ['auth.signIn.wrongPassword', SIGN_IN_MESSAGES.wrongPassword],
  ['auth.signIn.noAccount', SIGN_IN_MESSAGES.noAccount],
  ['auth.signIn.accountDisabled', SIGN_IN_MESSAGES.accountDisabled],
  ['auth.invalidEmail', SIGN_IN_MESSAGES.invalidEmail],
  ['auth.signIn.fallback', SIGN_IN_MESSAGES.fallback],
  ['auth.signIn.emailVerified', ACCOUNT_PAGE_TEXTS.emailVerified],
  ['auth.signIn.passwordChanged', ACCOUNT_PAGE_TEXTS.passwordChanged],
  ['auth.signUp.incompleteForm.title', SIGN_UP_MESSAGES.incompleteForm.title],
  ['auth.signUp.incompleteForm.text', SIGN_UP_MESSAGES.incompleteForm.text],
  ['auth.signUp.invalidUsername.title', SIGN_UP_MESSAGES.invalidUsername.title],
  ['auth.signUp.invalidUsername.text', SIGN_UP_MESSAGES.invalidUsername.text],
  ['auth.signUp.usernameTaken.title', SIGN_UP_MESSAGES.usernameTaken.title],
  ['auth.signUp.usernameTaken.text', SIGN_UP_MESSAGES.usernameTaken.text],
  ['auth.signUp.passwordMismatch.title', SIGN_UP_MESSAGES.passwordMismatch.title],
  ['auth.signUp.passwordMismatch.text', SIGN_UP_MESSAGES.passwordMismatch.text],
  ['auth.signUp.failed.title', SIGN_UP_MESSAGES.signupFailed.title],
  ['auth.signUp.failed.text', SIGN_UP_MESSAGES.signupFailed.text],
  ['auth.signUp.emailInUse', SIGN_UP_MESSAGES.emailInUse],
  ['auth.signUp.accountExists', SIGN_UP_MESSAGES.accountExists],
  ['auth.username.short', USERNAME.short],
  ['auth.username.invalid', USERNAME.invalid],
  ['auth.username.valid', USERNAME.valid],
  ['auth.username.checking', USERNAME.checking],
  ['auth.username.available', USERNAME.available],
  ['auth.username.taken', USERNAME.taken],
  ['auth.weakPassword', ACCOUNT_PAGE_TEXTS.weakPassword],
  ['auth.google.continue', ACCOUNT_PAGE_TEXTS.continueWithGoogle],
  ['auth.returningToSignIn', ACCOUNT_PAGE_TEXTS.returningToSignIn],
  ['auth.verify.timeout.title', VERIFICATION_MESSAGES.timeout.title],
  ['auth.verify.timeout.text', VERIFICATION_MESSAGES.timeout.text],
  ['auth.verify.somethingWentWrong.title', VERIFICATION_MESSAGES.somethingWentWrong.title],
  ['auth.verify.somethingWentWrong.text', VERIFICATION_MESSAGES.somethingWentWrong.text],
  ['auth.verify.saveFailed.title', VERIFICATION_MESSAGES.saveFailed.title],
  ['auth.verify.saveFailed.text', VERIFICATION_MESSAGES.saveFailed.text],
  ['auth.verify.emailNotVerified', VERIFICATION_MESSAGES.emailNotVerified],
  ['auth.forgot.fallback', FORGOT_PASSWORD_MESSAGES.fallback],
  ['auth.forgot.sent', FORGOT_PASSWORD_MESSAGES.sent],
  ['auth.forgot.tooSoon', FORGOT_PASSWORD_MESSAGES.tooSoon],
  ['auth.action.invalidLink.title', AUTH_ACTION_MESSAGES.invalidLink.title],
  ['auth.action.invalidLink.text', AUTH_ACTION_MESSAGES.invalidLink.text],
  ['auth.action.expired.title', VERIFY.expired.title],
  ['auth.action.verify.checking', VERIFY.checking],
  ['auth.action.verify.verified', VERIFY.verified],
  ['auth.action.verify.nextStep', VERIFY.nextStep],
  ['auth.action.verify.expired', VERIFY.expired.text],
  ['auth.action.verify.failed.title', VERIFY.failed.title],
  ['auth.action.verify.failed.text', VERIFY.failed.text],
  ['auth.action.reset.checking', RESET.checking],
  ['auth.action.reset.passwordHint', RESET.passwordHint],
  ['auth.action.reset.missingPasswords', RESET.missingPasswords],
  ['auth.action.reset.changed', RESET.changed],
  ['auth.action.reset.expired', RESET.expired.text],
  ['auth.action.reset.failed.title', RESET.failed.title],
  ['auth.action.reset.checkFailed', RESET.checkFailed.text],
  ['auth.action.reset.failed.text', RESET.failed.text],
];

const keyOf = new Map(ACCOUNT_TEXT_KEYS.map(([key, english]) => [english, key]));

/**
 * Shows an account text in the reader's language: a domain message by its catalogue key, anything else as a text
 * the API sent (translated when the catalogues know it, else as the server wrote it).
 */
export function useAccountText(): (english: string) => string {
  const { t, serverText } = useT();
  return useCallback(
    (english: string) => {
      const key = keyOf.get(english);
      return key ? t(key) : serverText(english);
    },
    [t, serverText],
  );
}

/** The shared popup for account messages: its title and text shown in the reader's language. */
export function useAccountPopup(): (message: PopupMessage) => Promise<boolean> {
  const popup = usePopup();
  const text = useAccountText();
  return useCallback(
    (message: PopupMessage) => popup({ title: text(message.title), text: text(message.text) }),
    [popup, text],
  );
}

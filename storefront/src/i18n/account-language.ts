import type { Language } from '@mandi/domain';
import { useEffect, useRef } from 'react';
import { api } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { onLanguageSwitch, useLanguage } from './i18n';

/*
 * The signed-in user's language on the server (users.language), which the worker writes their mails and prints their
 * invoices in (issue 18). The browser's choice is the truth (the cookie); the account follows it: when the visitor
 * switches, and once after sign-in when the account may not know it yet.
 */

/** Where this browser remembers the language it last saved for an account (by its Firebase uid). */
const SAVED_KEY = 'mandi.accountLanguage.';

function lastSaved(uid: string): string | null {
  try {
    return localStorage.getItem(SAVED_KEY + uid);
  } catch {
    return null;
  }
}

function rememberSaved(uid: string, language: Language): void {
  try {
    localStorage.setItem(SAVED_KEY + uid, language);
  } catch {
    // Storage can be unavailable (private mode, quota): the next sign-in saves the language again, which is harmless.
  }
}

/** The setAccountLanguage route, in the background: no overlay, and a failure only means the next sign-in tries again. */
async function saveAccountLanguage(uid: string, language: Language): Promise<void> {
  try {
    await api('setAccountLanguage', { body: { language }, auth: true, silent: true });
    rememberSaved(uid, language);
  } catch {
    // Offline, or signed out meanwhile: the mails stay in the language saved before.
  }
}

/**
 * Keeps the signed-in account's language (the one of its mails and invoices) the storefront's: saves it when the
 * visitor switches language, and once after sign-in when it is Hindi, or English where this browser last saved
 * another language for the account (English is the account's default). Call once, inside the app's providers (the layout).
 */
export function useSaveAccountLanguage(): void {
  const { user, userId } = useAuth();
  const { language } = useLanguage();
  // The account the API knows (userId is read after sign-in): a Firebase user still signing up has none to save to.
  const uid = user && userId ? user.uid : null;
  const account = useRef(uid);
  account.current = uid;

  useEffect(
    () =>
      onLanguageSwitch((next) => {
        if (account.current) void saveAccountLanguage(account.current, next);
      }),
    [],
  );

  // Once per sign-in on this page, with the language of that moment: later switches are the listener's.
  const current = useRef(language);
  current.current = language;
  const synced = useRef<string | null>(null);
  useEffect(() => {
    if (!uid) {
      synced.current = null;
      return;
    }
    // StrictMode runs an effect twice: one save per sign-in.
    if (synced.current === uid) return;
    synced.current = uid;
    const now = current.current;
    // Hindi is saved at every sign-in (the account may have been switched elsewhere); English only when this browser
    // saved something else before, since an account starts in English and most visitors never switch.
    if (now !== 'en' || (lastSaved(uid) ?? 'en') !== now) void saveAccountLanguage(uid, now);
  }, [uid]);
}

import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_LOCALES,
  pickLanguage,
  readCookie,
  type Language,
  type LanguageLocale,
} from '@mandi/domain';
import { formatPrice } from '../products/price';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/*
 * The storefront's texts come from message catalogues (src/i18n/catalogues/<language>/<area>.json, ICU messages
 * compiled at build time by vite-catalogues.ts), rendered by Lingui. Each language is its own chunk, loaded only when
 * it is chosen; English is the spec's text word for word.
 */

/*
 * Each language's catalogue comes in two chunks (vite-catalogues.ts): 'start', what the first screen says, loaded
 * before the app starts; 'rest', every other text, loaded with the first page that is not the home page.
 */
const startLoaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:catalogue/en-start'),
  hi: () => import('virtual:catalogue/hi-start'),
};
const restLoaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:catalogue/en-rest'),
  hi: () => import('virtual:catalogue/hi-rest'),
};

/** Fetches the start of one language's catalogue (its own chunk). */
export async function loadCatalogue(language: Language): Promise<Messages> {
  return (await startLoaders[language]()).default;
}

/** The app's Lingui instance in the browser, which pages load the rest of the texts into; none in tests. */
let appI18n: I18n | null = null;
/** The languages whose rest is in appI18n; once a page other than home has been opened, every language needs it. */
const restLoaded = new Set<Language>();
let restWanted = false;

/** Makes `i18n` the instance the pages' texts are loaded into (main.tsx). */
export function setPageTextsTarget(i18n: I18n): void {
  appI18n = i18n;
}

/** The rest of `language`'s texts when the app needs them and does not have them yet, else nothing to add. */
async function missingRest(i18n: I18n, language: Language): Promise<Messages> {
  if (!restWanted || i18n !== appI18n || restLoaded.has(language)) return {};
  const messages = (await restLoaders[language]()).default;
  restLoaded.add(language);
  return messages;
}

/**
 * Loads the rest of the current language's texts into the app before a page is shown (app-routes.tsx wraps every
 * lazily loaded page with it, so the page's chunk and its texts download side by side).
 */
export async function loadPageTexts(): Promise<void> {
  restWanted = true;
  if (!appI18n) return;
  const language = appI18n.locale as Language;
  const rest = await missingRest(appI18n, language);
  // Loading tells every text to render again: only when there is something new.
  if (Object.keys(rest).length > 0) appI18n.load(language, rest);
}

/** A Lingui instance speaking `language` with its compiled `messages` (copied: Lingui merges later loads into it). */
export function createI18n(language: Language, messages: Messages): I18n {
  return setupI18n({
    locale: language,
    locales: [LANGUAGE_LOCALES[language]],
    messages: { [language]: { ...messages } },
  });
}

/** The language a browser should show: the saved choice, else the browser's own languages (first visit). */
export function browserLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  return pickLanguage(readCookie(document.cookie, LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);
}

/** Remembers the choice for the browser and for the server's rendering of the home page. */
function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
  document.documentElement.lang = LANGUAGE_LOCALES[language];
}

interface LanguageState {
  language: Language;
  /** Loads the language's catalogue, then shows every text in it and remembers the choice. */
  setLanguage(language: Language): Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** Listeners told when the visitor switches language (the account saves it for mails). */
const switchListeners = new Set<(language: Language) => void>();
export function onLanguageSwitch(listener: (language: Language) => void): () => void {
  switchListeners.add(listener);
  return () => switchListeners.delete(listener);
}

/** Provides the texts of `i18n`'s language to the app, and the switch between languages. */
export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [language, setCurrent] = useState<Language>(i18n.locale as Language);
  const setLanguage = useCallback(
    async (next: Language) => {
      const [start, rest] = await Promise.all([loadCatalogue(next), missingRest(i18n, next)]);
      i18n.loadAndActivate({ locale: next, locales: [LANGUAGE_LOCALES[next]], messages: { ...start, ...rest } });
      rememberLanguage(next);
      setCurrent(next);
      for (const listener of switchListeners) listener(next);
    },
    [i18n],
  );
  const state = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <LanguageContext.Provider value={state}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage needs a LanguageProvider');
  return state;
}

/** The key prefix of a server's text in the catalogues (see Translator.serverText). */
const SERVER_TEXT = 'server:';

/** Values an ICU message is filled with. */
export type MessageValues = Record<string, string | number | Date | undefined | null>;

export interface Translator {
  /** The text of catalogue key `id` in the current language, its ICU placeholders and plurals filled from `values`. */
  t(id: string, values?: MessageValues): string;
  language: Language;
  /** en-IN or hi-IN: the locale numbers and dates are written in. */
  locale: LanguageLocale;
  /** A rupee amount the API sent (rupees), with the sign and Indian grouping; '—' when there is none. */
  rupees(rupees: number | string | null | undefined): string;
  /** A count with Indian grouping (1,23,456). */
  number(value: number): string;
  /**
   * A text the API sent (an error's `message`) in the current language: the catalogues translate the server's known
   * texts under the key 'server:' + the exact English text; any other text is shown as the server wrote it.
   */
  serverText(text: string): string;
}

/** The current language's texts and formats, for components. */
export function useT(): Translator {
  const { i18n } = useLingui();
  const locale = LANGUAGE_LOCALES[i18n.locale as Language] ?? 'en-IN';
  // A new object on each switch, so memoised components that read texts re-render.
  return useMemo(() => translatorFor(i18n, locale), [i18n, i18n.locale, locale]);
}

function translatorFor(i18n: I18n, locale: LanguageLocale): Translator {
  const numberFormat = new Intl.NumberFormat(locale);
  return {
    t: (id, values) => i18n._(id, values as Record<string, unknown> | undefined),
    language: i18n.locale as Language,
    locale,
    rupees: (rupees) => formatPrice(rupees, locale),
    number: (value) => numberFormat.format(value),
    serverText: (text) =>
      i18n.messages[`${SERVER_TEXT}${text}`] === undefined ? text : i18n._(`${SERVER_TEXT}${text}`),
  };
}

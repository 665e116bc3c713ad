import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import {
  DEFAULT_LANGUAGE,
  formatInvoiceDate,
  formatRupees,
  INDIA_TIME_ZONE,
  indiaDateParts,
  LANGUAGE_LOCALES,
  LANGUAGES,
  type Language,
  type Paise,
  type LanguageLocale,
} from '@mandi/domain';

/** Values an ICU message is filled with. */
export type MessageValues = Readonly<Record<string, unknown>>;

/**
 * The texts and formats of one language, for the worker's mails and documents (the storefront's Translator is its
 * browser twin): catalogue messages, and dates, times and rupee amounts in en-IN or hi-IN.
 */
export interface Translator {
  readonly language: Language;
  /** en-IN or hi-IN. */
  readonly locale: LanguageLocale;
  /**
   * The message `id` with its ICU placeholders and plurals filled from `values`. Strict, as the templates are: an
   * unknown key or a value the message names but `values` lacks is an error, never a blank in someone's mailbox.
   */
  t(id: string, values?: MessageValues): string;
  /** Paise with the rupee sign and Indian grouping: '₹1,05,208.50'. */
  rupees(paise: Paise): string;
  /** A day on an Indian clock: '24 Nov 2026' in English (as invoices print it), '24 नवंबर 2026' in Hindi. */
  date(date: Date): string;
  /** An instant on an Indian clock: '24 Nov 2026, 6:05 pm IST', '24 नवंबर 2026, शाम 6:05 IST'. */
  time(date: Date): string;
}

/** Every message of one language in `dir`: its `<language>/*.json` area files merged, a key defined twice being an error. */
export function readCatalogue(dir: URL, language: string): Record<string, string> {
  const folder = new URL(`${language}/`, dir);
  if (!existsSync(folder)) throw new Error(`No ${language} catalogue in ${dir.pathname}`);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const area = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Record<string, string>;
    for (const [key, message] of Object.entries(area)) {
      if (key in messages) throw new Error(`catalogue ${language}: '${key}' is defined twice (${file})`);
      messages[key] = message;
    }
  }
  return messages;
}

/** The names a compiled message fills in: its arguments and the subjects of its plurals and selects. */
export function messageArguments(message: CompiledMessage): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      const choices = token[2];
      if (choices && typeof choices === 'object') {
        for (const [key, choice] of Object.entries(choices))
          if (key !== 'offset' && Array.isArray(choice)) walk(choice as CompiledMessage);
      }
    }
  };
  walk(message);
  return [...names].sort();
}

/** A language's messages, compiled. */
interface CompiledCatalogue {
  i18n: I18n;
  /** The arguments each message needs. */
  needs: Map<string, string[]>;
}

/**
 * The message catalogues of a folder (`<dir>/<language>/<area>.json`, flat ICU JSON in the storefront's format), read
 * and compiled by Lingui's own ICU compiler once, when made (the worker's start): a message that is not valid ICU, or
 * a missing language, stops the start rather than a mail.
 */
export class MessageCatalogues {
  private readonly compiled = new Map<Language, CompiledCatalogue>();

  constructor(
    readonly dir: URL,
    languages: readonly Language[] = LANGUAGES,
  ) {
    if (!dir.pathname.endsWith('/')) throw new Error(`Catalogue folder must end with '/': ${dir.href}`);
    for (const language of languages) this.compiled.set(language, compile(dir, language));
  }

  /** The texts and formats of `language`. */
  translator(language: Language = DEFAULT_LANGUAGE): Translator {
    const catalogue = this.compiled.get(language);
    if (!catalogue) throw new Error(`No ${language} catalogue in ${this.dir.pathname}`);
    return translatorOf(language, catalogue);
  }
}

function compile(dir: URL, language: Language): CompiledCatalogue {
  const messages: Record<string, CompiledMessage> = {};
  const needs = new Map<string, string[]>();
  for (const [key, message] of Object.entries(readCatalogue(dir, language))) {
    try {
      messages[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`catalogue ${language}: '${key}' is not a valid ICU message: ${(error as Error).message}`, {
        cause: error,
      });
    }
    needs.set(key, messageArguments(messages[key]));
  }
  const i18n = setupI18n({
    locale: language,
    locales: [LANGUAGE_LOCALES[language]],
    messages: { [language]: messages },
  });
  return { i18n, needs };
}

const hindiDate = new Intl.DateTimeFormat('hi-IN', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
});
const hindiClock = new Intl.DateTimeFormat('hi-IN', {
  hour: 'numeric',
  minute: '2-digit',
  dayPeriod: 'short',
  timeZone: INDIA_TIME_ZONE,
});

/** English times as the order mails have always printed them: a 12-hour clock with 'am' / 'pm'. */
function englishTime(date: Date): string {
  const { hour, minute } = indiaDateParts(date);
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
  return `${formatInvoiceDate(date)}, ${clock} IST`;
}

function translatorOf(language: Language, { i18n, needs }: CompiledCatalogue): Translator {
  const locale = LANGUAGE_LOCALES[language];
  const hindi = language === 'hi';
  return {
    language,
    locale,
    t(id, values = {}) {
      const wanted = needs.get(id);
      if (!wanted) throw new Error(`catalogue ${language}: no message '${id}'`);
      const missing = wanted.filter((name) => values[name] === undefined || values[name] === null);
      if (missing.length > 0) throw new Error(`catalogue ${language}: message '${id}' needs ${missing.join(', ')}`);
      return i18n._(id, values as Record<string, unknown>);
    },
    rupees: (paise) => formatRupees(paise, locale),
    date: (date) => (hindi ? hindiDate.format(date) : formatInvoiceDate(date)),
    // The day period ('सुबह', 'शाम') is the locale's own, from the Intl data.
    time: (date) => (hindi ? `${hindiDate.format(date)}, ${hindiClock.format(date)} IST` : englishTime(date)),
  };
}

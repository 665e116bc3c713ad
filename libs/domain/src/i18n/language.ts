/** The storefront's languages (issue 18): English as the spec writes it, and Hindi. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that remembers a visitor's choice, read by the browser and by the API's server rendering. */
export const LANGUAGE_COOKIE = 'mandi-lang';
/** A year: the choice outlives a session, as a visitor expects of a language switch. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The locale numbers, dates and rupee amounts are written in: Indian grouping (1,23,456) in both. */
export type LanguageLocale = 'en-IN' | 'hi-IN';
export const LANGUAGE_LOCALES: Record<Language, LanguageLocale> = { en: 'en-IN', hi: 'hi-IN' };

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a tag such as 'hi-IN' or 'en', or null for any other language. */
function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/**
 * The language to show: the visitor's saved choice, else the first of the browser's preferred languages (most
 * preferred first) that Mandi speaks, else English. A first visit from a phone set to Hindi is offered Hindi.
 */
export function pickLanguage(saved: string | null | undefined, preferred: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The tags of an Accept-Language header, most preferred first (RFC 9110 section 12.5.4); a tag with q=0 is refused
 * and left out. Bounded: a header of any length is read in one pass over at most its first 32 entries.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries = header
    .split(',', 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0);
  return entries.sort((a, b) => b.weight - a.weight || a.index - b.index).map((entry) => entry.tag);
}

/** The value of one cookie in a Cookie header (or document.cookie), or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

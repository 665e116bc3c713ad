import { MessageCatalogues, type Translator } from '@mandi/mail';

/**
 * The mail templates, apps/worker/templates/mail/, with their catalogues in `catalogues/`. Resolved from this file,
 * which sits two levels below apps/worker in src/ (jest) and in dist/ alike.
 */
export const MAIL_TEMPLATES_DIR = new URL('../../templates/mail/', import.meta.url);

let catalogues: MessageCatalogues | undefined;

/** The mail catalogues (English and Hindi), read and compiled once per process, on first use (the worker's start). */
export function mailCatalogues(): MessageCatalogues {
  catalogues ??= new MessageCatalogues(new URL('catalogues/', MAIL_TEMPLATES_DIR));
  return catalogues;
}

/** The mails' English: subjects and formats asked for without a language, e.g. by tests and the operators' mails. */
export function englishMailTexts(): Translator {
  return mailCatalogues().translator('en');
}

import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@mandi/domain';
import { MessageCatalogues, type Translator } from '@mandi/mail';

/** The invoice labels' catalogues, apps/worker/templates/invoices/catalogues/ (beside the template). */
export const INVOICE_CATALOGUES_DIR = new URL('../../templates/invoices/catalogues/', import.meta.url);

let catalogues: MessageCatalogues | undefined;

/**
 * The labels of a document printed in `language` (English when none is recorded). The catalogues are read and
 * compiled once per process, on first use (the worker's start).
 */
export function invoiceTexts(language: Language | string | undefined = DEFAULT_LANGUAGE): Translator {
  catalogues ??= new MessageCatalogues(INVOICE_CATALOGUES_DIR);
  return catalogues.translator(isLanguage(language) ? language : DEFAULT_LANGUAGE);
}

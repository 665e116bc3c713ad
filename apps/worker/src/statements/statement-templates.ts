import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@mandi/domain';
import { MessageCatalogues, messageData, registerMessageHelpers, type Translator } from '@mandi/mail';
import Handlebars from 'handlebars';
import { invoiceTexts } from '../invoices/invoice-texts.js';
import type { CommissionInvoiceView } from './commission-invoice-document.js';
import type { StatementView } from './statement-document.js';

/**
 * The statement's template and its label catalogues, apps/worker/templates/statements/ (the production image copies
 * the whole templates folder). Resolved from this file, two levels below apps/worker in src/ (jest) and in dist/.
 */
export const STATEMENT_TEMPLATES_DIR = new URL('../../templates/statements/', import.meta.url);
export const STATEMENT_CATALOGUES_DIR = new URL('catalogues/', STATEMENT_TEMPLATES_DIR);

/**
 * The commission invoice's template, beside the invoices' own (templates/invoices/), whose catalogues it shares: a tax
 * invoice reads the same whoever it is to.
 */
export const COMMISSION_INVOICE_TEMPLATE = new URL('../../templates/invoices/commission-invoice.hbs', import.meta.url);

let catalogues: MessageCatalogues | undefined;

/** The statement's labels in `language` (English when none is recorded), compiled once per process. */
export function statementTexts(language: Language | string | undefined = DEFAULT_LANGUAGE): Translator {
  catalogues ??= new MessageCatalogues(STATEMENT_CATALOGUES_DIR);
  return catalogues.translator(isLanguage(language) ? language : DEFAULT_LANGUAGE);
}

/**
 * The statement and commission invoice templates, compiled once (at the worker's start, so a broken template or
 * message stops the start rather than a document). Strict and HTML-escaping, as the invoice template is: a value the
 * template names but the view lacks is an error, and a seller's name or an adjustment's reason cannot become markup.
 */
export class StatementTemplates {
  private readonly statementTemplate: Handlebars.TemplateDelegate<StatementView>;
  private readonly commissionTemplate: Handlebars.TemplateDelegate<CommissionInvoiceView>;

  constructor() {
    statementTexts();
    invoiceTexts();
    const handlebars = Handlebars.create();
    registerMessageHelpers(handlebars);
    const compile = <View>(file: URL) => handlebars.compile<View>(readFileSync(file, 'utf8'), { strict: true });
    this.statementTemplate = compile(new URL('statement.hbs', STATEMENT_TEMPLATES_DIR));
    this.commissionTemplate = compile(COMMISSION_INVOICE_TEMPLATE);
  }

  /** The HTML of a statement, its labels in the view's language. */
  statement(view: StatementView): string {
    return this.statementTemplate(view, messageData(statementTexts(view.language), true));
  }

  /** The HTML of a commission invoice, its labels in the view's language. */
  commissionInvoice(view: CommissionInvoiceView): string {
    return this.commissionTemplate(view, messageData(invoiceTexts(view.language), true));
  }
}

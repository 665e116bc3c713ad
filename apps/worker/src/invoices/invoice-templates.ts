import { readFileSync } from 'node:fs';
import { messageData, registerMessageHelpers } from '@mandi/mail';
import Handlebars from 'handlebars';
import type { DocumentView } from './invoice-document.js';
import { invoiceTexts } from './invoice-texts.js';

/**
 * The invoice template, apps/worker/templates/invoices/document.hbs (beside the mail templates, which the production
 * image copies), with its label catalogues in catalogues/. Resolved from this file, which sits two levels below
 * apps/worker in src/ (jest) and in dist/ alike.
 */
export const INVOICE_TEMPLATE = new URL('../../templates/invoices/document.hbs', import.meta.url);

/**
 * The one template of invoices, bills of supply and credit notes, compiled once. It is strict (a value it names but
 * the view lacks is an error, not a blank on a tax document) and HTML-escapes every value, so a buyer's name cannot
 * become markup. Its labels come from the invoice catalogues, in the language of the view (the document's own).
 */
export class InvoiceTemplates {
  private readonly template: Handlebars.TemplateDelegate<DocumentView>;

  constructor(file: URL = INVOICE_TEMPLATE) {
    // Compiles the label catalogues now, at the worker's start: a broken message stops the start, not a document.
    invoiceTexts();
    const handlebars = Handlebars.create();
    registerMessageHelpers(handlebars);
    this.template = handlebars.compile<DocumentView>(readFileSync(file, 'utf8'), { strict: true });
  }

  /** The HTML of a document. */
  html(view: DocumentView): string {
    return this.template(view, messageData(invoiceTexts(view.language), true));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  commissionMonthStarting,
  DEFAULT_LANGUAGE,
  isLanguage,
  statementFileName,
  statementWeekStarting,
} from '@mandi/domain';
import { Mailer, MailTemplates, type MailAttachment, type SentMail, type Translator } from '@mandi/mail';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import { commissionInvoiceFileName } from './commission-invoice-document.js';
import type { CommissionInvoiceRow } from './commission-invoices.repository.js';
import { monthLabel, periodLabel, statementMailFigures } from './statement-document.js';
import type { SellerParty, UnmailedStatement } from './statements.repository.js';

/** The subject of each mail, in the language of `t` (the mail catalogues'). */
export const STATEMENT_MAIL_SUBJECTS = {
  statement: (week: string, t: Translator) => t.t('mail.subject.statement', { week }),
  commissionInvoice: (number: string, month: string, t: Translator) =>
    t.t('mail.subject.commissionInvoice', { number, month }),
} as const;

/**
 * The seller's mails of the statements sweep (templates seller-statement and commission-invoice in
 * apps/worker/templates/mail/), in their language, through the worker's one Mailer: the week's statement with its PDF
 * and CSV attached, and Mandi's commission invoice with its PDF. Whether a mail is due, and that it is sent once, is
 * the services' part.
 */
@Injectable()
export class StatementMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly templates: MailTemplates,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** The seller dashboard, where a seller sees their sales and payouts. */
  private get dashboardUrl(): string {
    return `${this.config.PUBLIC_URL}/seller-dashboard`;
  }

  /** The seller's statement of a week: its figures in the mail, the PDF and the CSV attached. */
  async sendStatement(seller: SellerParty, statement: UnmailedStatement): Promise<SentMail> {
    const t = this.textsOf(seller);
    const week = periodLabel(t.language, statementWeekStarting(statement.weekStart));
    const attachments = await Promise.all([
      this.file(statement.pdfFileKey, statementFileName(statement.weekStart, 'pdf'), 'application/pdf'),
      this.file(statement.csvFileKey, statementFileName(statement.weekStart, 'csv'), 'text/csv; charset=utf-8'),
    ]);
    const view = {
      username: seller.username,
      week,
      ...statementMailFigures(t, statement.figures),
      link: this.dashboardUrl,
    };
    return this.mailer.send({
      to: seller.email,
      subject: STATEMENT_MAIL_SUBJECTS.statement(week, t),
      ...this.templates.render('seller-statement', view, t),
      attachments,
    });
  }

  /** Mandi's commission invoice of a month, its PDF attached. */
  async sendCommissionInvoice(seller: SellerParty, invoice: CommissionInvoiceRow): Promise<SentMail> {
    const t = this.textsOf(seller);
    const month = monthLabel(t.language, commissionMonthStarting(invoice.monthStart));
    const pdf = await this.file(invoice.pdfFileKey, commissionInvoiceFileName(invoice.number), 'application/pdf');
    const view = {
      username: seller.username,
      month,
      number: invoice.number,
      commission: t.rupees(invoice.commissionPaise),
      gst: t.rupees(invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise),
      total: t.rupees(invoice.totalPaise),
      link: this.dashboardUrl,
    };
    return this.mailer.send({
      to: seller.email,
      subject: STATEMENT_MAIL_SUBJECTS.commissionInvoice(invoice.number, month, t),
      ...this.templates.render('commission-invoice', view, t),
      attachments: [pdf],
    });
  }

  private textsOf(seller: SellerParty): Translator {
    return this.templates.translator(isLanguage(seller.language) ? seller.language : DEFAULT_LANGUAGE);
  }

  /** A stored file as an attachment; a missing one is a store that failed to answer (the next pass tries again). */
  private async file(key: string | null, filename: string, contentType: string): Promise<MailAttachment> {
    const stored = key ? await this.files.get(key) : null;
    if (!stored) throw new Error(`${filename} (${key ?? 'no key'}) is not in the file store`);
    return { filename, content: stored.bytes, contentType };
  }
}

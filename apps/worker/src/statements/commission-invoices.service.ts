import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { PrismaService, SealedText, sellerProfileSealContext } from '@mandi/database';
import {
  commissionInvoiceFigures,
  commissionMonthsClosedBefore,
  DOCUMENT_SEQUENCE_MAX,
  financialYearOf,
} from '@mandi/domain';
import { FILE_STORE, newFileKey, type FileStore } from '@mandi/storage';
import type { Seller } from '../invoices/invoice-document.js';
import { invoiceTexts } from '../invoices/invoice-texts.js';
import { SELLER } from '../invoices/invoices.service.js';
import { PdfRenderer } from '../invoices/pdf-renderer.js';
import { commissionInvoiceView } from './commission-invoice-document.js';
import {
  CommissionInvoicesRepository,
  type CommissionInvoiceDraft,
  type DueMonth,
} from './commission-invoices.repository.js';
import { STATEMENT_CLOCK, type StatementClock } from './statement-clock.js';
import { DUE_BATCH, workDuePeriods } from './due-periods.js';
import { StatementMails } from './statement-mails.js';
import { StatementTemplates } from './statement-templates.js';
import { MAIL_TRANSACTION_OPTIONS } from './statements.service.js';
import { StatementsRepository } from './statements.repository.js';

/** Invoices rendered per pass. */
const BATCH = DUE_BATCH;

/** The folder of a seller's commission invoices in the file store: `commission-invoices/<seller id>/<random>.pdf`. */
export function commissionInvoiceFolder(sellerId: number): string {
  return `commission-invoices/${sellerId}`;
}

/**
 * Mandi's monthly commission invoices to sellers (docs/payouts.md, "Commission invoices"), in three steps that each
 * run may repeat: issue (number and record the invoice of every seller's completed month whose sales carried
 * commission, from the ledger), render (print every recorded invoice without a PDF and record its key, keeping one
 * file), mail (send every rendered invoice not mailed yet, once, as statements are). A worker that dies between the
 * steps leaves a numbered invoice that the next pass renders or mails.
 */
@Injectable()
export class CommissionInvoicesService {
  private readonly logger = new Logger(CommissionInvoicesService.name);
  private readonly sealer: SealedText;

  constructor(
    private readonly prisma: PrismaService,
    private readonly invoices: CommissionInvoicesRepository,
    private readonly sellers: StatementsRepository,
    private readonly templates: StatementTemplates,
    private readonly renderer: PdfRenderer,
    private readonly mails: StatementMails,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(SELLER) private readonly mandi: Seller,
    @Inject(STATEMENT_CLOCK) private readonly clock: StatementClock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sealer = new SealedText(config.SELLER_DATA_KEY);
  }

  /**
   * Issues the invoice of every seller's month due one now, oldest month first and by seller within it (the order
   * they are numbered in); answers how many this run issued. A month that fails is logged and left to the next pass.
   */
  async issueDue(): Promise<number> {
    const closedBefore = commissionMonthsClosedBefore(this.clock());
    return workDuePeriods({
      due: (limit) => this.invoices.dueMonths(closedBefore, limit),
      key: (month) => `${month.sellerId}:${month.monthStart}`,
      work: (month) => this.issue(month),
      logger: this.logger,
      failure: 'commission invoice not issued; the next pass tries again',
    });
  }

  /**
   * Numbers and records the invoice of one seller's month, with the seller's name, address, state and sealed GSTIN
   * copied as they are now; true when this run recorded it, false when the month has one already (or owes none). The
   * series of the issue date's financial year is created on first use, and the recording runs again.
   */
  async issue(month: DueMonth): Promise<boolean> {
    const party = await this.sellers.party(month.sellerId);
    if (!party) throw new Error(`Seller ${month.sellerId} of the ledger is not a user`);
    const figures = commissionInvoiceFigures(month, party.state, this.mandi.state);
    if (!figures) return false;
    const issuedAt = this.clock();
    const year = financialYearOf(issuedAt);
    const draft: CommissionInvoiceDraft = {
      sellerId: month.sellerId,
      monthStart: month.monthStart,
      financialYear: year.startYear,
      label: year.label,
      issuedAt,
      seller: {
        name: party.legalName.slice(0, 100),
        address: party.address ?? '',
        state: party.state ?? this.mandi.state,
        gstinSealed: party.gstinSealed,
      },
      figures,
    };
    return this.prisma.$transaction(async (tx) => {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const recorded = await this.invoices.record(tx, draft);
        if (recorded) {
          this.logger.log({ msg: 'commission invoice issued', ...recorded, sellerId: month.sellerId });
          return true;
        }
        if (await this.invoices.exists(tx, month.sellerId, month.monthStart)) return false;
        const last = await this.invoices.seriesLastValue(tx, year.startYear);
        if (last === null) {
          await this.invoices.openSeries(tx, year.startYear);
          continue;
        }
        if (last >= DOCUMENT_SEQUENCE_MAX)
          throw new Error(
            `The commission invoice series of ${year.label} has used all ${DOCUMENT_SEQUENCE_MAX} numbers`,
          );
        if (attempt > 1) break;
      }
      throw new Error(`The commission invoice of seller ${month.sellerId} for ${month.monthStart} was not recorded`);
    });
  }

  /** Renders every recorded invoice without a PDF; answers how many this run attached. */
  async renderDue(): Promise<number> {
    let rendered = 0;
    for (const id of await this.invoices.unrendered(BATCH)) {
      try {
        if (await this.render(id)) rendered += 1;
      } catch (error) {
        this.logger.error({ msg: 'commission invoice not rendered; the next pass tries again', id, err: error });
      }
    }
    return rendered;
  }

  /**
   * Prints invoice `id` to PDF in the seller's language, stores it and records its key unless another run recorded
   * one first (then this run's file is deleted, so the invoice keeps exactly one). No transaction is open meanwhile.
   */
  async render(id: number): Promise<boolean> {
    const invoice = await this.invoices.invoice(this.prisma, id);
    if (!invoice || invoice.pdfFileKey) return false;
    const party = await this.sellers.party(invoice.sellerId);
    const gstin = invoice.sellerGstinSealed
      ? this.sealer.open(invoice.sellerGstinSealed, sellerProfileSealContext('gstin', invoice.sellerId))
      : null;
    const view = commissionInvoiceView(invoiceTexts(party?.language), this.mandi, invoice, gstin);
    const pdf = await this.renderer.render(this.templates.commissionInvoice(view), view.footer, view.pageOf);
    const key = newFileKey(commissionInvoiceFolder(invoice.sellerId), 'pdf');
    let attached = false;
    try {
      await this.files.put(key, pdf, 'application/pdf');
      attached = await this.invoices.attachPdf(id, key);
    } finally {
      if (!attached) await this.files.delete(key);
    }
    return attached;
  }

  /** Mails every rendered invoice not mailed yet, each once (see StatementsService.mailDue); answers how many. */
  async mailDue(): Promise<number> {
    const skip: number[] = [];
    let mailed = 0;
    for (;;) {
      const outcome = await this.prisma.$transaction(async (tx) => {
        const invoice = await this.invoices.lockUnmailed(tx, skip);
        if (!invoice) return 'none';
        try {
          const party = await this.sellers.party(invoice.sellerId);
          if (!party) throw new Error(`Seller ${invoice.sellerId} is not a user`);
          await this.mails.sendCommissionInvoice(party, invoice);
        } catch (error) {
          skip.push(invoice.id);
          this.logger.error({
            msg: 'commission invoice not mailed; the next pass tries again',
            id: invoice.id,
            err: error,
          });
          return 'failed';
        }
        await this.invoices.markMailed(tx, invoice.id);
        return 'mailed';
      }, MAIL_TRANSACTION_OPTIONS);
      if (outcome === 'none') return mailed;
      if (outcome === 'mailed') mailed += 1;
    }
  }
}

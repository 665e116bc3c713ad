import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { PrismaService, SealedText, sellerProfileSealContext } from '@mandi/database';
import { statementOf, statementWeeksClosedBefore, statementWeekStarting } from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import type { Seller } from '../invoices/invoice-document.js';
import { SELLER } from '../invoices/invoices.service.js';
import { PdfRenderer } from '../invoices/pdf-renderer.js';
import { STATEMENT_CLOCK, type StatementClock } from './statement-clock.js';
import { statementCsv, statementFileKey, statementView } from './statement-document.js';
import { workDuePeriods } from './due-periods.js';
import { StatementMails } from './statement-mails.js';
import { statementTexts, StatementTemplates } from './statement-templates.js';
import { StatementsRepository, type DueWeek, type SellerParty } from './statements.repository.js';

/**
 * How long the transaction that locks a document for its mail may stay open: the mail is sent while its row is
 * locked (under PostgreSQL's minute of idle_in_transaction_session_timeout).
 */
export const MAIL_TRANSACTION_OPTIONS = { maxWait: 20_000, timeout: 45_000 } as const;

/**
 * The sellers' weekly settlement statements (docs/payouts.md, "Statements"). For every seller with ledger activity in
 * a completed India week that has no statement, the statement is worked out from the ledger (libs/domain's
 * statementOf), printed to PDF with the warm Chromium and to CSV, both stored, and recorded; then every recorded
 * statement not mailed yet is mailed to the seller with both files. Every replica runs it: the unique (seller, week)
 * decides which run's files are kept (the others' are deleted, as the invoice render does), and a statement is mailed
 * by the one run that locks its row, which sets mailed_at in the same transaction.
 */
@Injectable()
export class StatementsService {
  private readonly logger = new Logger(StatementsService.name);
  private readonly sealer: SealedText;

  constructor(
    private readonly prisma: PrismaService,
    private readonly statements: StatementsRepository,
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
   * Makes every statement due now; answers how many this run recorded. A week whose statement fails (a render, the
   * store) is logged and left to the next pass, and does not hold up the others.
   */
  async makeDue(): Promise<number> {
    const closedBefore = statementWeeksClosedBefore(this.clock());
    return workDuePeriods({
      due: (limit) => this.statements.dueWeeks(closedBefore, limit),
      key: (week) => `${week.sellerId}:${week.weekStart}`,
      work: (week) => this.make(week),
      logger: this.logger,
      failure: 'statement not made; the next pass tries again',
    });
  }

  /**
   * Makes the statement of one seller's week unless it has one: true when this run recorded it, false when another
   * run did first (its files are then deleted). No transaction is open while Chromium prints.
   */
  async make({ sellerId, weekStart }: DueWeek): Promise<boolean> {
    const party = await this.statements.party(sellerId);
    if (!party) throw new Error(`Seller ${sellerId} of the ledger is not a user`);
    const week = statementWeekStarting(weekStart);
    const [payableBefore, transactions] = await Promise.all([
      this.statements.payableBefore(sellerId, week.from),
      this.statements.weekTransactions(sellerId, week.from, week.until),
    ]);
    const statement = statementOf(payableBefore, transactions);
    const issuedAt = this.clock();
    const t = statementTexts(party.language);
    const view = statementView(t, this.mandi, this.statementSeller(party), week, statement, issuedAt);
    const pdf = await this.renderer.render(this.templates.statement(view), view.footer, view.pageOf);
    const csv = statementCsv(t, statement);
    const pdfFileKey = statementFileKey(sellerId, weekStart, 'pdf');
    const csvFileKey = statementFileKey(sellerId, weekStart, 'csv');
    let recorded: number | null = null;
    try {
      await this.files.put(pdfFileKey, pdf, 'application/pdf');
      await this.files.put(csvFileKey, csv, 'text/csv; charset=utf-8');
      recorded = await this.statements.record(
        { sellerId, weekStart, figures: statement.figures, pdfFileKey, csvFileKey },
        issuedAt,
      );
    } finally {
      if (recorded === null) await Promise.all([this.files.delete(pdfFileKey), this.files.delete(csvFileKey)]);
    }
    if (recorded === null) return false;
    this.logger.log({ msg: 'statement made', sellerId, weekStart, id: recorded, ...statement.figures });
    return true;
  }

  /**
   * Mails every recorded statement not mailed yet, each once: its row is locked while the mail is sent and marked
   * mailed in the same transaction; a row another run holds is skipped. Answers how many this run mailed. A mail
   * that fails is logged and tried again by the next pass. (A worker that dies after the mail left and before the
   * commit sends it again on the next pass: at least once, and once in every other case.)
   */
  async mailDue(): Promise<number> {
    const skip: number[] = [];
    let mailed = 0;
    for (;;) {
      const outcome = await this.prisma.$transaction(async (tx) => {
        const statement = await this.statements.lockUnmailed(tx, skip);
        if (!statement) return 'none';
        try {
          const party = await this.statements.party(statement.sellerId);
          if (!party) throw new Error(`Seller ${statement.sellerId} is not a user`);
          await this.mails.sendStatement(party, statement);
        } catch (error) {
          skip.push(statement.id);
          this.logger.error({ msg: 'statement not mailed; the next pass tries again', id: statement.id, err: error });
          return 'failed';
        }
        await this.statements.markMailed(tx, statement.id);
        return 'mailed';
      }, MAIL_TRANSACTION_OPTIONS);
      if (outcome === 'none') return mailed;
      if (outcome === 'mailed') mailed += 1;
    }
  }

  /** The seller as the statement names them, their GSTIN opened. */
  private statementSeller(party: SellerParty) {
    return {
      sellerId: party.sellerId,
      legalName: party.legalName,
      address: party.address,
      gstin: party.gstinSealed
        ? this.sealer.open(party.gstinSealed, sellerProfileSealContext('gstin', party.sellerId))
        : null,
    };
  }
}

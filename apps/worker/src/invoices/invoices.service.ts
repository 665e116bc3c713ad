import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { PrismaService, SealedText, sellerProfileSealContext, type Transaction } from '@mandi/database';
import { DOCUMENT_SEQUENCE_MAX, financialYearOf, type DocumentKind } from '@mandi/domain';
import { FILE_STORE, newFileKey, type FileStore } from '@mandi/storage';
import { UnrecoverableError } from 'bullmq';
import { documentKinds, type DocumentKinds, type IssueOutcome, type RecordedDocument } from './document-kinds.js';
import {
  DocumentMismatchError,
  mandiSupplier,
  type DocumentView,
  type Seller,
  type Supplier,
} from './invoice-document.js';
import { InvoiceTemplates } from './invoice-templates.js';
import { InvoicesRepository, type DocumentDrafts, type DocumentSlot, type InvoiceRow } from './invoices.repository.js';
import type { JobContext } from '../pipeline/job.handler.js';
import { PdfRenderer } from './pdf-renderer.js';

/** Injection token of the seller printed on documents ({@link sellerFromConfig}). */
export const SELLER = Symbol('SELLER');

/** Injection token of the clock that dates documents (and so picks their financial year); tests set their own. */
export const DOCUMENT_CLOCK = Symbol('DOCUMENT_CLOCK');
/** What {@link DOCUMENT_CLOCK} provides. */
export type DocumentClock = () => Date;

/** The folder of an order's documents in the file store: `invoices/<order id>/<random>.pdf`. */
export function documentFolder(orderId: number): string {
  return `invoices/${orderId}`;
}

/**
 * Issues and renders invoices (or bills of supply) and credit notes, one path for both kinds: what differs between
 * them is data (document-kinds.ts). Issuing records the document with its number (InvoicesRepository); rendering
 * happens in a job of its own, started by the document's 'issued' event, so a worker that dies while printing leaves
 * a numbered document without a PDF, which the retried render job completes. Every step can run twice with the same
 * result.
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger(InvoicesService.name);
  private readonly kinds: DocumentKinds;

  constructor(
    private readonly prisma: PrismaService,
    private readonly repository: InvoicesRepository,
    private readonly templates: InvoiceTemplates,
    private readonly renderer: PdfRenderer,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(SELLER) seller: Seller,
    @Inject(DOCUMENT_CLOCK) private readonly clock: DocumentClock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const mandi = mandiSupplier(seller);
    const sealer = new SealedText(config.SELLER_DATA_KEY);
    this.kinds = documentKinds(repository, {
      mandi,
      officialSellerUid: config.OFFICIAL_SELLER_UID,
      supplierOf: (invoice: InvoiceRow): Supplier =>
        invoice.sellerId === null
          ? mandi
          : {
              name: invoice.supplierName ?? '',
              address: invoice.supplierAddress ?? '',
              state: invoice.supplierState ?? '',
              gstin: invoice.supplierGstinSealed
                ? sealer.open(invoice.supplierGstinSealed, sellerProfileSealContext('gstin', invoice.sellerId))
                : null,
              operator: seller,
            },
    });
  }

  /**
   * Issues the documents of `kind` of an order, once each: the invoices of a paid order (one per supplier), the credit
   * notes reversing each invoice of a cancelled one. A second call records nothing more. In the job's transaction:
   * each number's series stays locked until it commits; series are locked in their key's order, so two jobs never
   * wait on each other's.
   */
  async issue<K extends DocumentKind>(tx: Transaction, kind: K, orderId: number): Promise<IssueOutcome> {
    const order = await this.repository.order(tx, orderId);
    if (!order) return { kind: 'skipped', reason: 'no such order' };
    const steps: DocumentKinds[K] = this.kinds[kind];
    const prepared = await steps.prepare(tx, order, () => this.slot());
    if ('outcome' in prepared) return prepared.outcome;
    const drafts = [...prepared.drafts].sort((a, b) => (a.supplierKey < b.supplierKey ? -1 : 1));
    const recorded: RecordedDocument[] = [];
    for (const draft of drafts) {
      const outcome = await this.record(tx, kind, draft, () => steps.explain(tx, draft));
      if (outcome.kind === 'skipped') return outcome;
      if (outcome.kind === 'recorded') recorded.push(...outcome.documents);
    }
    return { kind: 'recorded', documents: recorded };
  }

  /**
   * Renders and stores the PDF of a document of `kind` that has none yet, then records its key through `finish`, with
   * the document's 'rendered' event (the mails that carry the PDF): no transaction is open while Chromium prints. A
   * PDF that is not recorded (another delivery recorded one first) is deleted, so a document keeps exactly one file
   * and is announced once.
   */
  async render(kind: DocumentKind, id: number, finish: JobContext['finish']): Promise<void> {
    const printable = await this.kinds[kind].printable(this.prisma, id);
    if (!printable) return;
    const key = await this.store(printable.orderId, this.view(printable.view));
    let kept = false;
    try {
      let attached = false;
      kept = (await finish(async (tx) => (attached = await this.repository.attachPdf(tx, kind, id, key)))) && attached;
    } finally {
      if (!kept) await this.files.delete(key);
    }
  }

  /** Prints a document view to PDF with the warm browser. */
  renderPdf(view: DocumentView): Promise<Buffer> {
    return this.renderer.render(this.templates.html(view), view.footer, view.pageOf);
  }

  private view(build: () => DocumentView): DocumentView {
    try {
      return build();
    } catch (error) {
      // The record and the rules disagree (a rule changed after the document was numbered): a person must look.
      if (error instanceof DocumentMismatchError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  private async store(orderId: number, view: DocumentView): Promise<string> {
    const pdf = await this.renderPdf(view);
    const key = newFileKey(documentFolder(orderId), 'pdf');
    await this.files.put(key, pdf, 'application/pdf');
    return key;
  }

  /** The financial year and moment a document issued now gets. */
  private slot(): DocumentSlot {
    const issuedAt = this.clock();
    const { startYear, label } = financialYearOf(issuedAt);
    return { financialYear: startYear, label, issuedAt };
  }

  /**
   * Records a draft (InvoicesRepository.record); when it records nothing, `explain` says why (null: no reason found).
   * The one reason handled here is a supplier's financial year whose series had no row when it ran: the row is created (or was,
   * by a job issuing at the same moment, as the seed's two paid orders do on a first start) and it runs again.
   */
  private async record<K extends DocumentKind>(
    tx: Transaction,
    kind: K,
    draft: DocumentDrafts[K],
    explain: () => Promise<IssueOutcome | null>,
  ): Promise<IssueOutcome> {
    const { financialYear, supplierKey } = draft;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const recorded = await this.repository.record(tx, kind, draft);
      if (recorded) {
        this.logger.log({ msg: `${kind} issued`, id: recorded.id, number: recorded.number, supplier: supplierKey });
        return { kind: 'recorded', documents: [recorded] };
      }
      const reason = await explain();
      if (reason) return reason;
      const last = await this.repository.seriesLastValue(tx, kind, supplierKey, financialYear);
      if (last === null) {
        await this.repository.openSeries(tx, kind, supplierKey, financialYear);
        continue;
      }
      if (last >= DOCUMENT_SEQUENCE_MAX) {
        throw new UnrecoverableError(
          `The ${kind} series of ${supplierKey} in ${financialYear} has used all ${DOCUMENT_SEQUENCE_MAX} numbers`,
        );
      }
      if (attempt > 1) break;
    }
    // Not recorded and no reason found: let the job retry.
    throw new Error(`The ${kind} was not recorded; retrying`);
  }
}

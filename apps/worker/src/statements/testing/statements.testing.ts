import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import {
  createTestDatabase,
  DatabaseModule,
  executeStatement,
  newOrder,
  newSellerProfile,
  newUser,
  Prisma,
  SealedText,
  sellerProfileSealContext,
  type PrismaClient,
  type TestDatabase,
  type User,
} from '@mandi/database';
import { financialYearOf, gstinCheckCharacter, type LedgerLine } from '@mandi/domain';
import { bookLedgerTransaction, type LedgerTransactionDraft } from '@mandi/events';
import { readCapturedMails, type CapturedMail } from '@mandi/mail';
import { FileStoreModule, LocalFileStore } from '@mandi/storage';
import { testWorkerConfig } from '../../accounts/testing/account-jobs.testing.js';
import { WorkerConfigModule } from '../../config/worker-config.module.js';
import { TestClock } from '../../invoices/testing/invoice-jobs.testing.js';
import { STATEMENT_CLOCK } from '../statement-clock.js';
import { StatementsModule } from '../statements.module.js';
import { StatementsSweep } from '../statements.sweep.js';

/** What a statements test file works with; {@link useStatementsWorld} fills it in its beforeAll. */
export interface StatementsWorld {
  db: TestDatabase;
  config: AppConfig;
  app: TestingModule;
  store: LocalFileStore;
  clock: TestClock;
  sweep: StatementsSweep;
  sealer: SealedText;
}

/**
 * The statements module as the worker wires it, on a fresh database, file store and mail capture, with a clock the
 * test moves and the periodic sweep off (the test runs its passes): registers the beforeAll and afterAll.
 */
export function useStatementsWorld(): StatementsWorld {
  const world = { clock: new TestClock() } as StatementsWorld;
  beforeAll(async () => {
    world.db = await createTestDatabase();
    world.config = testWorkerConfig(world.db.url, {
      FILE_STORE_DIR: mkdtempSync(join(tmpdir(), 'mandi-statements-')),
      STATEMENT_SWEEP_MS: '0',
    });
    world.app = await Test.createTestingModule({
      imports: [
        WorkerConfigModule.forRoot(world.config),
        DatabaseModule.forUrl(world.config.DATABASE_URL),
        FileStoreModule,
        StatementsModule,
      ],
    })
      .overrideProvider(STATEMENT_CLOCK)
      .useValue(world.clock.read)
      .compile();
    world.app.useLogger(['error']);
    await world.app.init();
    world.store = new LocalFileStore(world.config.FILE_STORE_DIR);
    world.sweep = world.app.get(StatementsSweep);
    world.sealer = new SealedText(world.config.SELLER_DATA_KEY);
  });
  afterAll(async () => {
    await world.app.close();
    await world.db.drop();
    rmSync(world.config.FILE_STORE_DIR, { recursive: true, force: true });
    rmSync(world.config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
  });
  return world;
}

/**
 * Books `draft` with bookLedgerTransaction as though at `at`: a ledger row is stamped with its column's default
 * (the transaction's start) and can never be changed, so the default is set to `at` for this one transaction (DDL is
 * transactional in PostgreSQL, and each test file has a database of its own).
 */
export async function bookAt(db: PrismaClient, at: Date, draft: LedgerTransactionDraft): Promise<number> {
  return db.$transaction(async (tx) => {
    const column = (value: string) =>
      executeStatement(tx, Prisma.raw(`ALTER TABLE ledger_transactions ALTER COLUMN created_at SET DEFAULT ${value}`));
    await column(`'${at.toISOString()}'::timestamptz`);
    const id = await bookLedgerTransaction(tx, draft);
    // The balance check is deferred to the commit; run it now, since ALTER TABLE refuses pending trigger events.
    await executeStatement(tx, Prisma.sql`SET CONSTRAINTS ALL IMMEDIATE`);
    await column('CURRENT_TIMESTAMP');
    if (id === null) throw new Error(`${draft.sourceKey} was booked already`);
    return id;
  });
}

/** A sale's split as a test books it: what the buyer paid and each deduction, in paise; the net is what is left. */
export interface TestSale {
  grossPaise: number;
  commissionPaise: number;
  commissionGstPaise: number;
  tcsPaise?: number;
  tdsPaise?: number;
  resaleGstPaise?: number;
}

/** The net a seller is owed for `sale`. */
export const netOf = (sale: TestSale): number =>
  sale.grossPaise -
  sale.commissionPaise -
  sale.commissionGstPaise -
  (sale.tcsPaise ?? 0) -
  (sale.tdsPaise ?? 0) -
  (sale.resaleGstPaise ?? 0);

/** The entries of `sale` for `sellerId`, as libs/domain's saleOfDocument books one (zero entries left out). */
export function saleLines(sellerId: number, sale: TestSale): LedgerLine[] {
  const lines: LedgerLine[] = [
    { account: 'buyer_funds', sellerId: null, amountPaise: sale.grossPaise },
    { account: 'seller_payable', sellerId, amountPaise: -netOf(sale) },
    { account: 'commission_revenue', sellerId: null, amountPaise: -sale.commissionPaise },
    { account: 'commission_gst', sellerId: null, amountPaise: -sale.commissionGstPaise },
    { account: 'tcs_payable', sellerId: null, amountPaise: -(sale.tcsPaise ?? 0) },
    { account: 'tds_payable', sellerId: null, amountPaise: -(sale.tdsPaise ?? 0) },
    { account: 'mandi_output_gst', sellerId: null, amountPaise: -(sale.resaleGstPaise ?? 0) },
  ];
  return lines.filter((line) => line.amountPaise !== 0);
}

/** A valid GSTIN of state `code` for a test PAN. */
export function testGstin(code: string, pan: string): string {
  const first14 = `${code}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

/** A seller with an approved business profile in `state`, a GSTIN when given, mailed in `language`. */
export async function newSeller(
  world: StatementsWorld,
  options: { state?: string; language?: string; legalName?: string; gstin?: string | null; approved?: boolean } = {},
): Promise<User> {
  const seller = await newUser(world.db.prisma, { language: options.language ?? 'en' });
  await newSellerProfile(world.db.prisma, seller.id, {
    legalName: options.legalName ?? `Legal name ${seller.id}`,
    pickupState: options.state ?? 'Karnataka',
    status: options.approved === false ? 'pending' : 'approved',
    gstinSealed: options.gstin
      ? Buffer.from(world.sealer.seal(options.gstin, sellerProfileSealContext('gstin', seller.id)))
      : null,
    gstinLast4: options.gstin ? options.gstin.slice(-4) : null,
  });
  return seller;
}

/** An order of the seller's with its invoice numbered `number` (and a credit note when `creditNote` is given). */
export async function invoicedOrder(
  world: StatementsWorld,
  seller: User,
  number: string,
  creditNote?: string,
): Promise<{ orderId: number; invoiceId: number; creditNoteId: number | null }> {
  const db = world.db.prisma;
  const order = await newOrder(db, { paymentMethod: 'cod', status: creditNote ? 'cancelled' : 'delivered' });
  const sequence = Number(number.slice(-6));
  const invoice = await db.invoice.create({
    data: {
      orderId: order.id,
      supplierKey: `seller-${seller.id}`,
      sellerId: seller.id,
      kind: 'tax_invoice',
      number,
      financialYear: 2026,
      sequence,
      placeOfSupply: 'Karnataka',
      taxablePaise: 0,
      exemptPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      shippingPaise: 0,
      totalPaise: order.totalPaise,
    },
  });
  const note = creditNote
    ? await db.creditNote.create({
        data: {
          invoiceId: invoice.id,
          orderId: order.id,
          supplierKey: `seller-${seller.id}`,
          sellerId: seller.id,
          number: creditNote,
          financialYear: 2026,
          sequence: Number(creditNote.slice(-6)),
          reason: 'Order cancelled',
          totalPaise: order.totalPaise,
        },
      })
    : null;
  return { orderId: order.id, invoiceId: invoice.id, creditNoteId: note?.id ?? null };
}

/** Books the sale of an invoiced order at `at`; its ledger transaction's id. */
export function bookSale(
  world: StatementsWorld,
  at: Date,
  seller: User,
  order: { orderId: number; invoiceId: number },
  sale: TestSale,
): Promise<number> {
  return bookAt(world.db.prisma, at, {
    kind: 'sale',
    sourceKey: `invoice:${order.invoiceId}:seller-${seller.id}`,
    orderId: order.orderId,
    sellerId: seller.id,
    invoiceId: order.invoiceId,
    tdsBasePaise: sale.grossPaise,
    financialYear: financialYearOf(at).startYear,
    lines: saleLines(seller.id, sale),
  });
}

/** Books the reversal of a sale by its credit note at `at`. */
export function bookReversal(
  world: StatementsWorld,
  at: Date,
  seller: User,
  order: { orderId: number; invoiceId: number; creditNoteId: number | null },
  sale: TestSale,
): Promise<number> {
  return bookAt(world.db.prisma, at, {
    kind: 'sale_reversal',
    sourceKey: `credit_note:${order.creditNoteId}:seller-${seller.id}`,
    orderId: order.orderId,
    sellerId: seller.id,
    invoiceId: order.invoiceId,
    creditNoteId: order.creditNoteId,
    tdsBasePaise: -sale.grossPaise,
    financialYear: financialYearOf(at).startYear,
    lines: saleLines(seller.id, sale).map((line) => ({ ...line, amountPaise: -line.amountPaise })),
  });
}

/** A payout of a booked sale, transferred as `transferId` and settled with `utr` (when given), booked at `at`. */
export async function bookPayout(
  world: StatementsWorld,
  at: Date,
  seller: User,
  order: { orderId: number },
  saleTransactionId: number,
  amountPaise: number,
  transferId: string,
  utr: string | null,
): Promise<number> {
  const payout = await world.db.prisma.sellerPayout.create({
    data: {
      orderId: order.orderId,
      sellerId: seller.id,
      saleTransactionId,
      amountPaise,
      method: 'direct_transfer',
      status: utr ? 'settled' : 'released',
      razorpayTransferId: transferId,
      utr,
      transferredAt: at,
      settledAt: utr ? at : null,
    },
  });
  await bookAt(world.db.prisma, at, {
    kind: 'payout',
    sourceKey: `payout:${payout.id}:${transferId}`,
    orderId: order.orderId,
    sellerId: seller.id,
    payoutId: payout.id,
    financialYear: financialYearOf(at).startYear,
    lines: [
      { account: 'seller_payable', sellerId: seller.id, amountPaise },
      { account: 'razorpay_balance', sellerId: null, amountPaise: -amountPaise },
    ],
  });
  return payout.id;
}

/** An admin's adjustment of `amountPaise` in the seller's favour (negative: against them), booked at `at`. */
export async function bookAdjustment(
  world: StatementsWorld,
  at: Date,
  seller: User,
  amountPaise: number,
  reason: string,
): Promise<number> {
  const admin = await newUser(world.db.prisma, { role: 'admin' });
  return bookAt(world.db.prisma, at, {
    kind: 'adjustment',
    sourceKey: `adjustment:${seller.id}:${at.getTime()}:${amountPaise}`,
    orderId: null,
    sellerId: seller.id,
    reason,
    createdBy: admin.id,
    financialYear: financialYearOf(at).startYear,
    lines: [
      { account: 'seller_payable', sellerId: seller.id, amountPaise: -amountPaise },
      { account: 'adjustments', sellerId: null, amountPaise },
    ],
  });
}

/** The mails captured for `email`, oldest first. */
export async function mailsTo(world: StatementsWorld, email: string): Promise<CapturedMail[]> {
  return (await readCapturedMails(world.config.MAIL_CAPTURE_DIR, { to: email })).reverse();
}

/** The statement mails captured for `email` (those that carry a statement's files), oldest first. */
export async function statementMailsTo(world: StatementsWorld, email: string): Promise<CapturedMail[]> {
  return (await mailsTo(world, email)).filter((mail) =>
    mail.attachments?.some((file) => file.filename.startsWith('mandi-statement-')),
  );
}

/** The commission invoice mails captured for `email`, oldest first. */
export async function commissionMailsTo(world: StatementsWorld, email: string): Promise<CapturedMail[]> {
  return (await mailsTo(world, email)).filter((mail) =>
    mail.attachments?.some((file) => file.filename.startsWith('COM-')),
  );
}

/** A captured mail's attachments with their bytes. */
export const attachmentsOf = (mail: CapturedMail) =>
  (mail.attachments ?? []).map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') }));

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import { createTestDatabase, DatabaseModule, PrismaService, type TestDatabase } from '@mandi/database';
import { formatDocumentNumber } from '@mandi/domain';
import { eventRoutes, jobs, jobsForEvent } from '@mandi/events';
import { FILE_STORE, FileStoreModule, LocalFileStore } from '@mandi/storage';
import { testWorkerConfig } from '../accounts/testing/account-jobs.testing.js';
import { WorkerConfigModule } from '../config/worker-config.module.js';
import type { JobContext, JobHandler } from '../pipeline/job.handler.js';
import { directJobContext } from '../pipeline/testing/job-context.testing.js';
import { CreditNoteIssueHandler, InvoiceIssueHandler } from './document-issue.handler.js';
import { CreditNoteRenderHandler, InvoiceRenderHandler } from './document-render.handler.js';
import { sellerFromConfig } from './invoice-document.js';
import { InvoicesModule } from './invoices.module.js';
import { DOCUMENT_CLOCK } from './invoices.service.js';
import { orderWith, pdfPageCount, pdfText, TestClock } from './testing/invoice-jobs.testing.js';

// The invoice and credit-note jobs against the real database, a real local file store and a real Chromium.

/** The local store, with a hook that can fail the next write: a worker that dies while storing a PDF. */
class FailingFileStore extends LocalFileStore {
  failNextPut = false;

  override async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (this.failNextPut) {
      this.failNextPut = false;
      throw new Error('worker killed while storing the PDF');
    }
    return super.put(key, bytes, contentType);
  }
}

let db: TestDatabase;
let config: AppConfig;
let app: TestingModule;
let store: FailingFileStore;
let prisma: PrismaService;
const clock = new TestClock();

beforeAll(async () => {
  db = await createTestDatabase();
  config = testWorkerConfig(db.url, { FILE_STORE_DIR: mkdtempSync(join(tmpdir(), 'mandi-invoices-')) });
  store = new FailingFileStore(config.FILE_STORE_DIR);
  app = await Test.createTestingModule({
    imports: [
      WorkerConfigModule.forRoot(config),
      DatabaseModule.forUrl(config.DATABASE_URL),
      FileStoreModule,
      InvoicesModule,
    ],
  })
    .overrideProvider(FILE_STORE)
    .useValue(store)
    .overrideProvider(DOCUMENT_CLOCK)
    .useValue(clock.read)
    .compile();
  app.useLogger(['error']);
  await app.init();
  // The application's client: long transaction waits (TRANSACTION_OPTIONS), as the job runner has.
  prisma = app.get(PrismaService);
});

afterAll(async () => {
  await app.close();
  await db.drop();
  rmSync(config.FILE_STORE_DIR, { recursive: true, force: true });
});

/** Runs a handler as the job runner does (without the processed_events record). */
function run<P>(handler: JobHandler<P>, payload: P): Promise<void> {
  return handler.handle(payload, directJobContext(prisma));
}

const issueInvoice = (orderId: number) => run(app.get(InvoiceIssueHandler), { orderId });
const issueCreditNote = (orderId: number) => run(app.get(CreditNoteIssueHandler), { orderId });
const invoiceOf = (orderId: number) => db.prisma.invoice.findFirst({ where: { orderId } });
const seriesValue = async (kind: 'invoice' | 'credit_note', financialYear = 2026) =>
  (
    await db.prisma.documentSequence.findUnique({
      where: { kind_supplierKey_financialYear: { kind, supplierKey: 'mandi', financialYear } },
    })
  )?.lastValue ?? 0;
const outbox = (type: string, aggregateId: number) =>
  db.prisma.outboxEvent.findMany({ where: { type, aggregateId: String(aggregateId) } });

/** Issues and renders the invoice of an order, as the two jobs do. */
async function invoiced(orderId: number) {
  await issueInvoice(orderId);
  const invoice = (await invoiceOf(orderId))!;
  await run(app.get(InvoiceRenderHandler), { invoiceId: invoice.id, orderId });
  return (await invoiceOf(orderId))!;
}

async function pdfOf(key: string | null): Promise<Buffer> {
  expect(key).toMatch(/^invoices\/\d+\/[0-9a-f]{24}\.pdf$/);
  const file = await store.get(key!);
  expect(file?.contentType).toBe('application/pdf');
  return file!.bytes;
}

describe('the jobs and their routes', () => {
  it('issues the invoice when an order is paid and the credit note when it is cancelled or its invoice issued, on the documents queue', () => {
    expect(jobsForEvent(eventRoutes, 'order.paid')).toContain('invoice.issue');
    expect(jobsForEvent(eventRoutes, 'order.cancelled')).toContain('credit_note.issue');
    // The ledger books each document's sale, and each credit note's reversal (docs/ledger.md).
    expect(jobsForEvent(eventRoutes, 'invoice.issued')).toEqual(['invoice.render', 'credit_note.issue', 'ledger.book']);
    expect(jobsForEvent(eventRoutes, 'credit_note.issued')).toEqual(['credit_note.render', 'ledger.book']);
    for (const name of ['invoice.issue', 'invoice.render', 'credit_note.issue', 'credit_note.render'] as const) {
      expect(jobs[name].queue).toBe('documents');
    }
    expect(jobs['credit_note.issue'].payload.parse({ invoiceId: 4, orderId: 9 })).toEqual({ orderId: 9 });
  });
});

describe('invoice.issue', () => {
  it("numbers and records a paid order's invoice with its GST figures, and publishes invoice.issued, in one go", async () => {
    const order = await orderWith(db.prisma);
    const before = await seriesValue('invoice');

    await issueInvoice(order.id);

    const invoice = (await invoiceOf(order.id))!;
    expect(invoice).toMatchObject({
      kind: 'tax_invoice',
      number: formatDocumentNumber('invoice', '26-27', before + 1),
      financialYear: 2026,
      sequence: before + 1,
      placeOfSupply: 'Karnataka',
      // docs/invoices.md works this order out: 2 x Rs 650 ghee at 5%, 3 x Rs 40 potatoes exempt, Rs 30 shipping.
      taxablePaise: 126_426,
      exemptPaise: 12_254,
      cgstPaise: 3_160,
      sgstPaise: 3_160,
      igstPaise: 0,
      shippingPaise: 3000,
      totalPaise: 145_000,
      issuedAt: clock.now,
      pdfFileKey: null,
    });
    expect(await seriesValue('invoice')).toBe(before + 1);
    const events = await outbox('invoice.issued', invoice.id);
    expect(events.map((event) => event.payload)).toEqual([{ invoiceId: invoice.id, orderId: order.id }]);
  });

  it('changes nothing when it runs again: one invoice, one event, no number used', async () => {
    const order = await orderWith(db.prisma);
    await issueInvoice(order.id);
    const first = await invoiceOf(order.id);
    const series = await seriesValue('invoice');

    await issueInvoice(order.id);
    await Promise.all([issueInvoice(order.id), issueInvoice(order.id)]);

    expect(await db.prisma.invoice.findMany({ where: { orderId: order.id } })).toEqual([first]);
    expect(await seriesValue('invoice')).toBe(series);
    expect(await outbox('invoice.issued', first!.id)).toHaveLength(1);
  });

  it('gives 20 orders paid at once 20 consecutive numbers, with no gap and no duplicate, even with every job delivered twice', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => orderWith(db.prisma)));
    const before = await seriesValue('invoice');

    // 40 runs at once, each in its own transaction: both deliveries of every order race each other and the rest.
    await Promise.all(orders.flatMap((order) => [issueInvoice(order.id), issueInvoice(order.id)]));

    const invoices = await db.prisma.invoice.findMany({ where: { orderId: { in: orders.map((order) => order.id) } } });
    expect(invoices).toHaveLength(20);
    expect(invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => before + 1 + i),
    );
    expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(20);
    expect(await seriesValue('invoice')).toBe(before + 20);
    expect(
      await db.prisma.outboxEvent.count({
        where: { type: 'invoice.issued', aggregateId: { in: invoices.map((i) => String(i.id)) } },
      }),
    ).toBe(20);
  });

  it('uses no number when the transaction that recorded the invoice rolls back: the retry gets that same number', async () => {
    const order = await orderWith(db.prisma);
    const before = await seriesValue('invoice');

    const diesBeforeCommit: JobContext = {
      ...directJobContext(prisma),
      finish: (record) =>
        prisma.$transaction(async (tx) => {
          await record?.(tx);
          throw new Error('worker died before the commit');
        }),
    };
    await expect(app.get(InvoiceIssueHandler).handle({ orderId: order.id }, diesBeforeCommit)).rejects.toThrow(
      'worker died',
    );
    expect(await invoiceOf(order.id)).toBeNull();
    expect(await seriesValue('invoice')).toBe(before);

    await issueInvoice(order.id);
    expect((await invoiceOf(order.id))!.sequence).toBe(before + 1);
  });

  it('issues no invoice for an unpaid or unknown order', async () => {
    const unpaid = await orderWith(db.prisma, { paid: false });
    const before = await seriesValue('invoice');
    await issueInvoice(unpaid.id);
    await issueInvoice(999_999);
    expect(await invoiceOf(unpaid.id)).toBeNull();
    expect(await seriesValue('invoice')).toBe(before);
  });

  it('makes a bill of supply of an order of exempt produce only', async () => {
    const order = await orderWith(db.prisma, {
      lines: [{ name: 'Tamatar 1 kg', unitPaise: 4_000, quantity: 2, ratePercent: 0, hsn: '0702' }],
      shippingPaise: 8850,
    });
    await issueInvoice(order.id);
    expect(await invoiceOf(order.id)).toMatchObject({
      kind: 'bill_of_supply',
      taxablePaise: 0,
      exemptPaise: 16_850,
      cgstPaise: 0,
      totalPaise: 16_850,
    });
  });

  it('numbers by the financial year of the moment of issue in India: 31 March 23:59:59 and 1 April 00:00', async () => {
    const [march, april, later] = await Promise.all([orderWith(db.prisma), orderWith(db.prisma), orderWith(db.prisma)]);
    try {
      clock.now = new Date('2027-03-31T23:59:59+05:30');
      await issueInvoice(march.id);
      clock.now = new Date('2027-03-31T18:30:00Z'); // 1 April 2027, 00:00 in India
      await issueInvoice(april.id);
      await issueInvoice(later.id);
    } finally {
      clock.now = new TestClock().now;
    }
    expect((await invoiceOf(march.id))!.number).toMatch(/^INV\/26-27\/\d{6}$/);
    expect((await invoiceOf(april.id))!).toMatchObject({
      number: 'INV/27-28/000001',
      financialYear: 2027,
      sequence: 1,
    });
    expect((await invoiceOf(later.id))!.number).toBe('INV/27-28/000002');
  });
});

describe('invoice.render', () => {
  it('prints the invoice to a PDF in the file store: seller, buyer, number, HSN, tax split and the total in figures and words', async () => {
    const order = await orderWith(db.prisma, { name: 'मीरा अय्यर' });
    const invoice = await invoiced(order.id);
    const pdf = await pdfOf(invoice.pdfFileKey);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);

    const text = pdfText(pdf);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(invoice.number);
    expect(text).toContain(config.SELLER_LEGAL_NAME);
    expect(text).toContain(`GSTIN ${config.SELLER_GSTIN}`);
    expect(text).toContain('मीरा अय्यर');
    expect(text).toContain('Karnataka (29)');
    expect(text).toMatch(/Desi Ghee 500 ml\s+0405\s+2\s+650\.00\s+1,238\.10\s+5%\s+30\.95\s+30\.95\s+1,300\.00/);
    expect(text).toMatch(/Aloo \(Potato\) 1 kg\s+0710\s+3\s+40\.00\s+120\.00\s+Nil\s+0\.00\s+0\.00\s+120\.00/);
    expect(text).toMatch(/CGST\s+31\.60/);
    expect(text).toMatch(/Total\s+₹1,450\.00/);
    expect(text).toContain('Rupees One Thousand Four Hundred Fifty Only');
  });

  it('prints IGST for a delivery to another state, and a bill of supply without tax columns', async () => {
    const inter = await invoiced((await orderWith(db.prisma, { state: 'Tamil Nadu' })).id);
    const interText = pdfText(await pdfOf(inter.pdfFileKey));
    expect(interText).toContain('Tamil Nadu (33)');
    expect(interText).toMatch(/IGST\s+63\.21/);
    expect(interText).not.toContain('SGST');

    const exempt = await orderWith(db.prisma, {
      lines: [{ name: 'Bhindi 500 g', unitPaise: 3_000, quantity: 1, ratePercent: 0, hsn: '0709' }],
    });
    const bill = await invoiced(exempt.id);
    const billText = pdfText(await pdfOf(bill.pdfFileKey));
    expect(billText).toContain('BILL OF SUPPLY');
    expect(billText).not.toMatch(/SGST|IGST|Taxable value/);
    expect(billText).toMatch(/Total\s+₹60\.00/);
    expect(billText).toContain('Rupees Sixty Only');
  });

  it('after a worker died between recording and storing the PDF, the retried job prints it: one invoice, one PDF, same number', async () => {
    const order = await orderWith(db.prisma);
    await issueInvoice(order.id);
    const recorded = (await invoiceOf(order.id))!;
    store.failNextPut = true;

    await expect(run(app.get(InvoiceRenderHandler), { invoiceId: recorded.id, orderId: order.id })).rejects.toThrow(
      'worker killed',
    );
    expect((await invoiceOf(order.id))!.pdfFileKey).toBeNull();

    // A fresh run, as after a restart; the issue job delivered again changes nothing.
    await issueInvoice(order.id);
    await run(app.get(InvoiceRenderHandler), { invoiceId: recorded.id, orderId: order.id });
    const invoices = await db.prisma.invoice.findMany({ where: { orderId: order.id } });
    expect(invoices).toEqual([{ ...recorded, pdfFileKey: expect.any(String) }]);
    expect(pdfText(await pdfOf(invoices[0]!.pdfFileKey))).toContain(recorded.number);
  });

  it('renders once: a second run keeps the first PDF', async () => {
    const invoice = await invoiced((await orderWith(db.prisma)).id);
    await run(app.get(InvoiceRenderHandler), { invoiceId: invoice.id, orderId: invoice.orderId });
    expect((await invoiceOf(invoice.orderId))!.pdfFileKey).toBe(invoice.pdfFileKey);
  });
});

describe('credit_note.issue and credit_note.render', () => {
  const creditNoteOf = (orderId: number) => db.prisma.creditNote.findFirst({ where: { orderId } });

  it('reverses the invoice of a cancelled order in full, once, naming the invoice, and prints it', async () => {
    const order = await orderWith(db.prisma);
    const invoice = await invoiced(order.id);
    await db.prisma.order.update({
      where: { id: order.id },
      data: { status: 'cancelled', cancelReason: 'Ordered by mistake' },
    });
    const before = await seriesValue('credit_note');

    await issueCreditNote(order.id);
    await Promise.all([issueCreditNote(order.id), issueCreditNote(order.id)]);

    const note = (await creditNoteOf(order.id))!;
    expect(note).toMatchObject({
      invoiceId: invoice.id,
      number: formatDocumentNumber('credit_note', '26-27', before + 1),
      reason: 'Ordered by mistake',
      totalPaise: invoice.totalPaise,
      pdfFileKey: null,
    });
    expect(await db.prisma.creditNote.count({ where: { orderId: order.id } })).toBe(1);
    expect(await seriesValue('credit_note')).toBe(before + 1);
    expect((await outbox('credit_note.issued', note.id)).map((event) => event.payload)).toEqual([
      { creditNoteId: note.id, invoiceId: invoice.id, orderId: order.id },
    ]);

    await run(app.get(CreditNoteRenderHandler), { creditNoteId: note.id, invoiceId: invoice.id, orderId: order.id });
    const text = pdfText(await pdfOf((await creditNoteOf(order.id))!.pdfFileKey));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(note.number);
    expect(text).toMatch(new RegExp(`Against tax invoice\\s+${invoice.number.replaceAll('/', '\\/')}`));
    expect(text).toContain('Reason: Ordered by mistake');
    expect(text).toMatch(/Total credited\s+₹1,450\.00/);
  });

  it('issues none for an order that is not cancelled, or was never invoiced', async () => {
    const invoicedButActive = await orderWith(db.prisma);
    await issueInvoice(invoicedButActive.id);
    const neverPaid = await orderWith(db.prisma, { paid: false, status: 'cancelled' });
    const before = await seriesValue('credit_note');

    await issueCreditNote(invoicedButActive.id);
    await issueCreditNote(neverPaid.id);

    expect(await creditNoteOf(invoicedButActive.id)).toBeNull();
    expect(await creditNoteOf(neverPaid.id)).toBeNull();
    expect(await seriesValue('credit_note')).toBe(before);
  });

  it('issues it when the invoice comes after the cancellation (the job also runs on invoice.issued)', async () => {
    const order = await orderWith(db.prisma, { status: 'cancelled', cancelReason: 'Not confirmed within 8 hours' });
    await issueCreditNote(order.id); // order.cancelled first: no invoice yet, nothing to reverse
    expect(await creditNoteOf(order.id)).toBeNull();

    await issueInvoice(order.id);
    await issueCreditNote(order.id); // invoice.issued
    expect(await creditNoteOf(order.id)).toMatchObject({ reason: 'Not confirmed within 8 hours' });
  });
});

describe('the seller of the configuration', () => {
  it('refuses a GSTIN with a wrong check character or from another state', () => {
    const seller = {
      SELLER_LEGAL_NAME: 'Mandi',
      SELLER_ADDRESS: 'Bengaluru',
      SELLER_STATE: 'Karnataka',
      SELLER_GSTIN: '29AAHCM4321K1ZA',
    };
    expect(sellerFromConfig(seller)).toEqual({
      name: 'Mandi',
      address: 'Bengaluru',
      state: 'Karnataka',
      gstin: '29AAHCM4321K1ZA',
    });
    expect(() => sellerFromConfig({ ...seller, SELLER_GSTIN: '29AAHCM4321K1ZB' })).toThrow(
      /SELLER_GSTIN: .*check character/,
    );
    expect(() => sellerFromConfig({ ...seller, SELLER_STATE: 'Tamil Nadu' })).toThrow(
      /not registered in Tamil Nadu \(state code 33\)/,
    );
    expect(() => sellerFromConfig({ ...seller, SELLER_STATE: 'Atlantis' })).toThrow(/SELLER_STATE/);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import { createTestDatabase, DatabaseModule, PrismaService, type Order, type TestDatabase } from '@mandi/database';
import { readCapturedMails } from '@mandi/mail';
import { FileStoreModule, LocalFileStore } from '@mandi/storage';
import { testWorkerConfig } from '../accounts/testing/account-jobs.testing.js';
import { WorkerConfigModule } from '../config/worker-config.module.js';
import { CreditNoteIssueHandler, InvoiceIssueHandler } from '../invoices/document-issue.handler.js';
import { CreditNoteRenderHandler, InvoiceRenderHandler } from '../invoices/document-render.handler.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { DOCUMENT_CLOCK } from '../invoices/invoices.service.js';
import { orderWith, pdfText, TestClock } from '../invoices/testing/invoice-jobs.testing.js';
import { InvoiceMailHandler, OrderCancelledMailHandler, OrderPlacedMailHandler } from '../mail/order-mail.handlers.js';
import { OrderMailsModule } from '../mail/order-mails.module.js';
import { SellerOrderMailHandler } from '../mail/seller-order-mail.handlers.js';
import type { JobHandler } from '../pipeline/job.handler.js';
import { directJobContext } from '../pipeline/testing/job-context.testing.js';

// Issue 18: a buyer who reads Mandi in Hindi gets the order's mails and its invoice and credit note in Hindi, rendered
// by the worker's real jobs against the real database, file store and Chromium; each seller gets their own mail in
// their own language; a document keeps the language it was issued in.

let db: TestDatabase;
let config: AppConfig;
let app: TestingModule;
let prisma: PrismaService;
let store: LocalFileStore;
const clock = new TestClock();

beforeAll(async () => {
  db = await createTestDatabase();
  config = testWorkerConfig(db.url, { FILE_STORE_DIR: mkdtempSync(join(tmpdir(), 'mandi-hindi-documents-')) });
  app = await Test.createTestingModule({
    imports: [
      WorkerConfigModule.forRoot(config),
      DatabaseModule.forUrl(config.DATABASE_URL),
      FileStoreModule,
      InvoicesModule,
      OrderMailsModule,
    ],
  })
    .overrideProvider(DOCUMENT_CLOCK)
    .useValue(clock.read)
    .compile();
  app.useLogger(['error']);
  await app.init();
  prisma = app.get(PrismaService);
  store = new LocalFileStore(config.FILE_STORE_DIR);
}, 60_000);

afterAll(async () => {
  await app.close();
  await db.drop();
  rmSync(config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
  rmSync(config.FILE_STORE_DIR, { recursive: true, force: true });
});

const run = <P>(handler: { new (...args: never[]): JobHandler<P> }, payload: P, eventType = 'test') =>
  app.get(handler).handle(payload, directJobContext(prisma, { eventType }));
const mailsTo = (email: string) => readCapturedMails(config.MAIL_CAPTURE_DIR, { to: email });
const buyerOf = (order: Order) => db.prisma.user.findUniqueOrThrow({ where: { id: order.userId } });
const speaks = (userId: number, language: 'en' | 'hi') =>
  db.prisma.user.update({ where: { id: userId }, data: { language } });
/** What a reader sees of an HTML body: tags dropped, the entities the templates use read, spaces squeezed. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&middot;', '·')
    .replaceAll('&times;', '×')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');
/**
 * pdftotext's reading of a PDF without its spaces: its -layout spreads a table row over columns, and it reads a gap
 * into some Devanagari clusters whose vowel sign hangs over the next letter ('क्रे डिट'). Compare with {@link bare}.
 */
const pdfWords = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, '');
/** A text as {@link pdfWords} reads it. */
const bare = (text: string) => text.replace(/\s+/g, '');

/** Runs the invoice's two jobs, as order.paid and invoice.issued start them. */
async function invoiceOf(order: Order) {
  await run(InvoiceIssueHandler, { orderId: order.id });
  const invoice = await db.prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
  await run(InvoiceRenderHandler, { invoiceId: invoice.id, orderId: order.id });
  return db.prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
}

/** English words a Hindi document or mail must not fall back to. */
const ENGLISH_LABELS = [
  'Taxable value',
  'Amount in words',
  'Invoice date',
  'Original for recipient',
  'Rupees',
  'Authorised signatory',
];

describe('a buyer who reads Hindi', () => {
  it('gets the order placed mail in Hindi: subject, words, dates and rupees in hi-IN, and the mail declares lang="hi"', async () => {
    const order = await orderWith(db.prisma, { paid: false });
    const buyer = await speaks(order.userId, 'hi');

    await run(OrderPlacedMailHandler, { orderId: order.id }, 'order.placed');

    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toBe(`आपका मंडी ऑर्डर #${order.id} हमें मिल गया है`);
    expect(mail!.html).toMatch(/^<!doctype html>\n<html lang="hi">/);
    const html = visible(mail!.html);
    expect(html).toContain(`नमस्ते ${buyer.username},`);
    expect(html).toContain('आपके ऑर्डर के लिए धन्यवाद');
    expect(html).toContain(` ऑर्डर #${order.id} · `);
    expect(html).toContain(' Desi Ghee 500 ml 2 × ₹650.00 ₹1,300.00 ');
    expect(html).toContain(' सामान की कीमत ₹1,420.00 डिलीवरी और हैंडलिंग शुल्क ₹30.00 कुल ₹1,450.00 ');
    expect(html).toContain(' कैश ऑन डिलीवरी · भुगतान बाकी ऑर्डर पहुँचने पर नकद भुगतान के लिए कृपया ₹1,450.00 तैयार रखें। ');
    expect(html).toMatch(
      /आप इसे \d{2} [^ ]+ 20\d\d, (सुबह|दोपहर|शाम|रात) \d{1,2}:\d{2} IST तक, यानी ऑर्डर देने के 8 घंटे बाद तक, रद्द कर सकते हैं/,
    );
    expect(html).toContain(" 'ऑर्डर रद्द करें' चुनें। ");
    expect(html).toContain('मेरा ऑर्डर देखें');
    expect(mail!.text).toContain(`नमस्ते ${buyer.username},\n\n`);
    expect(mail!.text).toContain(
      'आपका सामान:\n- Desi Ghee 500 ml: 2 x ₹650.00 = ₹1,300.00\n- Aloo (Potato) 1 kg: 3 x ₹40.00 = ₹120.00\n',
    );
    expect(mail!.text).toContain('भुगतान: कैश ऑन डिलीवरी, भुगतान बाकी। ');
    expect(mail!.text).toContain('--\nमंडी: भारतीय किसानों से सीधे, खेत की ताज़ी और जैविक उपज।');
    // Nothing left in English but the names the seller and the buyer wrote.
    for (const english of [
      'Hi ',
      'Your items',
      'Shipping address',
      'Subtotal',
      'Total',
      'View my order',
      'Cash on Delivery',
    ]) {
      expect({ english, found: mail!.html.includes(english) || mail!.text.includes(english) }).toEqual({
        english,
        found: false,
      });
    }
  });

  it('prints the invoice in Hindi, and keeps the language it was issued in when the buyer switches before it is printed', async () => {
    const order = await orderWith(db.prisma, { name: 'मीरा अय्यर' });
    const buyer = await speaks(order.userId, 'hi');
    await run(InvoiceIssueHandler, { orderId: order.id });
    // The buyer switches to English after the invoice is numbered, before (or while) it is printed.
    await speaks(buyer.id, 'en');
    const issued = await db.prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    await run(InvoiceRenderHandler, { invoiceId: issued.id, orderId: order.id });
    const invoice = await db.prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    expect(invoice.language).toBe('hi');

    const text = pdfWords((await store.get(invoice.pdfFileKey!))!.bytes);
    for (const label of [
      'टैक्स इनवॉइस',
      'प्राप्तकर्ता के लिए मूल प्रति',
      'बिल और डिलीवरी का पता',
      'आपूर्ति का स्थान:',
      'इनवॉइस नंबर',
      'विवरण',
      'मात्रा',
      'कर योग्य मूल्य',
      'राशि शब्दों में',
      'कर का सारांश',
      'अधिकृत हस्ताक्षरकर्ता',
    ]) {
      expect({ label, found: text.includes(bare(label)) }).toEqual({ label, found: true });
    }
    expect(text).toContain(bare('रुपये एक हज़ार चार सौ पचास मात्र'));
    expect(text).toContain(bare('मीरा अय्यर'));
    expect(text).toContain('GSTIN');
    expect(text).toContain('HSN');
    expect(text).toContain(invoice.number);
    expect(text).toContain(bare('कुल ₹1,450.00'));
    expect(text).toContain(bare('पेज 1 / 1'));
    for (const english of ENGLISH_LABELS)
      expect({ english, found: text.includes(bare(english)) }).toEqual({ english, found: false });

    // Its mail goes in the language the buyer reads now (English), with the Hindi PDF as it was printed.
    await run(InvoiceMailHandler, { invoiceId: invoice.id, orderId: order.id });
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toBe(`Your invoice ${invoice.number} for Mandi order #${order.id}`);
    expect(pdfWords(Buffer.from(mail!.attachments![0]!.content, 'base64'))).toContain(bare('टैक्स इनवॉइस'));
  }, 60_000);

  it('mails the invoice in Hindi with its Hindi PDF, and the credit note of a cancellation the same way', async () => {
    const order = await orderWith(db.prisma);
    const buyer = await speaks(order.userId, 'hi');
    const invoice = await invoiceOf(order);

    await run(InvoiceMailHandler, { invoiceId: invoice.id, orderId: order.id });
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.subject).toBe(`मंडी ऑर्डर #${order.id} का आपका इनवॉइस ${invoice.number}`);
    expect(visible(mail!.html)).toContain('आपके भुगतान के लिए धन्यवाद। आपका टैक्स इनवॉइस इस मेल के साथ PDF के रूप में लगा है:');
    expect(mail!.attachments!.map((file) => file.filename)).toEqual([`${invoice.number.replaceAll('/', '-')}.pdf`]);

    // Cancelled without a reason: the credit note and the mail say so in Hindi.
    await db.prisma.order.update({ where: { id: order.id }, data: { status: 'cancelled', cancelledAt: new Date() } });
    await run(CreditNoteIssueHandler, { orderId: order.id });
    const issued = await db.prisma.creditNote.findFirstOrThrow({ where: { orderId: order.id } });
    await run(CreditNoteRenderHandler, { creditNoteId: issued.id, invoiceId: invoice.id, orderId: order.id });
    const note = await db.prisma.creditNote.findFirstOrThrow({ where: { orderId: order.id } });
    expect(note).toMatchObject({ language: 'hi', reason: 'Order cancelled' });
    const text = pdfWords((await store.get(note.pdfFileKey!))!.bytes);
    expect(text).toContain(bare('क्रेडिट नोट'));
    expect(text).toContain(bare('कारण: ऑर्डर रद्द किया गया'));
    expect(text).toContain(bare(`संबंधित टैक्स इनवॉइस ${invoice.number}`));
    expect(text).toContain(bare('कुल क्रेडिट ₹1,450.00'));
    for (const english of [...ENGLISH_LABELS, 'Order cancelled', 'Credit Note']) {
      expect({ english, found: text.includes(bare(english)) }).toEqual({ english, found: false });
    }

    await run(OrderCancelledMailHandler, { orderId: order.id }, 'credit_note.rendered');
    const [cancelled] = await mailsTo(buyer.email);
    expect(cancelled!.subject).toBe(`आपका मंडी ऑर्डर #${order.id} रद्द कर दिया गया है`);
    const html = visible(cancelled!.html);
    expect(html).toContain(' कारण: ऑर्डर रद्द किया गया ');
    expect(html).toContain(`क्रेडिट नोट ${note.number} इस मेल के साथ PDF के रूप में लगा है।`);
    expect(html).toContain(' रद्द हुआ सामान ');
  }, 60_000);
});

describe('sellers and buyers in their own languages', () => {
  it("mails each seller what to pack in the seller's language, whatever the buyer reads", async () => {
    const order = await orderWith(db.prisma, { paid: false });
    const buyer = await speaks(order.userId, 'hi');
    const items = await db.prisma.orderItem.findMany({ where: { orderId: order.id }, orderBy: { id: 'asc' } });
    const [first, second] = await Promise.all(
      items.map((item) => db.prisma.user.findUniqueOrThrow({ where: { id: item.sellerId! } })),
    );
    await speaks(first!.id, 'hi');

    await run(SellerOrderMailHandler, { orderId: order.id }, 'order.placed');

    const [hindi] = await mailsTo(first!.email);
    expect(hindi!.subject).toBe(`नया ऑर्डर #${order.id}: कृपया अपने उत्पाद पैक करें`);
    expect(hindi!.html).toContain('<html lang="hi">');
    expect(hindi!.text).toContain('- Desi Ghee 500 ml (1 किलो का एक पैक): 2 x, ₹1,300.00');
    expect(hindi!.text).toContain('2 पैक, कुल कीमत ₹1,300.00');
    expect(hindi!.text).toContain('भुगतान: कैश ऑन डिलीवरी: खरीदार सामान पहुँचने पर भुगतान करेगा।');
    const [english] = await mailsTo(second!.email);
    expect(english!.subject).toBe(`New order #${order.id}: please pack your products`);
    expect(english!.html).toContain('<html lang="en">');
    expect(english!.text).toContain('3 packs, worth ₹120.00');
    expect(await mailsTo(buyer.email)).toEqual([]);
  });

  it("keeps an English buyer's invoice in English, recorded as such", async () => {
    const order = await orderWith(db.prisma);
    expect((await buyerOf(order)).language).toBe('en');
    const invoice = await invoiceOf(order);
    expect(invoice.language).toBe('en');
    const text = pdfWords((await store.get(invoice.pdfFileKey!))!.bytes);
    expect(text).toContain(bare('Tax Invoice'));
    expect(text).toContain(bare('Rupees One Thousand Four Hundred Fifty Only'));
    expect(text).toContain(bare('Page 1 of 1'));
    expect(text).not.toMatch(/[\u0900-\u097F]/);
  }, 60_000);
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import {
  createTestDatabase,
  DatabaseModule,
  newOrder,
  newProduct,
  newUser,
  type Order,
  type TestDatabase,
  type User,
} from '@mandi/database';
import { readCapturedMails, type CapturedMail } from '@mandi/mail';
import { FileStoreModule, LocalFileStore, newFileKey } from '@mandi/storage';
import { TEST_PUBLIC_URL, testWorkerConfig } from '../accounts/testing/account-jobs.testing.js';
import { WorkerConfigModule } from '../config/worker-config.module.js';
import type { JobHandler } from '../pipeline/job.handler.js';
import { directJobContext } from '../pipeline/testing/job-context.testing.js';
import {
  InvoiceMailHandler,
  OrderCancelledMailHandler,
  OrderConfirmedMailHandler,
  OrderDeliveredMailHandler,
  OrderPlacedMailHandler,
  OrderShippedMailHandler,
  RefundProcessedMailHandler,
} from './order-mail.handlers.js';
import { ORDER_MAIL_SUBJECTS } from './order-mails.js';
import { OrderMailsModule } from './order-mails.module.js';
import { SellerOrderCancelledMailHandler, SellerOrderMailHandler } from './seller-order-mail.handlers.js';

// The order mails against the real database, file store and capture transport: who gets which mail at which event,
// what it says (amounts in en-IN rupees, times in India), which PDF it carries, and what a seller never sees.

let db: TestDatabase;
let config: AppConfig;
let app: TestingModule;
let store: LocalFileStore;

beforeAll(async () => {
  db = await createTestDatabase();
  config = testWorkerConfig(db.url, { FILE_STORE_DIR: mkdtempSync(join(tmpdir(), 'mandi-order-mails-files-')) });
  app = await Test.createTestingModule({
    imports: [
      WorkerConfigModule.forRoot(config),
      DatabaseModule.forUrl(config.DATABASE_URL),
      FileStoreModule,
      OrderMailsModule,
    ],
  }).compile();
  await app.init();
  store = new LocalFileStore(config.FILE_STORE_DIR);
});

afterAll(async () => {
  await app.close();
  await db.drop();
  rmSync(config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
  rmSync(config.FILE_STORE_DIR, { recursive: true, force: true });
});

const mailsTo = (email: string) => readCapturedMails(config.MAIL_CAPTURE_DIR, { to: email });
/** Runs a job's handler as the runner does for an event of `eventType` (without the processed_events record). */
const run = <P>(handler: { new (...args: never[]): JobHandler<P> }, payload: P, eventType: string) =>
  app.get(handler).handle(payload, directJobContext(db.prisma, { eventType }));
/** The text of an HTML body with its tags dropped and its spaces squeezed, as a reader sees it. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&times;', '×')
    .replaceAll('&middot;', '·')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');

/** 10:00 in India on 24 November 2026: its window closes at 18:00. */
const PLACED_AT = new Date('2026-11-24T04:30:00.000Z');

interface Shop {
  buyer: User;
  kolar: User;
  kashmir: User;
}

/** A buyer and two sellers: Kolar Farms sells tomatoes, Kashmir Kesar saffron. */
async function shop(): Promise<Shop> {
  const tag = randomBytes(3).toString('hex');
  const [buyer, kolar, kashmir] = await Promise.all([
    newUser(db.prisma, { username: `meera_${tag}` }),
    newUser(db.prisma, { username: `kolar_farms_${tag}` }),
    newUser(db.prisma, { username: `kashmir_kesar_${tag}` }),
  ]);
  return { buyer, kolar, kashmir };
}

/** An order of 3 packs of tomatoes (Rs 40, 1 kg) and 2 of saffron (Rs 52,500, 10 g): Rs 1,05,120 before shipping. */
async function orderOf(people: Shop, overrides: Partial<Order> = {}): Promise<Order> {
  const [tomatoes, saffron] = await Promise.all([
    newProduct(db.prisma, { sellerId: people.kolar.id, name: 'Desi Tamatar', pricePaise: 4_000, weightGrams: 1000 }),
    newProduct(db.prisma, {
      sellerId: people.kashmir.id,
      name: 'Kesar Saffron',
      pricePaise: 5_250_000,
      weightGrams: 10,
    }),
  ]);
  return newOrder(db.prisma, {
    userId: people.buyer.id,
    paymentMethod: 'cod',
    shippingPaise: 8_850,
    createdAt: PLACED_AT,
    lines: [
      { product: tomatoes, quantity: 3 },
      { product: saffron, quantity: 2 },
    ],
    ...overrides,
  });
}

/** The order's invoice and, for a cancelled order, its credit note, as the worker records them, with their PDFs. */
async function documentsOf(order: Order, creditNote = false) {
  const sequence = order.id;
  const pdf = (label: string) => Buffer.from(`%PDF-1.7\n% ${label}\n%%EOF\n`);
  const invoiceKey = newFileKey(`invoices/${order.id}`, 'pdf');
  await store.put(invoiceKey, pdf(`invoice of ${order.id}`), 'application/pdf');
  const invoice = await db.prisma.invoice.create({
    data: {
      orderId: order.id,
      kind: 'tax_invoice',
      number: `INV/26-27/${String(sequence).padStart(6, '0')}`,
      financialYear: 2026,
      sequence,
      placeOfSupply: 'Karnataka',
      taxablePaise: 0,
      exemptPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      shippingPaise: order.shippingPaise,
      totalPaise: order.totalPaise,
      issuedAt: new Date('2026-11-24T06:00:00.000Z'),
      pdfFileKey: invoiceKey,
    },
  });
  if (!creditNote) return { invoice, invoicePdf: pdf(`invoice of ${order.id}`) };
  const noteKey = newFileKey(`invoices/${order.id}`, 'pdf');
  await store.put(noteKey, pdf(`credit note of ${order.id}`), 'application/pdf');
  const note = await db.prisma.creditNote.create({
    data: {
      invoiceId: invoice.id,
      orderId: order.id,
      number: `CN/26-27/${String(sequence).padStart(6, '0')}`,
      financialYear: 2026,
      sequence,
      reason: order.cancelReason ?? 'Order cancelled',
      totalPaise: order.totalPaise,
      issuedAt: new Date('2026-11-25T06:00:00.000Z'),
      pdfFileKey: noteKey,
    },
  });
  return { invoice, note, notePdf: pdf(`credit note of ${order.id}`) };
}

const pdfOf = (mail: CapturedMail) =>
  mail.attachments!.map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') }));

describe("the buyer's order mails", () => {
  it('mails a summary of a new order: its lines and amounts, the address, the payment, and until when it can be cancelled', async () => {
    const people = await shop();
    const order = await orderOf(people);
    await run(OrderPlacedMailHandler, { orderId: order.id }, 'order.placed');

    const mails = await mailsTo(people.buyer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ subject: `Your Mandi order #${order.id} is placed`, from: config.MAIL_FROM });
    expect(mail!.subject).toBe(ORDER_MAIL_SUBJECTS.placed(order.id));
    expect(mail).not.toHaveProperty('attachments');
    expect(mail!.html).toContain('max-width:480px');
    expect(mail!.html).toContain(`<a href="${TEST_PUBLIC_URL}/order/${order.id}" target="_blank"`);
    const html = visible(mail!.html);
    expect(html).toContain(`Order #${order.id} · placed 24 Nov 2026, 10:00 am IST`);
    expect(html).toContain(' Desi Tamatar 3 × ₹40.00 ₹120.00 ');
    expect(html).toContain(' Kesar Saffron 2 × ₹52,500.00 ₹1,05,000.00 ');
    expect(html).toContain(' Subtotal ₹1,05,120.00 Shipping and handling ₹88.50 Total ₹1,05,208.50 ');
    expect(html).toContain(
      ' Asha Rao 12, Residency Apartments, MG Road, Near the metro station Bangalore North, Bengaluru Urban, Karnataka – 560001 Mobile: +91 9876543210 ',
    );
    expect(html).toContain(
      ' Cash on Delivery · Unpaid Please keep ₹1,05,208.50 ready to pay in cash when it arrives. ',
    );
    expect(html).toContain(
      "You can cancel this order until 24 Nov 2026, 6:00 pm IST , 8 hours after you placed it, as long as it is not confirmed yet: open the order and choose 'Cancel Order'.",
    );

    expect(mail!.text).toBe(
      [
        `Hi ${people.buyer.username},`,
        '',
        `Thank you for your order #${order.id}, placed 24 Nov 2026, 10:00 am IST. Once it is confirmed, our sellers pack it fresh for you, and we mail you at every step until it reaches you.`,
        '',
        'Your items:',
        '- Desi Tamatar: 3 x ₹40.00 = ₹120.00',
        '- Kesar Saffron: 2 x ₹52,500.00 = ₹1,05,000.00',
        '',
        'Subtotal: ₹1,05,120.00',
        'Shipping and handling: ₹88.50',
        'Total: ₹1,05,208.50',
        '',
        'Shipping address:',
        'Asha Rao',
        '12, Residency Apartments, MG Road, Near the metro station',
        'Bangalore North, Bengaluru Urban, Karnataka – 560001',
        'Mobile: +91 9876543210',
        '',
        'Payment: Cash on Delivery, Unpaid. Please keep ₹1,05,208.50 ready to pay in cash when it arrives.',
        '',
        "Changed your mind? You can cancel this order until 24 Nov 2026, 6:00 pm IST, 8 hours after you placed it, as long as it is not confirmed yet: open the order and choose 'Cancel Order':",
        '',
        `${TEST_PUBLIC_URL}/order/${order.id}`,
        '',
        '--',
        'Mandi: farm-fresh and organic produce, straight from Indian farmers.',
        '',
      ].join('\n'),
    );
  });

  it('asks for the payment of an online order not paid yet, and says until when it must be paid', async () => {
    const people = await shop();
    const order = await orderOf(people, { paymentMethod: 'online', shippingPaise: 3_000 });
    await run(OrderPlacedMailHandler, { orderId: order.id }, 'order.placed');
    const [mail] = await mailsTo(people.buyer.email);
    expect(visible(mail!.html)).toContain(
      ' Online · Unpaid Complete your online payment of ₹1,05,150.00 on Mandi to confirm the order; an order not paid by 24 Nov 2026, 6:00 pm IST is cancelled. ',
    );
    expect(visible(mail!.html)).toContain(' Shipping ₹30.00 ');
  });

  it('mails each step of the order on its way: confirmed, shipped, delivered', async () => {
    const people = await shop();
    const order = await orderOf(people, { status: 'confirmed' });
    await run(OrderConfirmedMailHandler, { orderId: order.id }, 'order.confirmed');
    await db.prisma.order.update({ where: { id: order.id }, data: { status: 'shipped' } });
    await run(OrderShippedMailHandler, { orderId: order.id }, 'order.shipped');
    await db.prisma.order.update({
      where: { id: order.id },
      data: { status: 'delivered', paymentStatus: 'paid', paidAt: new Date() },
    });
    await run(OrderDeliveredMailHandler, { orderId: order.id }, 'order.delivered');

    const [delivered, shipped, confirmed] = await mailsTo(people.buyer.email);
    expect([confirmed!.subject, shipped!.subject, delivered!.subject]).toEqual([
      `Your Mandi order #${order.id} is confirmed`,
      `Your Mandi order #${order.id} is on its way`,
      `Your Mandi order #${order.id} is delivered`,
    ]);
    expect(visible(confirmed!.html)).toContain('Good news: your order is confirmed. Our sellers are packing it now');
    expect(visible(confirmed!.html)).toContain('Please keep ₹1,05,208.50 ready to pay in cash when it arrives.');
    expect(visible(shipped!.html)).toContain('Your order has left our sellers and is on its way to you.');
    expect(visible(shipped!.html)).toContain(' Asha Rao 12, Residency Apartments');
    expect(visible(delivered!.html)).toContain(' Cash on Delivery · Paid Amount paid: ₹1,05,208.50. ');
    expect(delivered!.text).toContain('Fresh produce cannot be returned once it is delivered.');
    for (const mail of [confirmed, shipped, delivered]) {
      expect(mail!.text).toContain('- Kesar Saffron: 2 x ₹52,500.00 = ₹1,05,000.00');
      expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/order/${order.id}`);
    }
  });

  it('escapes what buyers and sellers typed in the HTML version', async () => {
    const people = await shop();
    const order = await orderOf(people, { addressName: '<img src=x onerror=alert(1)>' });
    await db.prisma.orderItem.updateMany({
      where: { orderId: order.id },
      data: { productName: '<script>alert(1)</script>' },
    });
    await run(OrderPlacedMailHandler, { orderId: order.id }, 'order.placed');
    const [mail] = await mailsTo(people.buyer.email);
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.text).toContain('- <script>alert(1)</script>: 3 x ₹40.00');
  });

  it('tells the buyer of an unpaid order at its cancellation that nothing was charged, with nothing attached', async () => {
    const people = await shop();
    const order = await orderOf(people, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: 'Ordered by <mistake>',
    });
    await run(OrderCancelledMailHandler, { orderId: order.id }, 'order.cancelled');

    const [mail, ...more] = await mailsTo(people.buyer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your Mandi order #${order.id} is cancelled`);
    expect(mail).not.toHaveProperty('attachments');
    expect(mail!.html).toContain('Ordered by &lt;mistake&gt;');
    expect(visible(mail!.html)).toContain('Reason: Ordered by <mistake> Nothing was charged for this order.');
    expect(mail!.text).toContain(
      'Reason: Ordered by <mistake>\n\nNothing was charged for this order.\n\nCancelled items:',
    );
  });

  it('waits for the credit note of a paid order and sends the cancellation with its PDF attached', async () => {
    const people = await shop();
    const paidAt = new Date(PLACED_AT.getTime() + 60_000);
    const order = await orderOf(people, {
      paymentMethod: 'online',
      paymentStatus: 'paid',
      paidAt,
      status: 'cancelled',
      cancelledAt: new Date(paidAt.getTime() + 60_000),
      cancelReason: 'Bought twice',
    });
    await run(OrderCancelledMailHandler, { orderId: order.id }, 'order.cancelled');
    expect(await mailsTo(people.buyer.email)).toEqual([]);

    const { note, notePdf } = await documentsOf(order, true);
    await run(OrderCancelledMailHandler, { orderId: order.id }, 'credit_note.rendered');
    const mails = await mailsTo(people.buyer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Your Mandi order #${order.id} is cancelled`);
    expect(pdfOf(mail!)).toEqual([
      {
        filename: `${note!.number.replaceAll('/', '-')}.pdf`,
        contentType: 'application/pdf',
        size: notePdf!.length,
        content: notePdf,
      },
    ]);
    const html = visible(mail!.html);
    expect(html).toContain('Reason: Bought twice');
    expect(html).toContain(
      `The credit note ${note!.number} of 25 Nov 2026 for ₹1,05,208.50, which cancels invoice INV/26-27/${String(order.id).padStart(6, '0')}, is attached to this mail as a PDF.`,
    );
    expect(html).toContain(
      'The ₹1,05,208.50 you paid online is being refunded to your original payment method; it shows in your account 5–7 business days after the refund is processed',
    );
  });

  it('mails the invoice with its PDF once it is rendered', async () => {
    const people = await shop();
    const order = await orderOf(people, { status: 'delivered', paymentStatus: 'paid', paidAt: new Date() });
    const { invoice, invoicePdf } = await documentsOf(order);
    await run(InvoiceMailHandler, { invoiceId: invoice.id, orderId: order.id }, 'invoice.rendered');

    const [mail] = await mailsTo(people.buyer.email);
    expect(mail!.subject).toBe(`Your invoice ${invoice.number} for Mandi order #${order.id}`);
    expect(pdfOf(mail!)).toEqual([
      {
        filename: `${invoice.number.replaceAll('/', '-')}.pdf`,
        contentType: 'application/pdf',
        size: invoicePdf!.length,
        content: invoicePdf,
      },
    ]);
    expect(visible(mail!.html)).toContain(
      `Your tax invoice is attached to this mail as a PDF: Number ${invoice.number} Date 24 Nov 2026 Amount ₹1,05,208.50`,
    );
    expect(mail!.text).toContain(`Number: ${invoice.number}\nDate: 24 Nov 2026\nAmount: ₹1,05,208.50`);
  });

  it('mails a processed refund with its amount, where it went and its reference; nothing for one still pending', async () => {
    const people = await shop();
    const order = await orderOf(people, {
      paymentMethod: 'online',
      paymentStatus: 'paid',
      paidAt: new Date(),
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    const refundOf = async (status: 'processed' | 'pending') => {
      const payment = await db.prisma.payment.create({
        data: {
          orderId: order.id,
          provider: 'razorpay',
          providerOrderId: `order_${randomBytes(6).toString('hex')}`,
          providerPaymentId: `pay_${randomBytes(6).toString('hex')}`,
          amountPaise: order.totalPaise,
          status: status === 'processed' ? 'refunded' : 'captured',
          method: 'upi',
        },
      });
      return db.prisma.refund.create({
        data: {
          paymentId: payment.id,
          amountPaise: order.totalPaise,
          status,
          providerRefundId: status === 'processed' ? 'rfnd_Mandi7Test' : null,
        },
      });
    };
    const pending = await refundOf('pending');
    await run(
      RefundProcessedMailHandler,
      { refundId: pending.id, paymentId: pending.paymentId, orderId: order.id },
      'refund.processed',
    );
    expect(await mailsTo(people.buyer.email)).toEqual([]);

    const refund = await refundOf('processed');
    await run(
      RefundProcessedMailHandler,
      { refundId: refund.id, paymentId: refund.paymentId, orderId: order.id },
      'refund.processed',
    );
    const [mail] = await mailsTo(people.buyer.email);
    expect(mail!.subject).toBe(`Your refund for Mandi order #${order.id} is processed`);
    expect(visible(mail!.html)).toContain(
      'We have refunded ₹1,05,208.50 for your cancelled order to your original payment method (UPI). Banks usually show it in your account within 5–7 business days. Refund reference: rfnd_Mandi7Test',
    );
  });

  it('mails nobody whose account is deleted, and nothing for an order that is not there', async () => {
    const people = await shop();
    const order = await orderOf(people);
    await db.prisma.user.update({ where: { id: people.buyer.id }, data: { deletedAt: new Date() } });
    await run(OrderPlacedMailHandler, { orderId: order.id }, 'order.placed');
    await run(OrderConfirmedMailHandler, { orderId: order.id }, 'order.confirmed');
    expect(await mailsTo(people.buyer.email)).toEqual([]);
    await expect(run(OrderPlacedMailHandler, { orderId: 99_999_999 }, 'order.placed')).resolves.toBeUndefined();
    await expect(run(SellerOrderMailHandler, { orderId: 99_999_999 }, 'order.placed')).resolves.toBeUndefined();
  });
});

describe("the sellers' mails", () => {
  /** What no seller's mail may show: the buyer's name, username, e-mail, phone and street. */
  const privateParts = (people: Shop) => [
    people.buyer.username,
    people.buyer.email,
    'Asha Rao',
    '9876543210',
    'Residency',
    'MG Road',
    'metro station',
  ];

  it('mails each seller of a cash-on-delivery order what to pack, their lines only, with the district and pincode, at its placing', async () => {
    const people = await shop();
    const order = await orderOf(people);
    await run(SellerOrderMailHandler, { orderId: order.id }, 'order.placed');

    const [kolar] = await mailsTo(people.kolar.email);
    const [kashmir] = await mailsTo(people.kashmir.email);
    expect(kolar!.subject).toBe(`New order #${order.id}: please pack your products`);
    const html = visible(kolar!.html);
    expect(html).toContain(`Hi ${people.kolar.username},`);
    expect(html).toContain('Desi Tamatar 1 kg a pack · ₹120.00 × 3 ');
    expect(html).toContain(' 3 packs, worth ₹120.00 ');
    expect(html).toContain(' Delivery to Bengaluru Urban , PIN code 560001 ');
    expect(html).toContain('Cash on delivery: the buyer pays when it arrives.');
    expect(kolar!.html).toContain(`href="${TEST_PUBLIC_URL}/seller-dashboard"`);
    expect(kolar!.text).toContain(
      '- Desi Tamatar (1 kg a pack): 3 x, ₹120.00\n\n3 packs, worth ₹120.00\n\nDelivery to: Bengaluru Urban, PIN code 560001',
    );
    expect(visible(kashmir!.html)).toContain('Kesar Saffron 10 g a pack · ₹1,05,000.00 × 2 ');
    for (const [mail, other] of [
      [kolar, 'Kesar Saffron'],
      [kashmir, 'Desi Tamatar'],
    ] as const) {
      expect(mail!.html).not.toContain(other);
      expect(mail!.text).not.toContain(other);
      for (const part of privateParts(people)) {
        expect(mail!.html).not.toContain(part);
        expect(mail!.text).not.toContain(part);
      }
    }

    // Marking it paid on delivery sends nothing more: it was theirs to pack from the start.
    await db.prisma.order.update({ where: { id: order.id }, data: { paymentStatus: 'paid', paidAt: new Date() } });
    await run(SellerOrderMailHandler, { orderId: order.id }, 'order.paid');
    expect(await mailsTo(people.kolar.email)).toHaveLength(1);
    expect(await mailsTo(people.kashmir.email)).toHaveLength(1);
  });

  it('mails the sellers of an online order once it is paid, not at its placing, and never for a payment after its cancellation', async () => {
    const people = await shop();
    const order = await orderOf(people, { paymentMethod: 'online', shippingPaise: 3_000 });
    await run(SellerOrderMailHandler, { orderId: order.id }, 'order.placed');
    expect(await mailsTo(people.kolar.email)).toEqual([]);

    await db.prisma.order.update({
      where: { id: order.id },
      data: { paymentStatus: 'paid', paidAt: new Date(), status: 'confirmed' },
    });
    await run(SellerOrderMailHandler, { orderId: order.id }, 'order.paid');
    const [mail] = await mailsTo(people.kolar.email);
    expect(visible(mail!.html)).toContain(' Payment Paid online. ');
    expect(await mailsTo(people.kashmir.email)).toHaveLength(1);

    const late = await shop();
    const cancelledAt = new Date();
    const lateOrder = await orderOf(late, { paymentMethod: 'online', status: 'cancelled', cancelledAt });
    await db.prisma.order.update({
      where: { id: lateOrder.id },
      data: { paymentStatus: 'paid', paidAt: new Date(cancelledAt.getTime() + 1_000) },
    });
    await run(SellerOrderMailHandler, { orderId: lateOrder.id }, 'order.paid');
    await run(SellerOrderCancelledMailHandler, { orderId: lateOrder.id }, 'order.cancelled');
    expect(await mailsTo(late.kolar.email)).toEqual([]);
  });

  it('tells the sellers who were told to pack that the order is cancelled, and skips a deleted seller', async () => {
    const cash = await shop();
    const cashOrder = await orderOf(cash, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: 'Private reason of the buyer',
    });
    await db.prisma.user.update({ where: { id: cash.kashmir.id }, data: { deletedAt: new Date() } });
    await run(SellerOrderCancelledMailHandler, { orderId: cashOrder.id }, 'order.cancelled');
    const [mail, ...more] = await mailsTo(cash.kolar.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Order #${cashOrder.id} is cancelled: do not send your products`);
    expect(visible(mail!.html)).toContain(
      `Order #${cashOrder.id} is cancelled. Please do not pack or send these products for it`,
    );
    expect(visible(mail!.html)).toContain('Desi Tamatar 1 kg a pack · ₹120.00 × 3 ');
    for (const part of [...privateParts(cash), 'Private reason', 'Kesar Saffron'])
      expect(mail!.html).not.toContain(part);
    expect(await mailsTo(cash.kashmir.email)).toEqual([]);

    const paidOnline = await shop();
    const paidAt = new Date(Date.now() - 60_000);
    const paidOrder = await orderOf(paidOnline, {
      paymentMethod: 'online',
      paymentStatus: 'paid',
      paidAt,
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    await run(SellerOrderCancelledMailHandler, { orderId: paidOrder.id }, 'order.cancelled');
    expect(await mailsTo(paidOnline.kolar.email)).toHaveLength(1);
    expect(await mailsTo(paidOnline.kashmir.email)).toHaveLength(1);

    // An online order never paid was never theirs to pack: no mail.
    const unpaid = await shop();
    const unpaidOrder = await orderOf(unpaid, {
      paymentMethod: 'online',
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    await run(SellerOrderCancelledMailHandler, { orderId: unpaidOrder.id }, 'order.cancelled');
    expect(await mailsTo(unpaid.kolar.email)).toEqual([]);
    expect(await mailsTo(unpaid.kashmir.email)).toEqual([]);
  });
});

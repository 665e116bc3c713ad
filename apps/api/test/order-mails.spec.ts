import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { newAddress, newProduct, type Address, type Product } from '@mandi/database';
import { eventRoutes, jobs, jobsForEvent } from '@mandi/events';
import type { CapturedMail } from '@mandi/mail';
import { AppProcess } from '../../../test/faults/support/app-process.js';
import { bearer } from './catalog.testing.js';
import type { ApiHarness, TestUser } from './harness.js';
import { startWorkerJourney, type WorkerJourney } from './worker-journey.testing.js';

// The order mails end to end: the built API and the built worker on one database, Redis prefix, mail capture and file
// store, with the Razorpay sandbox. Orders are placed and moved through the HTTP API as the storefront and the console
// do; the mails are read back from the API's /dev/mail, as a developer (or a Playwright journey) reads them. Every
// mail job is then delivered a second time, and nothing is sent twice.

type Sandbox = WorkerJourney['sandbox'];
/** A captured mail as /dev/mail/messages.json answers it. */
type InboxMail = CapturedMail & { links: string[] };

const PUBLIC_URL = 'https://mandi.example';

let journey: WorkerJourney;
let sandbox: Sandbox;
let api: ApiHarness;
let worker: AppProcess;
let fileDir: string;
let buyer: TestUser;
let admin: TestUser;
let kolar: TestUser;
let kashmir: TestUser;
let address: Address;
let tomatoes: Product;
let saffron: Product;

beforeAll(async () => {
  journey = await startWorkerJourney('order-mails', { PUBLIC_URL });
  ({ api, worker, sandbox, fileDir } = journey);

  [buyer, admin, kolar, kashmir] = await Promise.all([
    api.newUser(),
    api.newUser({ role: 'admin' }),
    api.newUser(),
    api.newUser(),
  ]);
  address = await newAddress(api.db.prisma, {
    userId: buyer.id,
    name: 'Meera Iyer',
    mobile: '9123456780',
    flatHouseBuilding: '4, Lakshmi Nilaya',
    areaOrStreetOrVillage: 'Jayanagar 4th Block',
    landmark: 'Opposite the BDA complex',
    taluk: 'Bangalore South',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560011',
  });
  // Tomatoes from one seller, saffron from another: 3 x Rs 40 (1 kg each) and 1 x Rs 525 (10 g), 3,010 g in all.
  tomatoes = await newProduct(api.db.prisma, {
    sellerId: kolar.id,
    name: 'Desi Tamatar',
    pricePaise: 4_000,
    weightGrams: 1000,
  });
  saffron = await newProduct(api.db.prisma, {
    sellerId: kashmir.id,
    name: 'Kashmiri Kesar',
    pricePaise: 52_500,
    weightGrams: 10,
  });
}, 120_000);

afterAll(() => journey?.stop());

const eventually: WorkerJourney['eventually'] = (check, what, timeoutMs) => journey.eventually(check, what, timeoutMs);

/** The mails to `user` as /dev/mail lists them, newest first. */
async function inbox(user: TestUser): Promise<InboxMail[]> {
  const answer = await api.request({
    method: 'GET',
    url: `/dev/mail/messages.json?to=${encodeURIComponent(user.email)}`,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** The one mail to `user` with `subject`, once it has come. */
const mailTo = (user: TestUser, subject: string) =>
  eventually(async () => (await inbox(user)).find((mail) => mail.subject === subject), `'${subject}' to ${user.email}`);

/** The text of an HTML body as a reader sees it: tags dropped, entities read, spaces squeezed. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&times;', '×')
    .replaceAll('&middot;', '·')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#x3D;', '=')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');

/** The lines of every order, as checkout takes them: 3 packs of tomatoes and 1 of saffron. */
const lines = () => [
  { productId: tomatoes.id, productName: tomatoes.name, quantity: 3, price: 40 },
  { productId: saffron.id, productName: saffron.name, quantity: 1, price: 525 },
];

/** Cash on delivery: 645 + (75 + 3 x 35) x 1.18 = 645 + 212.40. */
async function placeCod(): Promise<number> {
  const placed = await api.request({
    method: 'POST',
    url: '/api/payment/cod',
    headers: bearer(buyer),
    payload: {
      userId: buyer.id,
      addressId: address.id,
      cartItems: lines(),
      billing: { subtotal: 645, shippingCost: 212.4, grandTotal: 857.4 },
    },
  });
  expect([placed.statusCode, placed.body]).toEqual([201, expect.any(String)]);
  return Number(placed.json().orderId);
}

/** Online: 645 + 30 + 3 x 35 = 645 + 135; answers our order and Razorpay's. */
async function placeOnline(): Promise<{ orderId: number; providerOrderId: string }> {
  const created = await api.request({
    method: 'POST',
    url: '/api/payment/order',
    headers: bearer(buyer),
    payload: { userId: buyer.id, addressId: address.id, items: lines(), amount: 780 },
  });
  expect([created.statusCode, created.body]).toEqual([201, expect.any(String)]);
  const providerOrderId: string = created.json().order.id;
  const order = await api.db.prisma.order.findFirstOrThrow({ where: { payments: { some: { providerOrderId } } } });
  return { orderId: order.id, providerOrderId };
}

/** Pays an online order in the sandbox and reports it as the checkout does. */
async function pay(providerOrderId: string): Promise<void> {
  const paid = await sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'never' });
  const success = await api.request({
    method: 'POST',
    url: '/api/payment/payment-success',
    headers: bearer(buyer),
    payload: {
      userId: buyer.id,
      addressId: address.id,
      items: lines(),
      payment: { ...paid, amount: 780 },
      billing: { subtotal: 645, shippingCost: 135, grandTotal: 780 },
    },
  });
  expect([success.statusCode, success.body]).toEqual([200, expect.any(String)]);
}

/** An admin's move from the console. */
async function move(
  action: 'confirm' | 'shipped' | 'delivered' | 'cancel' | 'payment',
  orderId: number,
): Promise<void> {
  const answer = await api.request({
    method: 'PUT',
    url: `/api/admin/orders/${action}/${orderId}`,
    headers: bearer(admin),
    ...(action === 'payment' ? { payload: { status: 'paid' } } : {}),
  });
  expect([action, answer.statusCode, answer.body]).toEqual([action, 200, expect.any(String)]);
}

/** Every (event, job) the routes call for, but the orders' deadlines, that no job has recorded as handled. */
async function unhandledJobs(): Promise<string[]> {
  const [events, marks] = await Promise.all([
    api.db.prisma.outboxEvent.findMany(),
    api.db.prisma.processedEvent.findMany(),
  ]);
  const handled = new Set(marks.map((mark) => `${mark.eventId}/${mark.handler}`));
  return events.flatMap((event) =>
    jobsForEvent(eventRoutes, event.type)
      .filter((job) => job !== 'order.settle')
      .map((job) => `${event.id}/${job}`)
      .filter((job) => !handled.has(job)),
  );
}

/** A file the worker stored, as bytes. */
const stored = (key: string | null) => readFileSync(join(fileDir, key!));
const attachmentBytes = (mail: InboxMail) => Buffer.from(mail.attachments![0]!.content, 'base64');
/** What no seller's mail may show of the buyer: name, e-mail, phone, street. */
const buyersPrivateParts = () => [
  'Meera Iyer',
  buyer.email,
  '9123456780',
  'Lakshmi Nilaya',
  'Jayanagar',
  'BDA complex',
];

const orderIds: number[] = [];

describe('order mails, end to end', () => {
  it('mails a cash-on-delivery order through every step: placed, confirmed, shipped, delivered, and its invoice once paid', async () => {
    const orderId = await placeCod();
    orderIds.push(orderId);

    const placed = await mailTo(buyer, `Your Mandi order #${orderId} is placed`);
    expect(placed.from).toBe('Mandi <no-reply@mandi.test>');
    const body = visible(placed.html);
    expect(body).toContain(' Desi Tamatar 3 × ₹40.00 ₹120.00 ');
    expect(body).toContain(' Kashmiri Kesar 1 × ₹525.00 ₹525.00 ');
    expect(body).toContain(' Subtotal ₹645.00 Shipping and handling ₹212.40 Total ₹857.40 ');
    expect(body).toContain(
      ' Meera Iyer 4, Lakshmi Nilaya, Jayanagar 4th Block, Opposite the BDA complex Bangalore South, Bengaluru Urban, Karnataka – 560011 Mobile: +91 9123456780 ',
    );
    expect(body).toContain(' Cash on Delivery · Unpaid ');
    expect(body).toMatch(
      /You can cancel this order until \d{2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST , 8 hours after you placed it/,
    );
    expect(placed.links).toEqual([`${PUBLIC_URL}/order/${orderId}`]);
    expect(placed).not.toHaveProperty('attachments');

    // Each seller is told at once what to pack: their own lines, where it goes as far as the district and pincode.
    const toPack = `New order #${orderId}: please pack your products`;
    const [kolarMail, kashmirMail] = await Promise.all([mailTo(kolar, toPack), mailTo(kashmir, toPack)]);
    expect(visible(kolarMail.html)).toContain('Desi Tamatar 1 kg a pack · ₹120.00 × 3 ');
    expect(visible(kashmirMail.html)).toContain('Kashmiri Kesar 10 g a pack · ₹525.00 × 1 ');
    for (const [mail, others] of [
      [kolarMail, 'Kashmiri Kesar'],
      [kashmirMail, 'Desi Tamatar'],
    ] as const) {
      expect(visible(mail.html)).toContain(' Delivery to Bengaluru Urban , PIN code 560011 ');
      expect(mail.text).toContain('Delivery to: Bengaluru Urban, PIN code 560011');
      for (const hidden of [others, ...buyersPrivateParts()]) {
        expect(mail.html).not.toContain(hidden);
        expect(mail.text).not.toContain(hidden);
      }
      expect(mail.links).toEqual([`${PUBLIC_URL}/seller-dashboard`]);
    }

    await move('confirm', orderId);
    const confirmed = await mailTo(buyer, `Your Mandi order #${orderId} is confirmed`);
    expect(visible(confirmed.html)).toContain('Please keep ₹857.40 ready to pay in cash when it arrives.');
    await move('shipped', orderId);
    expect(visible((await mailTo(buyer, `Your Mandi order #${orderId} is on its way`)).html)).toContain(
      'is on its way to you',
    );
    await move('delivered', orderId);
    expect((await mailTo(buyer, `Your Mandi order #${orderId} is delivered`)).text).toContain(
      'Fresh produce cannot be returned once it is delivered.',
    );

    // Paid on delivery: the invoice is numbered, printed, and mailed with its PDF.
    await move('payment', orderId);
    const invoice = await eventually(
      async () =>
        (await api.db.prisma.invoice.findFirst({ where: { orderId, pdfFileKey: { not: null } } })) ?? undefined,
      'the invoice PDF',
      60_000,
    );
    const invoiceMail = await mailTo(buyer, `Your invoice ${invoice.number} for Mandi order #${orderId}`);
    expect(invoiceMail.attachments).toHaveLength(1);
    expect(invoiceMail.attachments![0]).toMatchObject({
      filename: `${invoice.number.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
    });
    expect(attachmentBytes(invoiceMail)).toEqual(stored(invoice.pdfFileKey));
    expect(attachmentBytes(invoiceMail).subarray(0, 5).toString()).toBe('%PDF-');
    expect(visible(invoiceMail.html)).toContain(`Number ${invoice.number}`);
    // Marking it paid told the sellers nothing new: it was theirs to pack from its placing.
    expect((await inbox(kolar)).map((mail) => mail.subject)).toEqual([toPack]);
  }, 120_000);

  it('mails the cancellation of an unpaid cash-on-delivery order to the buyer, and to both sellers, with nothing attached', async () => {
    const orderId = await placeCod();
    orderIds.push(orderId);
    const toPack = `New order #${orderId}: please pack your products`;
    await Promise.all([
      mailTo(kolar, toPack),
      mailTo(kashmir, toPack),
      mailTo(buyer, `Your Mandi order #${orderId} is placed`),
    ]);

    await move('cancel', orderId);
    const cancelled = await mailTo(buyer, `Your Mandi order #${orderId} is cancelled`);
    expect(visible(cancelled.html)).toContain('Reason: Cancelled by Mandi Nothing was charged for this order.');
    expect(cancelled).not.toHaveProperty('attachments');
    const dontSend = `Order #${orderId} is cancelled: do not send your products`;
    const [kolarMail] = await Promise.all([mailTo(kolar, dontSend), mailTo(kashmir, dontSend)]);
    expect(visible(kolarMail.html)).toContain('Desi Tamatar 1 kg a pack · ₹120.00 × 3 ');
    for (const hidden of ['Kashmiri Kesar', 'Cancelled by Mandi', ...buyersPrivateParts()])
      expect(kolarMail.html).not.toContain(hidden);
  }, 60_000);

  it("mails an online order's sellers once it is paid; its cancellation waits for the credit note, and the refund follows", async () => {
    const { orderId, providerOrderId } = await placeOnline();
    orderIds.push(orderId);
    await mailTo(buyer, `Your Mandi order #${orderId} is placed`);
    // Not paid yet: nothing to pack.
    const toPack = `New order #${orderId}: please pack your products`;
    expect((await inbox(kolar)).map((mail) => mail.subject)).not.toContain(toPack);

    await pay(providerOrderId);
    const [kolarMail] = await Promise.all([mailTo(kolar, toPack), mailTo(kashmir, toPack)]);
    expect(visible(kolarMail.html)).toContain(' Payment Paid online. ');
    const confirmed = await mailTo(buyer, `Your Mandi order #${orderId} is confirmed`);
    expect(visible(confirmed.html)).toContain(' Online · Paid Amount paid: ₹780.00. ');
    const invoice = await eventually(
      async () =>
        (await api.db.prisma.invoice.findFirst({ where: { orderId, pdfFileKey: { not: null } } })) ?? undefined,
      'the invoice PDF',
      60_000,
    );
    await mailTo(buyer, `Your invoice ${invoice.number} for Mandi order #${orderId}`);

    await move('cancel', orderId);
    const cancelled = await mailTo(buyer, `Your Mandi order #${orderId} is cancelled`);
    const note = await api.db.prisma.creditNote.findFirstOrThrow({ where: { orderId } });
    // Sent once the credit note's PDF existed, carrying it.
    expect(cancelled.attachments).toHaveLength(1);
    expect(cancelled.attachments![0]).toMatchObject({
      filename: `${note.number.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
    });
    expect(attachmentBytes(cancelled)).toEqual(stored(note.pdfFileKey));
    const body = visible(cancelled.html);
    expect(body).toContain(`The credit note ${note.number} of `);
    expect(body).toContain(`for ₹780.00, which cancels invoice ${invoice.number}, is attached to this mail as a PDF.`);
    expect(body).toContain('The ₹780.00 you paid online is being refunded to your original payment method');

    const refund = await mailTo(buyer, `Your refund for Mandi order #${orderId} is processed`);
    const processed = await api.db.prisma.refund.findFirstOrThrow({ where: { payment: { orderId } } });
    expect(visible(refund.html)).toContain(
      `We have refunded ₹780.00 for your cancelled order to your original payment method`,
    );
    expect(visible(refund.html)).toContain(`Refund reference: ${processed.providerRefundId}`);

    const dontSend = `Order #${orderId} is cancelled: do not send your products`;
    await Promise.all([mailTo(kolar, dontSend), mailTo(kashmir, dontSend)]);
  }, 120_000);

  it('tells the buyer of an online order never paid that it is cancelled, and its sellers nothing at all', async () => {
    const { orderId } = await placeOnline();
    orderIds.push(orderId);
    await mailTo(buyer, `Your Mandi order #${orderId} is placed`);
    await move('cancel', orderId);
    const cancelled = await mailTo(buyer, `Your Mandi order #${orderId} is cancelled`);
    expect(visible(cancelled.html)).toContain('Nothing was charged for this order.');
    expect(cancelled).not.toHaveProperty('attachments');
  }, 60_000);

  it('has sent each mail exactly once, and sends none again when every mail job is delivered a second time', async () => {
    const [a, b, c, d] = orderIds;
    const expected = {
      buyer: [
        ...['is placed', 'is confirmed', 'is on its way', 'is delivered'].map((s) => `Your Mandi order #${a} ${s}`),
        ...['is placed', 'is cancelled'].map((s) => `Your Mandi order #${b} ${s}`),
        ...['is placed', 'is confirmed', 'is cancelled'].map((s) => `Your Mandi order #${c} ${s}`),
        `Your refund for Mandi order #${c} is processed`,
        ...['is placed', 'is cancelled'].map((s) => `Your Mandi order #${d} ${s}`),
      ],
      seller: [
        `New order #${a}: please pack your products`,
        `New order #${b}: please pack your products`,
        `Order #${b} is cancelled: do not send your products`,
        `New order #${c}: please pack your products`,
        `Order #${c} is cancelled: do not send your products`,
      ],
    };
    const invoices = await api.db.prisma.invoice.findMany({
      where: { orderId: { in: orderIds } },
      orderBy: { orderId: 'asc' },
    });
    expect(invoices.map((invoice) => invoice.orderId)).toEqual([a, c]);
    expected.buyer.push(
      ...invoices.map((invoice) => `Your invoice ${invoice.number} for Mandi order #${invoice.orderId}`),
    );

    const subjects = async (user: TestUser) => (await inbox(user)).map((mail) => mail.subject).sort();
    // Let anything late arrive before counting, then count: each mail once, and nothing else.
    await eventually(
      async () => ((await subjects(buyer)).length >= expected.buyer.length ? true : undefined),
      'every buyer mail',
    );
    // Every routed job of every event has run (but the orders' deadlines, hours away), each at its first attempt.
    await eventually(async () => ((await unhandledJobs()).length === 0 ? true : undefined), 'every job to run');
    expect(worker.logs()).not.toContain('job failed');
    expect(await subjects(buyer)).toEqual([...expected.buyer].sort());
    expect(await subjects(kolar)).toEqual([...expected.seller].sort());
    expect(await subjects(kashmir)).toEqual([...expected.seller].sort());
    expect(await inbox(admin)).toEqual([]);
    expect(await api.db.prisma.failedJob.findMany()).toEqual([]);
    // Each document's PDF was announced once, by the render job that recorded it.
    const rendered = async (type: string) =>
      (await api.db.prisma.outboxEvent.findMany({ where: { type } })).map((event) => event.aggregateId).sort();
    const notes = await api.db.prisma.creditNote.findMany({ where: { orderId: { in: orderIds } } });
    expect(await rendered('invoice.rendered')).toEqual(invoices.map((invoice) => String(invoice.id)).sort());
    expect(await rendered('credit_note.rendered')).toEqual(notes.map((note) => String(note.id)));
    expect(notes.map((note) => note.orderId)).toEqual([c]);

    // Deliver every mail job of every event again, under a new BullMQ id, as a redelivery after a lost acknowledgement
    // would: the worker finds each already handled and sends nothing.
    const events = await api.db.prisma.outboxEvent.findMany({ orderBy: { id: 'asc' } });
    const mailJobs = events.flatMap((event) =>
      jobsForEvent(eventRoutes, event.type)
        .filter((name) => jobs[name as keyof typeof jobs].queue === 'mail')
        .map((name) => ({ name, data: { eventId: String(event.id), event: event.type, payload: event.payload } })),
    );
    expect(new Set(mailJobs.map((job) => job.name))).toEqual(
      new Set([
        'mail.order_placed',
        'mail.order_confirmed',
        'mail.order_shipped',
        'mail.order_delivered',
        'mail.order_cancelled',
        'mail.invoice',
        'mail.refund_processed',
        'mail.seller_order',
        'mail.seller_order_cancelled',
      ]),
    );
    // Every one of them ran once already.
    const marks = await api.db.prisma.processedEvent.findMany({ where: { handler: { startsWith: 'mail.' } } });
    expect(marks.map((mark) => `${mark.eventId}/${mark.handler}`).sort()).toEqual(
      mailJobs.map((job) => `${job.data.eventId}/${job.name}`).sort(),
    );

    const queue = new Queue('mail', {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: api.redisPrefix,
    });
    try {
      const again = await queue.addBulk(
        mailJobs.map((job) => ({ ...job, opts: { jobId: `${job.name}#${job.data.eventId}-again` } })),
      );
      const outcomes = await eventually(async () => {
        const states = await Promise.all(
          again.map(async (job) => [await job.getState(), (await queue.getJob(job.id!))?.returnvalue]),
        );
        return states.every(([state]) => state === 'completed') ? states.map(([, outcome]) => outcome) : undefined;
      }, 'the second deliveries');
      expect(new Set(outcomes)).toEqual(new Set(['duplicate']));
    } finally {
      await queue.close();
    }
    expect(await subjects(buyer)).toEqual([...expected.buyer].sort());
    expect(await subjects(kolar)).toEqual([...expected.seller].sort());
    expect(await subjects(kashmir)).toEqual([...expected.seller].sort());

    // The inbox page lists them for a developer.
    const page = await api.request({ method: 'GET', url: '/dev/mail' });
    expect(page.body).toContain(`Your Mandi order #${a} is placed`);
    expect(page.body).toContain(`New order #${a}: please pack your products`);
  }, 90_000);
});

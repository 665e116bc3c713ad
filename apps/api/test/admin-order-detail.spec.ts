import { newAddress, newOrder, newProduct, newUser, type Address, type Product } from '@mandi/database';
import { bearer } from './catalog.testing.js';
import type { ApiHarness, TestUser } from './harness.js';
import { startWorkerJourney, type WorkerJourney } from './worker-journey.testing.js';

// The console's order page, the order list's CSV export and the audit trail, against the built API and the built
// worker on one database (as order-mails.spec.ts runs them), with the Razorpay sandbox: orders are placed and moved
// through the HTTP API as the storefront and the console do, and the page shows what happened, step by step.

type Sandbox = WorkerJourney['sandbox'];
type Entry = { at: string; kind: string; label: string; actor: string; details: Record<string, unknown> };

let journey: WorkerJourney;
let sandbox: Sandbox;
let api: ApiHarness;
let buyer: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;
let seller: TestUser;
let address: Address;
let tomatoes: Product;
let adminName: string;
let otherAdminName: string;

beforeAll(async () => {
  journey = await startWorkerJourney('order-detail');
  ({ api, sandbox } = journey);
  [buyer, admin, otherAdmin, seller] = await Promise.all([
    api.newUser(),
    api.newUser({ role: 'admin' }),
    api.newUser({ role: 'admin' }),
    api.newUser(),
  ]);
  adminName = (await api.db.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).username;
  otherAdminName = (await api.db.prisma.user.findUniqueOrThrow({ where: { id: otherAdmin.id } })).username;
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
  tomatoes = await newProduct(api.db.prisma, {
    sellerId: seller.id,
    name: 'Desi Tamatar',
    pricePaise: 4_000,
    weightGrams: 1000,
  });
}, 150_000);

afterAll(() => journey?.stop());

const eventually: WorkerJourney['eventually'] = (check, what, timeoutMs) => journey.eventually(check, what, timeoutMs);

const get = (url: string, user: TestUser | null = admin) =>
  api.request({ method: 'GET', url, headers: user ? bearer(user) : {} });

/** Three packs of tomatoes, cash on delivery: 120 + (75 + 2 x 35) x 1.18 = 120 + 171.10. */
async function placeCod(): Promise<number> {
  const placed = await api.request({
    method: 'POST',
    url: '/api/payment/cod',
    headers: bearer(buyer),
    payload: {
      userId: buyer.id,
      addressId: address.id,
      cartItems: [{ productId: tomatoes.id, productName: tomatoes.name, quantity: 3, price: 40 }],
      billing: { subtotal: 120, shippingCost: 171.1, grandTotal: 291.1 },
    },
  });
  expect([placed.statusCode, placed.body]).toEqual([201, expect.any(String)]);
  return Number(placed.json().orderId);
}

/** The same lines online (120 + 30 + 2 x 35 = 220), paid in the sandbox and reported as the checkout does. */
async function placeAndPayOnline(): Promise<number> {
  const items = [{ productId: tomatoes.id, productName: tomatoes.name, quantity: 3, price: 40 }];
  const created = await api.request({
    method: 'POST',
    url: '/api/payment/order',
    headers: bearer(buyer),
    payload: { userId: buyer.id, addressId: address.id, items, amount: 220 },
  });
  expect([created.statusCode, created.body]).toEqual([201, expect.any(String)]);
  const providerOrderId: string = created.json().order.id;
  const paid = await sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'never' });
  const success = await api.request({
    method: 'POST',
    url: '/api/payment/payment-success',
    headers: bearer(buyer),
    payload: {
      userId: buyer.id,
      addressId: address.id,
      items,
      payment: { ...paid, amount: 220 },
      billing: { subtotal: 120, shippingCost: 100, grandTotal: 220 },
    },
  });
  expect([success.statusCode, success.body]).toEqual([200, expect.any(String)]);
  return (await api.db.prisma.order.findFirstOrThrow({ where: { payments: { some: { providerOrderId } } } })).id;
}

/** An admin's move from the console. */
async function move(
  action: 'confirm' | 'payment' | 'shipped' | 'delivered' | 'cancel',
  orderId: number,
  by = admin,
): Promise<void> {
  const answer = await api.request({
    method: 'PUT',
    url: `/api/admin/orders/${action}/${orderId}`,
    headers: bearer(by),
    ...(action === 'payment' ? { payload: { status: 'paid' } } : {}),
  });
  expect([action, answer.statusCode, answer.body]).toEqual([action, 200, expect.any(String)]);
}

async function detail(orderId: number) {
  const answer = await get(`/api/admin/orders/${orderId}`);
  expect([answer.statusCode, answer.body]).toEqual([200, expect.any(String)]);
  return answer.json();
}

/** The timeline without its mails, as 'kind by actor'. */
const steps = (timeline: Entry[]) =>
  timeline.filter((entry) => entry.kind !== 'mail_sent').map((entry) => `${entry.kind} by ${entry.actor}`);
const mailLabels = (timeline: Entry[]) =>
  timeline.filter((entry) => entry.kind === 'mail_sent').map((entry) => entry.label);

describe('access', () => {
  it.each(['/api/admin/orders/1', '/api/admin/orders/export.csv', '/api/admin/audit'])(
    '%s: 401 for a visitor, 403 for a buyer',
    async (url) => {
      const anonymous = await get(url, null);
      expect([anonymous.statusCode, anonymous.json().statusCode]).toEqual([401, 401]);
      const refused = await get(url, buyer);
      expect([refused.statusCode, refused.json().statusCode]).toEqual([403, 403]);
    },
  );
});

describe('GET /api/admin/orders/{id}', () => {
  it('answers 404 for an unknown order and for an id that names none', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const answer = await get(`/api/admin/orders/${id}`);
      expect([id, answer.statusCode, answer.json().message]).toEqual([id, 404, 'Order not found.']);
    }
  });

  it('shows a cash order taken through placing, confirm, mark paid, ship and deliver, each step with its admin, and its mails', async () => {
    const orderId = await placeCod();
    await move('confirm', orderId);
    await move('payment', orderId, otherAdmin);
    // The invoice is issued and printed before the order ships, so the timeline has one order to show.
    await eventually(
      async () =>
        (await api.db.prisma.invoice.findFirst({ where: { orderId, pdfFileKey: { not: null } } })) ?? undefined,
      'the invoice',
    );
    await move('shipped', orderId);
    await move('delivered', orderId);
    // The invoice is printed and mailed; every order mail of the steps has gone.
    await eventually(
      async () =>
        ((await detail(orderId)).timeline as Entry[]).some((entry) => entry.label === 'Mailed the buyer the invoice') ||
        undefined,
      'the invoice mail',
    );
    await eventually(
      async () => (mailLabels((await detail(orderId)).timeline).length >= 6 ? true : undefined),
      'the step mails',
    );
    const order = await detail(orderId);

    expect(order).toMatchObject({
      order_id: String(orderId),
      status: 'delivered',
      payment_status: 'paid',
      payment_method: 'cod',
      buyer: { id: String(buyer.id), email: buyer.email },
      address: {
        name: 'Meera Iyer',
        mobile: '9123456780',
        district: 'Bengaluru Urban',
        state: 'Karnataka',
        pincode: '560011',
      },
      amounts: { subtotal: 120, shipping: 171.1, total: 291.1, weight_grams: 3000 },
      lines: [
        {
          product_name: 'Desi Tamatar',
          quantity: 3,
          unit_price: 40,
          line_total: 120,
          hsn_code: expect.any(String),
          gst_rate_percent: 0,
          seller: { id: String(seller.id) },
        },
      ],
      payments: [{ provider: 'cod', status: 'captured', amount: 291.1, captured_at: expect.any(String) }],
      refunds: [],
    });
    const invoice = await api.db.prisma.invoice.findFirstOrThrow({ where: { orderId } });
    expect(order.documents).toEqual([
      {
        id: String(invoice.id),
        kind: invoice.kind,
        number: invoice.number,
        total: 291.1,
        issued_at: invoice.issuedAt.toISOString(),
        download_url: `/api/invoices/${invoice.id}/download`,
        pdf_ready: true,
        supplier: null,
      },
    ]);
    const pdf = await get(order.documents[0].download_url);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    // Each step once, oldest first, with the admin who made it.
    expect(steps(order.timeline)).toEqual([
      'placed by buyer',
      `confirmed by admin ${adminName}`,
      `paid by admin ${otherAdminName}`,
      'invoice_issued by system',
      'invoice_rendered by system',
      `shipped by admin ${adminName}`,
      `delivered by admin ${adminName}`,
    ]);
    const times = (order.timeline as Entry[]).map((entry) => entry.at);
    expect(times).toEqual([...times].sort());
    const confirmed = (order.timeline as Entry[]).find((entry) => entry.kind === 'confirmed')!;
    expect(confirmed).toMatchObject({
      label: 'Order confirmed',
      details: {
        action: 'order.confirm',
        before: { status: 'pending', payment_status: 'unpaid' },
        after: { status: 'confirmed' },
      },
    });
    expect(mailLabels(order.timeline)).toEqual(
      expect.arrayContaining([
        'Mailed the buyer: order placed',
        'Mailed the sellers what to pack',
        'Mailed the buyer: order confirmed',
        'Mailed the buyer: order on its way',
        'Mailed the buyer: order delivered',
        'Mailed the buyer the invoice',
      ]),
    );
    // Marking a cash order paid starts the sellers' mail job too, which sends nothing: it went at the placing.
    expect(mailLabels(order.timeline).filter((label) => label === 'Mailed the sellers what to pack')).toHaveLength(1);
  }, 150_000);

  it("shows a cancelled online order's refund and credit note, and the admin who cancelled it", async () => {
    const orderId = await placeAndPayOnline();
    await eventually(
      async () =>
        (await api.db.prisma.invoice.findFirst({ where: { orderId, pdfFileKey: { not: null } } })) ?? undefined,
      'the invoice',
    );
    await move('cancel', orderId, otherAdmin);
    await eventually(
      async () =>
        (await api.db.prisma.refund.findFirst({ where: { payment: { orderId }, status: 'processed' } })) ?? undefined,
      'the refund',
    );
    await eventually(
      async () =>
        (await api.db.prisma.creditNote.findFirst({ where: { orderId, pdfFileKey: { not: null } } })) ?? undefined,
      'the credit note',
    );
    await eventually(async () => {
      const labels = mailLabels((await detail(orderId)).timeline);
      return labels.includes('Mailed the buyer: refund processed') &&
        labels.includes('Mailed the buyer: order cancelled')
        ? true
        : undefined;
    }, 'the refund and cancellation mails');
    const order = await detail(orderId);
    const note = await api.db.prisma.creditNote.findFirstOrThrow({ where: { orderId } });
    const refund = await api.db.prisma.refund.findFirstOrThrow({ where: { payment: { orderId } } });

    expect(order).toMatchObject({ status: 'cancelled', payment_method: 'online', cancel_reason: 'Cancelled by Mandi' });
    expect(order.payments).toEqual([
      expect.objectContaining({
        provider: 'razorpay',
        status: 'refunded',
        amount: 220,
        provider_payment_id: expect.any(String),
        error: null,
      }),
    ]);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        id: String(refund.id),
        status: 'processed',
        amount: 220,
        attempts: refund.attempts,
        last_error: null,
        processed_at: refund.processedAt!.toISOString(),
      }),
    ]);
    expect(
      order.documents.map((document: { kind: string; download_url: string; pdf_ready: boolean }) => [
        document.kind,
        document.download_url,
        document.pdf_ready,
      ]),
    ).toEqual([
      [
        expect.stringMatching(/^(tax_invoice|bill_of_supply)$/),
        expect.stringMatching(/^\/api\/invoices\/\d+\/download$/),
        true,
      ],
      ['credit_note', `/api/invoices/cn-${note.id}/download`, true],
    ]);
    const pdf = await get(`/api/invoices/cn-${note.id}/download`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    expect(steps(order.timeline)).toEqual(
      expect.arrayContaining([
        'placed by buyer',
        'payment_created by buyer',
        'payment_captured by buyer',
        'confirmed by system',
        'paid by buyer',
        `cancelled by admin ${otherAdminName}`,
        'refund_requested by system',
        'refund_processed by system',
        'credit_note_issued by system',
        'credit_note_rendered by system',
      ]),
    );
    const kinds = steps(order.timeline).map((step) => step.split(' by ')[0]);
    expect(kinds.indexOf('placed')).toBeLessThan(kinds.indexOf('payment_captured'));
    expect(kinds.indexOf('payment_captured')).toBeLessThan(kinds.indexOf('cancelled'));
    expect(kinds.indexOf('cancelled')).toBeLessThan(kinds.indexOf('refund_processed'));
    expect(kinds.indexOf('cancelled')).toBeLessThan(kinds.indexOf('credit_note_issued'));
    // The buyer's cancellation mail went with the credit note, once.
    expect(mailLabels(order.timeline).filter((label) => label === 'Mailed the buyer: order cancelled')).toHaveLength(1);
    expect(
      (order.timeline as Entry[]).find((entry) => entry.label === 'Mailed the buyer: order cancelled')!.details
        .event_type,
    ).toBe('credit_note.rendered');
  }, 150_000);

  it('still tells the steps from the columns once the retention sweep has removed the outbox rows, and names the deadline', async () => {
    const pending = await newOrder(api.db.prisma, { userId: buyer.id, paymentMethod: 'cod' });
    await api.db.prisma.$executeRaw`
      UPDATE orders SET status = 'cancelled', cancelled_at = created_at + interval '8 hours', cancel_reason = 'Not confirmed within 8 hours'
       WHERE id = ${pending.id}`;
    const order = await detail(pending.id);
    expect(order.timeline.map((entry: Entry) => [entry.kind, entry.label, entry.actor])).toEqual([
      ['placed', 'Order placed', 'buyer'],
      ['cancelled_at_deadline', 'Cancelled at the deadline', 'system'],
    ]);
    expect(order.timeline[1].details).toEqual({ reason: 'Not confirmed within 8 hours' });
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  let plain: number;
  let hostile: number;
  beforeAll(async () => {
    const product = await newProduct(api.db.prisma, { name: 'Alphonso Aam', pricePaise: 50_000 });
    plain = (
      await newOrder(api.db.prisma, { userId: buyer.id, paymentMethod: 'cod', lines: [{ product, quantity: 2 }] })
    ).id;
    const mallory = await newUser(api.db.prisma, { username: '@mallory', email: 'mallory@mandi.test' });
    hostile = (
      await newOrder(api.db.prisma, {
        userId: mallory.id,
        addressName: '=HYPERLINK("http://x","y")',
        addressDistrict: '+91 Pune',
        addressState: '-2+3',
      })
    ).id;
    // Older than a day: only the longer filters find it.
    await api.db.prisma.$executeRaw`UPDATE orders SET created_at = now() - interval '3 days' WHERE id = ${hostile}`;
  });

  const csv = async (query: string) => {
    const answer = await get(`/api/admin/orders/export.csv${query}`);
    expect([answer.statusCode, answer.body.slice(0, 200)]).toEqual([200, expect.any(String)]);
    return {
      answer,
      lines: answer.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    };
  };

  it('answers every order of the filter, newest first, as an attachment named after the filter and the day', async () => {
    const { answer, lines } = await csv('?filter=24h');
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="mandi-orders-24h-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(lines[0]).toBe(
      'Order,Placed (IST),Buyer,E-mail,Delivery name,District,Pincode,State,Status,Payment method,Payment status,Items,Total (INR)',
    );
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    const expected = await api.db.prisma.order.findMany({
      where: { createdAt: { gte: new Date(Date.now() - 24 * 3_600_000 + 60_000) } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    expect(ids).toEqual(expected.map((order) => order.id));
    expect(ids).not.toContain(hostile);
    const row = lines.find((line) => line.startsWith(`${plain},`))!;
    expect(row).toMatch(new RegExp(`^${plain},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} IST,u_\\w+,${buyer.email},`));
    expect(row).toMatch(/,Pending,Cash on delivery,Unpaid,Alphonso Aam × 2,1030\.00$/);
  });

  it('answers what a search finds, within the filter, the same as the list', async () => {
    const { lines } = await csv('?filter=7d&search=mallory');
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([hostile]);
    const list = await get('/api/admin/orders?filter=7d&search=mallory');
    expect(list.json().map((order: { order_id: string }) => Number(order.order_id))).toEqual([hostile]);
    expect((await csv('?filter=24h&search=mallory')).lines).toHaveLength(1);
    expect(
      (await csv(`?filter=1y&search=%23${plain}`)).lines.slice(1).map((line) => Number(line.split(',')[0])),
    ).toEqual([plain]);
  });

  it('writes a cell a spreadsheet would run as a formula as text', async () => {
    const { lines } = await csv('?filter=7d&search=mallory');
    expect(lines[1]).toContain(`,'@mallory,mallory@mandi.test,"'=HYPERLINK(""http://x"",""y"")",'+91 Pune,`);
    expect(lines[1]).toContain(`,'-2+3,`);
  });

  it('refuses a filter it does not know, naming the rule', async () => {
    const answer = await get('/api/admin/orders/export.csv?filter=2y');
    expect([answer.statusCode, answer.json().message]).toEqual([
      400,
      expect.stringContaining('filter must be one of 1h, 24h, 7d, 1m, 6m, 1y'),
    ]);
  });
});

describe('GET /api/admin/audit', () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = await placeCod();
    await move('confirm', orderId, otherAdmin);
    await move('cancel', orderId, admin);
    const toggled = await api.request({
      method: 'PUT',
      url: '/api/admin/toggle-user',
      headers: bearer(otherAdmin),
      payload: { userId: String(seller.id) },
    });
    expect(toggled.statusCode).toBe(200);
  });

  const audit = async (query: string) => {
    const answer = await get(`/api/admin/audit${query}`);
    expect([answer.statusCode, answer.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
    return {
      rows: answer.json() as {
        id: string;
        action: string;
        admin: { username: string };
        object_type: string;
        object_id: string;
        label: string;
        before: unknown;
        after: unknown;
        at: string;
      }[],
      total: Number(answer.headers['x-total-count']),
    };
  };

  it("lists one order's rows, newest first, with the admin, the label and the state before and after", async () => {
    const { rows, total } = await audit(`?objectType=order&objectId=${orderId}`);
    expect(total).toBe(2);
    expect(rows.map((row) => [row.action, row.label, row.admin.username])).toEqual([
      ['order.cancel', 'Cancelled the order', adminName],
      ['order.confirm', 'Confirmed the order', otherAdminName],
    ]);
    expect(rows[1]).toMatchObject({
      object_type: 'order',
      object_id: String(orderId),
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    expect(rows[0]!.at >= rows[1]!.at).toBe(true);
  });

  it('filters by admin and by action, and pages with X-Total-Count', async () => {
    const mine = await audit(`?adminId=${otherAdmin.id}&perPage=200`);
    expect(mine.rows.every((row) => row.admin.username === otherAdminName)).toBe(true);
    expect(mine.rows.map((row) => row.action)).toEqual(expect.arrayContaining(['user.suspend', 'order.confirm']));
    const suspends = await audit('?action=user.suspend');
    expect(suspends.rows.map((row) => [row.object_type, row.object_id])).toEqual([['user', String(seller.id)]]);

    const all = await audit('?perPage=200');
    expect(all.total).toBe(all.rows.length);
    const firstPage = await audit('?perPage=2&page=1');
    const secondPage = await audit('?perPage=2&page=2');
    expect(firstPage.total).toBe(all.total);
    expect([...firstPage.rows, ...secondPage.rows].map((row) => row.id)).toEqual(
      all.rows.slice(0, 4).map((row) => row.id),
    );
  });

  it('refuses filters it cannot read, naming the rule', async () => {
    for (const [query, message] of [
      ['?action=order.explode', 'action must be one of'],
      ['?objectType=planet', 'objectType must be one of'],
      ['?adminId=abc', 'adminId must be a user id'],
      ['?perPage=201', 'perPage must be a whole number from 1 to 200'],
    ] as const) {
      const answer = await get(`/api/admin/audit${query}`);
      expect([query, answer.statusCode, answer.json().message]).toEqual([query, 400, expect.stringContaining(message)]);
    }
  });
});

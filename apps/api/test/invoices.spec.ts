import { rmSync } from 'node:fs';
import { newOrder, type Order } from '@mandi/database';
import { INVOICE_MESSAGES, ORDER_MESSAGES } from '@mandi/domain';
import { LocalFileStore, newFileKey } from '@mandi/storage';
import { bearer, tempFileStore } from './catalog.testing.js';
import { ApiHarness, type TestUser } from './harness.js';

// Invoices and credit notes over HTTP (docs/invoices.md): the PDF download for the order's buyer or an admin, and
// the admin's generate and cancel calls, which report the document the worker issues. The worker's side (numbers,
// GST, rendering) is tested in apps/worker/src/invoices; here the documents are rows and files put in place.

describe('invoices', () => {
  let api: ApiHarness;
  let dir: string;
  let store: LocalFileStore;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let sequence = 0;

  beforeAll(async () => {
    dir = tempFileStore();
    store = new LocalFileStore(dir);
    api = await ApiHarness.start({ FILE_STORE_DIR: dir });
    [buyer, other, admin] = await Promise.all([api.newUser(), api.newUser(), api.newUser({ role: 'admin' })]);
  });
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const pdfBytes = (label: string) => Buffer.from(`%PDF-1.7\n% ${label}\n%%EOF\n`);

  /** An order of `user`'s; paid unless told otherwise. */
  const order = (user: TestUser, overrides: Partial<Order> = {}) =>
    newOrder(api.db.prisma, { userId: user.id, paymentStatus: 'paid', status: 'confirmed', ...overrides });

  /** The invoice of `orderId` as the worker records it, with a stored PDF unless `rendered` is false. */
  async function invoiceOf(orderId: number, rendered = true) {
    sequence += 1;
    const key = rendered ? newFileKey(`invoices/${orderId}`, 'pdf') : null;
    if (key) await store.put(key, pdfBytes(`invoice of order ${orderId}`), 'application/pdf');
    return api.db.prisma.invoice.create({
      data: {
        orderId,
        kind: 'bill_of_supply',
        number: `INV/26-27/${String(sequence).padStart(6, '0')}`,
        financialYear: 2026,
        sequence,
        placeOfSupply: 'Karnataka',
        taxablePaise: 0,
        exemptPaise: 7000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        shippingPaise: 3000,
        totalPaise: 7000,
        pdfFileKey: key,
      },
    });
  }

  async function creditNoteOf(invoice: { id: number; orderId: number; sequence: number }) {
    const key = newFileKey(`invoices/${invoice.orderId}`, 'pdf');
    await store.put(key, pdfBytes(`credit note of order ${invoice.orderId}`), 'application/pdf');
    return api.db.prisma.creditNote.create({
      data: {
        invoiceId: invoice.id,
        orderId: invoice.orderId,
        number: `CN/26-27/${String(invoice.sequence).padStart(6, '0')}`,
        financialYear: 2026,
        sequence: invoice.sequence,
        reason: 'Ordered by mistake',
        totalPaise: 7000,
        pdfFileKey: key,
      },
    });
  }

  const download = (id: string | number, user?: TestUser) =>
    api.request({ method: 'GET', url: `/api/invoices/${id}/download`, headers: user ? bearer(user) : {} });
  const post = (action: 'generate' | 'cancel', orderId: unknown, user: TestUser = admin) =>
    api.request({ method: 'POST', url: `/api/invoices/${action}`, headers: bearer(user), payload: { orderId } });

  describe('GET /api/invoices/{invoiceId}/download', () => {
    it("gives the order's buyer the PDF as an attachment named after the number, without slashes", async () => {
      const invoice = await invoiceOf((await order(buyer)).id);
      const answer = await download(invoice.id, buyer);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${invoice.number.replaceAll('/', '-')}.pdf"`,
      );
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="INV-26-27-\d{6}\.pdf"$/);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.body).toBe(pdfBytes(`invoice of order ${invoice.orderId}`).toString());
    });

    it('keeps the PDF itself out of the public /files route', async () => {
      const invoice = await invoiceOf((await order(buyer)).id);
      const direct = await api.request({ method: 'GET', url: `/files/${invoice.pdfFileKey}` });
      expect(direct.statusCode).toBe(404);
      expect(direct.body).not.toContain('%PDF');
    });

    it('refuses another user (403), lets an admin download (200), and asks for a token (401)', async () => {
      const invoice = await invoiceOf((await order(buyer)).id);
      const refused = await download(invoice.id, other);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: INVOICE_MESSAGES.notYours });
      expect((await download(invoice.id, admin)).statusCode).toBe(200);
      expect((await download(invoice.id)).statusCode).toBe(401);
    });

    it("serves a credit note by 'cn-' and its id, to the buyer and to admins only", async () => {
      const invoice = await invoiceOf((await order(buyer, { status: 'cancelled' })).id);
      const note = await creditNoteOf(invoice);
      const answer = await download(`cn-${note.id}`, buyer);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${note.number.replaceAll('/', '-')}.pdf"`,
      );
      expect(answer.body).toContain(`credit note of order ${invoice.orderId}`);
      expect((await download(`cn-${note.id}`, other)).statusCode).toBe(403);
      expect((await download(`cn-${note.id}`, admin)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown invoice or credit note, and for ids that name none', async () => {
      for (const id of ['999999', 'cn-999999', 'abc', 'cn-0', '0']) {
        const answer = await download(id, buyer);
        expect([id, answer.statusCode, answer.json().message]).toEqual([id, 404, INVOICE_MESSAGES.notFound]);
      }
    });

    it('answers 409 with a clear message while the PDF is still being printed', async () => {
      const invoice = await invoiceOf((await order(buyer)).id, false);
      const answer = await download(invoice.id, buyer);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ statusCode: 409, error: 'Conflict', message: INVOICE_MESSAGES.pdfPending });
    });
  });

  describe('POST /api/invoices/generate', () => {
    it('is for admins only', async () => {
      const paid = await order(buyer);
      expect((await post('generate', paid.id, buyer)).statusCode).toBe(403);
      expect(await api.db.prisma.invoice.count({ where: { orderId: paid.id } })).toBe(0);
    });

    it('answers 202 while the worker issues the invoice of a paid order, then 200 with it, the same every time', async () => {
      const paid = await order(buyer);
      for (let i = 0; i < 2; i += 1) {
        const pending = await post('generate', String(paid.id));
        expect([pending.statusCode, pending.json()]).toEqual([
          202,
          { orderId: String(paid.id), status: 'pending', document: null },
        ]);
      }
      // The API numbers nothing itself: the worker's invoice.issue does, from order.paid.
      expect(await api.db.prisma.invoice.count({ where: { orderId: paid.id } })).toBe(0);

      const invoice = await invoiceOf(paid.id);
      for (let i = 0; i < 2; i += 1) {
        const issued = await post('generate', paid.id);
        expect(issued.statusCode).toBe(200);
        expect(issued.json()).toEqual({
          orderId: String(paid.id),
          status: 'issued',
          document: { invoice_id: String(invoice.id), number: invoice.number, pdf_ready: true },
        });
      }
    });

    it('answers 409 for an unpaid order and 404 for an unknown one', async () => {
      const unpaid = await order(buyer, { paymentStatus: 'unpaid' });
      const refused = await post('generate', unpaid.id);
      expect([refused.statusCode, refused.json().message]).toEqual([409, INVOICE_MESSAGES.notPaid]);
      for (const id of [999_999, 'abc']) {
        const unknown = await post('generate', id);
        expect([unknown.statusCode, unknown.json().message]).toEqual([404, ORDER_MESSAGES.notFound]);
      }
      expect((await post('generate', '')).statusCode).toBe(400);
    });
  });

  describe('POST /api/invoices/cancel', () => {
    it('is for admins only, and answers 409 for an order that is not cancelled', async () => {
      const confirmed = await order(buyer);
      await invoiceOf(confirmed.id);
      expect((await post('cancel', confirmed.id, buyer)).statusCode).toBe(403);
      const refused = await post('cancel', confirmed.id);
      expect([refused.statusCode, refused.json().message]).toEqual([409, INVOICE_MESSAGES.notCancelled]);
    });

    it('reports the credit note of a cancelled invoiced order: 202 while the worker issues it, then 200 with it, each time', async () => {
      const cancelled = await order(buyer, { status: 'cancelled' });
      const invoice = await invoiceOf(cancelled.id);
      const pending = await post('cancel', cancelled.id);
      expect([pending.statusCode, pending.json().status]).toEqual([202, 'pending']);

      const note = await creditNoteOf(invoice);
      for (let i = 0; i < 2; i += 1) {
        const issued = await post('cancel', cancelled.id);
        expect(issued.statusCode).toBe(200);
        expect(issued.json()).toEqual({
          orderId: String(cancelled.id),
          status: 'issued',
          document: { invoice_id: `cn-${note.id}`, number: note.number, pdf_ready: true },
        });
      }
      expect(await api.db.prisma.creditNote.count({ where: { orderId: cancelled.id } })).toBe(1);
    });

    it('is a no-op 200 for a cancelled order that was never invoiced', async () => {
      const cancelled = await order(buyer, { status: 'cancelled', paymentStatus: 'unpaid' });
      const answer = await post('cancel', cancelled.id);
      expect([answer.statusCode, answer.json()]).toEqual([
        200,
        { orderId: String(cancelled.id), status: 'not_required', document: null },
      ]);
    });
  });
});

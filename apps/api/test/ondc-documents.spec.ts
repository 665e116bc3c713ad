import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadConfig } from '@mandi/config';
import { newOrder, newUser } from '@mandi/database';
import { invoiceLinkPath, invoiceLinkSignature, newSigningKeyPair } from '@mandi/ondc';
import { LocalFileStore, newFileKey } from '@mandi/storage';
import { tempFileStore } from './catalog.testing.js';
import { ApiHarness, productionEnv } from './harness.js';

/*
 * The signed links of network orders' invoices (docs/ondc.md, "Network orders"): Mandi's on_status gives the buyer
 * app PUBLIC_URL/ondc/invoices/<id>/<signature>, which it fetches without signing in; any link Mandi did not sign,
 * or of an invoice that is not a network order's printed one, is a 404 that tells nothing.
 */

const MANDI = loadConfig({ NODE_ENV: 'test' }).ondc!;
const pdfBytes = (label: string) => Buffer.from(`%PDF-1.7\n% ${label}\n%%EOF\n`);
let sequence = 0;
/** What every refused link answers: nothing about whether the invoice exists. */
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'No such invoice' };

/** An order of `userId`'s, paid, made a network order (an ondc_orders row) when `network`. */
async function orderOf(api: ApiHarness, userId: number, network: boolean): Promise<number> {
  const order = await newOrder(api.db.prisma, { userId, paymentStatus: 'paid', status: 'shipped' });
  if (network) {
    await api.db.prisma.ondcOrder.create({
      data: {
        orderId: order.id,
        transactionId: randomUUID(),
        ondcOrderId: `O-${randomUUID()}`,
        bapId: 'buyer.example.com',
        bapUri: 'https://buyer.example.com/ondc',
        paymentType: 'ON-ORDER',
        collectedBy: 'BAP',
        finderFeeType: 'percent',
        finderFeeValue: '3',
        finderFeePaise: 210,
      },
    });
  }
  return order.id;
}

/** The invoice of `orderId` as the worker records it, with its PDF in `store` unless `rendered` is false. */
async function invoiceOf(api: ApiHarness, store: LocalFileStore, orderId: number, rendered = true) {
  sequence += 1;
  const key = rendered ? newFileKey(`invoices/${orderId}`, 'pdf') : null;
  if (key) await store.put(key, pdfBytes(`invoice of order ${orderId}`), 'application/pdf');
  return api.db.prisma.invoice.create({
    data: {
      orderId,
      kind: 'bill_of_supply',
      number: `INV/26-27/${String(900_000 + sequence).padStart(6, '0')}`,
      financialYear: 2026,
      sequence: 900_000 + sequence,
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

describe('GET /ondc/invoices/{invoiceId}/{signature}', () => {
  let api: ApiHarness;
  let dir: string;
  let store: LocalFileStore;
  let buyer: number;

  beforeAll(async () => {
    dir = tempFileStore();
    store = new LocalFileStore(dir);
    api = await ApiHarness.start({ FILE_STORE_DIR: dir });
    // The buyer app's customer: no Firebase account, never signed in.
    buyer = (await newUser(api.db.prisma)).id;
  });
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => api.request({ method: 'GET', url });

  it("answers a network order's printed invoice at its signed link, without signing in, as the download does", async () => {
    const invoice = await invoiceOf(api, store, await orderOf(api, buyer, true));
    const answer = await get(invoiceLinkPath(invoice.id, MANDI.signingPrivateKey));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.number.replaceAll('/', '-')}.pdf"`,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body).toBe(pdfBytes(`invoice of order ${invoice.orderId}`).toString());
  });

  it("refuses a wrong signature, another invoice's, another key's, and a tampered one (404)", async () => {
    const [invoice, other] = [
      await invoiceOf(api, store, await orderOf(api, buyer, true)),
      await invoiceOf(api, store, await orderOf(api, buyer, true)),
    ];
    const signature = invoiceLinkSignature(invoice.id, MANDI.signingPrivateKey);
    const tampered = signature.slice(0, 20) + (signature[20] === 'A' ? 'B' : 'A') + signature.slice(21);
    for (const url of [
      `/ondc/invoices/${invoice.id}/${invoiceLinkSignature(other.id, MANDI.signingPrivateKey)}`,
      `/ondc/invoices/${invoice.id}/${invoiceLinkSignature(invoice.id, newSigningKeyPair().privateKey)}`,
      `/ondc/invoices/${invoice.id}/${tampered}`,
      `/ondc/invoices/${other.id}/${signature}`,
    ]) {
      const answer = await get(url);
      expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({ url, status: 404, body: NOT_FOUND });
    }
  });

  it("refuses, signed, the invoice of an order that is not a network order's, and one not printed yet (404)", async () => {
    const storefront = await invoiceOf(api, store, await orderOf(api, buyer, false));
    const unprinted = await invoiceOf(api, store, await orderOf(api, buyer, true), false);
    for (const invoice of [storefront, unprinted]) {
      const answer = await get(invoiceLinkPath(invoice.id, MANDI.signingPrivateKey));
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 404, body: NOT_FOUND });
    }
  });

  it('answers junk path values with a 4xx, never a 5xx', async () => {
    // Junk, or links Mandi signed of ids no invoice can have (2147483648 is past PostgreSQL's int).
    const signature = invoiceLinkSignature(1, MANDI.signingPrivateKey);
    const answers: { id: string; sig: string; status: number | string }[] = [];
    for (const [id, sig] of [
      ['abc', signature],
      ['0', signature],
      ['-1', signature],
      ['1.5', signature],
      ['99999999999999999999', signature],
      ['2147483648', invoiceLinkSignature(2_147_483_648, MANDI.signingPrivateKey)],
      ['1e3', signature],
      [' 1', signature],
      ['%00', signature],
      ['1', ''],
      ['1', 'x'],
      ['1', `${signature}==`],
      ['1', 'A'.repeat(86)],
      ['1', '%E0%A4'],
      ['1', 'x'.repeat(5000)],
    ]) {
      const answer = await get(`/ondc/invoices/${id}/${sig}`);
      answers.push({ id, sig: sig.slice(0, 20), status: answer.statusCode < 500 ? '4xx' : answer.statusCode });
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(answers.filter((answer) => answer.status !== '4xx')).toEqual([]);
  });
});

describe('GET /ondc/invoices/{invoiceId}/{signature} where Mandi is not on the network', () => {
  let api: ApiHarness;
  let dir: string;

  beforeAll(async () => {
    dir = tempFileStore();
    api = await ApiHarness.start(productionEnv({ FILE_STORE_DIR: dir }));
  });
  afterAll(async () => {
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 404 even for a link signed with the development key', async () => {
    const invoice = await invoiceOf(
      api,
      new LocalFileStore(dir),
      await orderOf(api, (await newUser(api.db.prisma)).id, true),
    );
    const answer = await api.request({ method: 'GET', url: invoiceLinkPath(invoice.id, MANDI.signingPrivateKey) });
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 404, body: NOT_FOUND });
  });
});

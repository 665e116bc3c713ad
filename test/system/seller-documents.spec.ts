import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Test, type TestingModule } from '@nestjs/testing';
import { routeUrl, type Gstr8ReportAnswer, type OrderDetail, type SellerProfileBody } from '@mandi/contracts';
import { DatabaseModule, newAddress, newProduct, PrismaService } from '@mandi/database';
import { EmulatorAccounts } from '@mandi/identity';
import { gstinCheckCharacter } from '@mandi/domain';
import { FileStoreModule, LocalFileStore } from '@mandi/storage';
import { testWorkerConfig } from '../../apps/worker/src/accounts/testing/account-jobs.testing.js';
import { WorkerConfigModule } from '../../apps/worker/src/config/worker-config.module.js';
import { CreditNoteIssueHandler, InvoiceIssueHandler } from '../../apps/worker/src/invoices/document-issue.handler.js';
import {
  CreditNoteRenderHandler,
  InvoiceRenderHandler,
} from '../../apps/worker/src/invoices/document-render.handler.js';
import { InvoicesModule } from '../../apps/worker/src/invoices/invoices.module.js';
import { DOCUMENT_CLOCK } from '../../apps/worker/src/invoices/invoices.service.js';
import { pdfText } from '../../apps/worker/src/invoices/testing/invoice-jobs.testing.js';
import { directJobContext } from '../../apps/worker/src/pipeline/testing/job-context.testing.js';
import { bearer, tempFileStore } from '../../apps/api/test/catalog.testing.js';
import { BAD_PROFILE_VALUES } from '../../apps/api/test/seller-profiles.testing.js';
import { ApiHarness, type TestUser } from '../../apps/api/test/harness.js';

// Documents in the seller's name (issue 31; docs/invoices.md "Suppliers", docs/gst-returns.md "GSTR-8"): two sellers
// fill in their business profiles and are approved, a buyer's order holds lines of Mandi's own, of a registered seller
// and of an unregistered farmer, and the worker issues one document per supplier, each in its supplier's own series.
// Every expected figure is worked out by hand in docs/invoices.md ("Suppliers, by hand"), not by the code under test.

const gstinOf = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;
const ASHA_PAN = 'ABCPE1234F';
const ASHA_GSTIN = gstinOf('29', ASHA_PAN);
const KEY = randomBytes(32).toString('base64');
const ISSUED_AT = new Date('2026-11-20T11:30:00+05:30');

const profile = (legalName: string, pan: string, gstin: string): SellerProfileBody => ({
  legal_name: legalName,
  business_kind: 'individual_farmer',
  pan,
  gstin,
  fssai_number: '21519012000123',
  pickup_address: {
    name: legalName,
    mobile: '9876543210',
    state: 'Karnataka',
    district: 'Bangalore',
    taluk: 'Bangalore North',
    flat_house_building: 'Survey No. 12',
    area_or_street_or_village: 'Hesaraghatta',
    landmark: 'Near the dairy',
    pincode: '560001',
  },
  bank_account_holder: legalName,
  bank_account_number: '123456789012',
  ifsc: 'SBIN0000001',
});

describe("documents in the seller's name", () => {
  let api: ApiHarness;
  let worker: TestingModule;
  let dir: string;
  let admin: TestUser;
  let buyer: TestUser;
  let mandi: TestUser;
  let asha: TestUser;
  let ravi: TestUser;
  let official: TestUser;
  const accounts = new EmulatorAccounts();

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, user: TestUser | null, payload?: unknown) =>
    api.request({ method, url, headers: user ? bearer(user) : {}, payload });

  beforeAll(async () => {
    dir = tempFileStore();
    // Mandi's official seller, whose lines are Mandi's own supplies, is an account the configuration names.
    const mandiAccount = await accounts.signUp();
    const settings = { FILE_STORE_DIR: dir, SELLER_DATA_KEY: KEY, OFFICIAL_SELLER_UID: mandiAccount.uid };
    api = await ApiHarness.start(settings);
    const config = testWorkerConfig(api.db.url, settings);
    worker = await Test.createTestingModule({
      imports: [
        WorkerConfigModule.forRoot(config),
        DatabaseModule.forUrl(config.DATABASE_URL),
        FileStoreModule,
        InvoicesModule,
      ],
    })
      .overrideProvider(DOCUMENT_CLOCK)
      .useValue(() => ISSUED_AT)
      .compile();
    worker.useLogger(['error']);
    await worker.init();
    [admin, buyer, mandi, asha, ravi] = await Promise.all([
      api.newUser({ role: 'admin' }),
      api.newUser(),
      api.newUser(),
      api.newUser(),
      api.newUser(),
    ]);
    const row = await api.db.prisma.user.create({
      data: {
        firebaseUid: mandiAccount.uid,
        email: mandiAccount.email,
        username: 'mandi_official',
        agreedToTerms: true,
      },
    });
    official = { id: row.id, uid: mandiAccount.uid, email: mandiAccount.email, token: mandiAccount.token };
  });

  afterAll(async () => {
    await worker?.close();
    await api?.stop();
    await accounts.removeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const prisma = () => worker.get(PrismaService);
  const run = (handler: { handle: (payload: { orderId: number }, context: never) => Promise<void> }, orderId: number) =>
    handler.handle({ orderId }, directJobContext(prisma()) as never);

  /** A paid order of `buyer` to `state` with `lines` (seller, product, HSN, rate, unit price, quantity). */
  async function paidOrder(
    state: string,
    shippingPaise: number,
    lines: [TestUser, string, string, number, number, number][],
  ): Promise<number> {
    const subtotal = lines.reduce((sum, [, , , , unit, quantity]) => sum + unit * quantity, 0);
    const order = await api.db.prisma.order.create({
      data: {
        userId: buyer.id,
        status: 'confirmed',
        paymentStatus: 'paid',
        paymentMethod: 'online',
        subtotalPaise: subtotal,
        shippingPaise,
        totalPaise: subtotal + shippingPaise,
        totalWeightGrams: 1000,
        addressName: 'Meera Iyer',
        addressMobile: '9123456780',
        addressFlatHouseBuilding: '4 Lake View',
        addressAreaOrStreetOrVillage: 'Indiranagar',
        addressLandmark: 'Opposite the park',
        addressTaluk: 'Bangalore East',
        addressDistrict: 'Bangalore',
        addressState: state,
        addressPincode: '560038',
        items: {
          create: lines.map(([seller, name, hsn, rate, unit, quantity]) => ({
            sellerId: seller.id,
            productName: name,
            unitPricePaise: unit,
            quantity,
            weightGrams: 250,
            category: 'ghee_butter' as const,
            hsnCode: hsn,
            gstRatePercent: rate,
          })),
        },
      },
    });
    return order.id;
  }

  /** Issues and prints the invoices of an order as the worker's jobs do. */
  async function invoice(orderId: number) {
    await run(worker.get(InvoiceIssueHandler), orderId);
    // Mandi's first, then the sellers by name (their series keys follow their ids, which parallel sign-ups shuffle).
    const invoices = await api.db.prisma.invoice.findMany({
      where: { orderId },
      orderBy: { supplierName: { sort: 'asc', nulls: 'first' } },
    });
    for (const { id } of invoices)
      await worker.get(InvoiceRenderHandler).handle({ invoiceId: id, orderId }, directJobContext(prisma()));
    return invoices;
  }

  /** A document's figures: supplier, kind, number, taxable, exempt, CGST, SGST, IGST, shipping, total and TCS by head. */
  const figures = (d: Awaited<ReturnType<typeof invoice>>[number]) => [
    d.sellerId,
    d.kind,
    d.number,
    d.taxablePaise,
    d.exemptPaise,
    d.cgstPaise,
    d.sgstPaise,
    d.igstPaise,
    d.shippingPaise,
    d.totalPaise,
    d.tcsCgstPaise,
    d.tcsSgstPaise,
    d.tcsIgstPaise,
  ];

  const download = (id: string, user: TestUser | null) =>
    call('GET', routeUrl('downloadInvoice', { params: { invoiceId: id } }), user);

  test('the journey: profiles refused field by field then approved, one cart of three suppliers shipped part by part, three documents', async () => {
    const save = (seller: TestUser, body: SellerProfileBody) =>
      call('PUT', routeUrl('saveSellerProfile', { params: { uid: seller.uid } }), seller, body);
    const asProfile = profile('Asha Rao Farms', ASHA_PAN, ASHA_GSTIN);
    for (const [what, change, fields] of BAD_PROFILE_VALUES) {
      const refused = await save(asha, { ...asProfile, ...change });
      expect([what, refused.statusCode, refused.json().fields]).toEqual([what, 400, fields]);
    }
    // Asha is a registered farmer; Ravi sells his own produce without a GSTIN.
    for (const [seller, body] of [
      [asha, asProfile],
      [ravi, profile('Ravi Kumar', 'BCDPK5678L', '')],
    ] as const) {
      expect((await save(seller, body)).statusCode).toBe(200);
      const approved = await call('POST', routeUrl('approveSellerProfile', { params: { uid: seller.uid } }), admin);
      expect(approved.statusCode).toBe(200);
    }

    // One cart: Mandi's ghee, Asha's pickle, Ravi's potatoes; 900 g by cash on delivery ships for Rs 88.50.
    const products = await Promise.all(
      (
        [
          [official, 'Desi Ghee 500 ml', 'ghee_butter', 65_000],
          [asha, 'Mango Pickle 500 g', 'pickles_preserves', 20_000],
          [ravi, 'Aloo 1 kg', 'fresh_produce', 4_000],
        ] as const
      ).map(([seller, name, category, pricePaise]) =>
        newProduct(api.db.prisma, {
          sellerId: seller.id,
          name,
          category,
          prePackaged: true,
          pricePaise,
          weightGrams: 300,
        }),
      ),
    );
    const address = await newAddress(api.db.prisma, { userId: buyer.id });
    const placed = await call('POST', '/api/payment/cod', buyer, {
      userId: buyer.id,
      addressId: address.id,
      cartItems: products.map((product) => ({ productId: product.id, quantity: 1, price: product.pricePaise / 100 })),
      billing: { subtotal: 890, shippingCost: 88.5, grandTotal: 978.5 },
    });
    expect(placed.statusCode).toBe(201);
    const { id: orderId } = await api.db.prisma.order.findFirstOrThrow({
      where: { userId: buyer.id },
      orderBy: { id: 'desc' },
    });
    expect((await call('PUT', routeUrl('confirmOrder', { params: { id: orderId } }), admin)).statusCode).toBe(200);

    // Each seller packs and hands over their own part; the last hand-over ships the order.
    const courier = { carrier: 'India Post', tracking_number: 'EE123456789IN' };
    for (const seller of [official, asha, ravi]) {
      const { id: shipmentId } = await api.db.prisma.shipment.findFirstOrThrow({
        where: { orderId, sellerId: seller.id },
      });
      const params = { params: { uid: seller.uid, shipmentId } };
      expect((await call('POST', routeUrl('packShipment', params), seller)).statusCode).toBe(200);
      expect((await call('POST', routeUrl('handOverShipment', params), seller, courier)).statusCode).toBe(200);
    }
    expect((await api.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe('shipped');
    expect(
      (await call('PUT', routeUrl('markOrderDelivered', { params: { id: orderId } }), admin, { status: 'delivered' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', routeUrl('markOrderPaid', { params: { id: orderId } }), admin, { status: 'paid' })).statusCode,
    ).toBe(200);

    // Paid: three documents, by hand (docs/invoices.md, "Suppliers"): shipping 88.50 shared 64.63 / 19.89 / 3.98.
    const documents = await invoice(orderId);
    expect(documents.map(figures)).toEqual([
      [null, 'tax_invoice', 'INV/26-27/000001', 68_059, 0, 1_702, 1_702, 0, 6_463, 71_463, 0, 0, 0],
      [asha.id, 'tax_invoice', 'INV/26-27/000001', 20_943, 0, 523, 523, 0, 1_989, 21_989, 52, 52, 0],
      [ravi.id, 'bill_of_supply', 'INV/26-27/000001', 0, 4_398, 0, 0, 0, 398, 4_398, 0, 0, 0],
    ]);
    expect(documents.map((d) => d.supplierName)).toEqual([null, 'Asha Rao Farms', 'Ravi Kumar']);
    const detail = (await call('GET', routeUrl('orderDetails', { params: { orderId } }), buyer)).json() as OrderDetail;
    const [first, ...sellers] = detail.documents!.map((d) => d.supplier);
    expect([first, ...sellers.sort()]).toEqual(['Mandi Fresh Produce Private Limited', 'Asha Rao Farms', 'Ravi Kumar']);
    for (const document of detail.documents!) expect((await download(document.invoice_id, buyer)).statusCode).toBe(200);
  });

  test('an order from Mandi and two sellers gets three documents, each in its supplier’s name, series and tax', async () => {
    // `mandi` lists without a business profile: his lines are Mandi's own supplies, as the official seller's are.
    const first = await paidOrder('Karnataka', 6_000, [
      [mandi, 'Desi Ghee 500 ml', '0405', 5, 65_000, 2],
      [asha, 'Mango Pickle 500 g', '2001', 5, 20_000, 3],
      [ravi, 'Wild Honey 500 g', '0409', 5, 25_000, 1],
      [ravi, 'Aloo 1 kg', '0709', 0, 4_000, 2],
    ]);
    const documents = await invoice(first);

    // Figures by hand (docs/invoices.md): shipping 60.00 shared 34.98 / 16.14 / 8.88 by the goods' value.
    expect(documents.map(figures)).toEqual([
      [null, 'tax_invoice', 'INV/26-27/000002', 127_142, 0, 3_178, 3_178, 0, 3_498, 133_498, 0, 0, 0],
      [asha.id, 'tax_invoice', 'INV/26-27/000002', 58_680, 0, 1_467, 1_467, 0, 1_614, 61_614, 147, 147, 0],
      [ravi.id, 'bill_of_supply', 'INV/26-27/000002', 0, 33_888, 0, 0, 0, 888, 33_888, 0, 0, 0],
    ]);
    expect(documents.map((d) => d.supplierName)).toEqual([null, 'Asha Rao Farms', 'Ravi Kumar']);
    // The GSTIN is kept sealed, as the profile keeps it.
    expect(Buffer.from(documents[1]!.supplierGstinSealed!).toString('latin1')).not.toContain(ASHA_GSTIN);

    // The buyer's order page names all three; the spec's one invoice is Mandi's own.
    const detail = (
      await call('GET', routeUrl('orderDetails', { params: { orderId: first } }), buyer)
    ).json() as OrderDetail;
    expect(detail.invoice).toEqual({ invoice_id: String(documents[0]!.id), number: 'INV/26-27/000002' });
    expect(detail.documents!.map((d) => [d.kind, d.number, d.supplier]).sort()).toEqual([
      ['bill_of_supply', 'INV/26-27/000002', 'Ravi Kumar'],
      ['tax_invoice', 'INV/26-27/000002', 'Asha Rao Farms'],
      ['tax_invoice', 'INV/26-27/000002', 'Mandi Fresh Produce Private Limited'],
    ]);
    // Mandi's own first.
    expect(detail.documents![0]!.supplier).toBe('Mandi Fresh Produce Private Limited');

    // Each PDF names its supplier; a seller's names Mandi as the e-commerce operator.
    const texts = [];
    for (const document of documents) {
      const answer = await download(String(document.id), buyer);
      expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'application/pdf']);
      const { pdfFileKey } = await api.db.prisma.invoice.findUniqueOrThrow({ where: { id: document.id } });
      texts.push(pdfText((await new LocalFileStore(dir).get(pdfFileKey!))!.bytes));
    }
    expect(texts[0]).toContain('Mandi Fresh Produce Private Limited');
    expect(texts[0]).not.toContain('e-commerce operator');
    expect(texts[1]).toContain('Asha Rao Farms');
    expect(texts[1]).toContain(ASHA_GSTIN);
    expect(texts[1]).toMatch(
      /Supplied through the e-commerce operator Mandi Fresh Produce Private\s+Limited, GSTIN\s+29AAHCM4321K1ZA/,
    );
    expect(texts[2]).toContain('Bill of Supply');
    expect(texts[2]).toContain('Not registered under GST');

    // Who may download which: the buyer, the supplier and an admin.
    expect((await download(String(documents[1]!.id), asha)).statusCode).toBe(200);
    expect((await download(String(documents[1]!.id), ravi)).statusCode).toBe(403);
    expect((await download(String(documents[0]!.id), asha)).statusCode).toBe(403);
    expect((await download(String(documents[2]!.id), admin)).statusCode).toBe(200);
    expect((await download(String(documents[2]!.id), null)).statusCode).toBe(401);
  });

  test('cancelling yields a credit note per document, and the month’s GSTR-8 and the sellers’ supplies add up', async () => {
    const second = await paidOrder('Tamil Nadu', 5_000, [[asha, 'Mango Pickle 500 g', '2001', 5, 20_000, 1]]);
    const [igst] = await invoice(second);
    // Inter-state: IGST 9.52 + 2.38, TCS 0.5% IGST of 238.10 = 1.19.
    expect([igst!.number, igst!.taxablePaise, igst!.igstPaise, igst!.tcsIgstPaise, igst!.tcsCgstPaise]).toEqual([
      'INV/26-27/000003',
      23_810,
      1_190,
      119,
      0,
    ]);

    const first = (
      await api.db.prisma.invoice.findFirstOrThrow({ where: { sellerId: ravi.id, number: 'INV/26-27/000002' } })
    ).orderId;
    await api.db.prisma.order.update({
      where: { id: first },
      data: { status: 'cancelled', cancelReason: 'Changed my mind' },
    });
    await run(worker.get(CreditNoteIssueHandler), first);
    await run(worker.get(CreditNoteIssueHandler), first); // a second delivery records nothing more
    const notes = await api.db.prisma.creditNote.findMany({
      where: { orderId: first },
      orderBy: { invoice: { supplierName: { sort: 'asc', nulls: 'first' } } },
    });
    expect(notes.map((n) => [n.sellerId, n.number, n.totalPaise])).toEqual([
      [null, 'CN/26-27/000001', 133_498],
      [asha.id, 'CN/26-27/000001', 61_614],
      [ravi.id, 'CN/26-27/000001', 33_888],
    ]);
    for (const note of notes)
      await worker
        .get(CreditNoteRenderHandler)
        .handle({ creditNoteId: note.id, invoiceId: note.invoiceId, orderId: first }, directJobContext(prisma()));
    // The cancellation mail carries all three: announced once, by the last printed.
    expect(
      await api.db.prisma.outboxEvent.count({
        where: { type: 'credit_note.rendered', aggregateId: String(notes[2]!.id) },
      }),
    ).toBe(1);
    expect(await api.db.prisma.outboxEvent.count({ where: { type: 'credit_note.rendered' } })).toBe(1);
    const detail = (
      await call('GET', routeUrl('orderDetails', { params: { orderId: first } }), buyer)
    ).json() as OrderDetail;
    expect(detail.creditNote?.number).toBe('CN/26-27/000001');
    expect(
      detail
        .documents!.filter((d) => d.kind === 'credit_note')
        .map((d) => d.supplier)
        .sort(),
    ).toEqual(['Asha Rao Farms', 'Mandi Fresh Produce Private Limited', 'Ravi Kumar']);

    // GSTR-8 of November 2026, by hand: Asha supplied 209.43 (the journey's order) + 586.80 + 238.10 and 586.80 came
    // back; TCS 0.52 + 0.52 kept, 1.47 + 1.47 reversed, 1.19 IGST kept. Ravi is not registered (no TCS); Mandi's own
    // supplies are in its GSTR-1.
    const gstr8 = await call('GET', `${routeUrl('gstr8Report')}?month=2026-11`, admin);
    expect(gstr8.statusCode).toBe(200);
    const report = gstr8.json() as Gstr8ReportAnswer;
    const asha8 = {
      invoices: 3,
      creditNotes: 1,
      supplied: 1_034.33,
      returned: 586.8,
      net: 447.53,
      igst: 1.19,
      cgst: 0.52,
      sgst: 0.52,
    };
    expect(report.rows).toEqual([{ gstin: ASHA_GSTIN, name: 'Asha Rao Farms', ...asha8 }]);
    expect(report.totals).toEqual(asha8);
    const portal = await call('GET', `${routeUrl('gstr8Portal')}?month=2026-11`, admin);
    expect(JSON.parse(portal.body)).toEqual({
      gstin: '29AAHCM4321K1ZA',
      fp: '112026',
      tcs: [
        {
          stin: ASHA_GSTIN,
          supR: 0,
          retsupR: 0,
          supU: 1_034.33,
          retsupU: 586.8,
          amt: 447.53,
          iamt: 1.19,
          camt: 0.52,
          samt: 0.52,
        },
      ],
      tcsa: [],
    });
    const csv = await call('GET', `${routeUrl('gstr8Csv')}?month=2026-11`, admin);
    expect(csv.body.split('\r\n')[1]).toBe(`${ASHA_GSTIN},Asha Rao Farms,3,1,1034.33,586.80,447.53,1.19,0.52,0.52`);
    // Reconciled with the documents to the paisa.
    const [sums] = await api.db.prisma.$queryRaw<{ tcs: number; net: number }[]>`
      SELECT (SELECT sum(tcs_igst_paise + tcs_cgst_paise + tcs_sgst_paise) FROM invoices WHERE seller_id = ${asha.id})::int
             - (SELECT sum(i.tcs_igst_paise + i.tcs_cgst_paise + i.tcs_sgst_paise) FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id WHERE c.seller_id = ${asha.id})::int AS tcs,
             (SELECT sum(taxable_paise) FROM invoices WHERE seller_id = ${asha.id})::int
             - (SELECT sum(i.taxable_paise) FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id WHERE c.seller_id = ${asha.id})::int AS net`;
    expect(sums).toEqual({ tcs: 223, net: 44_753 });
    for (const user of [asha, buyer])
      expect((await call('GET', `${routeUrl('gstr8Report')}?month=2026-11`, user)).statusCode).toBe(403);
    expect((await call('GET', `${routeUrl('gstr8Report')}?month=2026-11`, null)).statusCode).toBe(401);

    // Each seller downloads their own month for their own GSTR-1; Mandi's GSTR-1 holds only its own documents.
    const supplies = (user: TestUser | null, of = asha) =>
      call('GET', `${routeUrl('sellerSupplies', { params: { uid: of.uid } })}?month=2026-11&table=register`, user);
    const own = await supplies(asha);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toBe('attachment; filename="SUPPLIES-2026-11-register.csv"');
    const register = own.body.trim().split('\r\n');
    expect(register.filter((line) => line.includes('INV/26-27/') || line.includes('CN/26-27/'))).toHaveLength(4);
    expect((await supplies(admin)).statusCode).toBe(200);
    for (const user of [ravi, buyer]) expect((await supplies(user)).statusCode).toBe(403);
    expect((await supplies(null)).statusCode).toBe(401);
    const mandiRegister = await call('GET', `${routeUrl('gstr1Csv')}?month=2026-11&table=register`, admin);
    expect(mandiRegister.body.split('\r\n').filter((line) => /INV\/|CN\//.test(line))).toHaveLength(3);
  });
});

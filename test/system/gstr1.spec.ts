import { computeInvoice, financialYearOf, GSTR1_MESSAGES, NO_TCS, type DocumentKind } from '@mandi/domain';
import type { Gstr1ReportAnswer } from '@mandi/contracts';
import type { Order } from '@mandi/database';
import { InvoicesRepository } from '../../apps/worker/src/invoices/invoices.repository.js';
import { orderWith, type TestLine } from '../../apps/worker/src/invoices/testing/invoice-jobs.testing.js';
import { bearer } from '../../apps/api/test/catalog.testing.js';
import { ApiHarness, type TestUser } from '../../apps/api/test/harness.js';

// GSTR-1 of September 2026 (docs/gst-returns.md). The documents are issued through the worker's own recording
// statement (InvoicesRepository.record: the series, the number, the figures libs/domain works out), at chosen moments.
// Every expected figure is worked out by hand in docs/gst-returns.md ('The test month'), not by the code under test.
// The seller is the test configuration's: Karnataka (29).

const GHEE: TestLine = { name: 'Desi Ghee 500 ml', unitPaise: 65_000, quantity: 2, ratePercent: 5, hsn: '0405' };
const POTATOES = (quantity: number): TestLine => ({
  name: 'Aloo 1 kg',
  unitPaise: 4_000,
  quantity,
  ratePercent: 0,
  hsn: '0709',
});
const APPLES: TestLine = { name: 'Shimla Apples 1 kg', unitPaise: 15_000, quantity: 2, ratePercent: 0, hsn: '0810' };
const PICKLE_12: TestLine = {
  name: 'Mango Pickle 500 g',
  unitPaise: 22_400,
  quantity: 2,
  ratePercent: 12,
  hsn: '2001',
};
const PICKLE_18: TestLine = { name: 'Lime Pickle 250 g', unitPaise: 11_800, quantity: 1, ratePercent: 18, hsn: '2001' };
const OIL: TestLine = {
  name: 'Cold Pressed Groundnut Oil 1 l',
  unitPaise: 59_000,
  quantity: 1,
  ratePercent: 18,
  hsn: '1515',
};

const IST = (text: string) => new Date(`${text}+05:30`);

describe('GET /api/admin/reports/gstr1', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let buyer: TestUser;
  const invoices = new InvoicesRepository();
  const month = (m: string, user: TestUser | null = admin, path = '') =>
    api.request({
      method: 'GET',
      url: `/api/admin/reports/gstr1${path}?month=${m}`,
      headers: user ? bearer(user) : {},
    });

  /** Records a document of `kind` for `order` at `issuedAt`, as the worker's issue job does (its repository's statement). */
  async function issue(kind: DocumentKind, order: Order, issuedAt: Date): Promise<void> {
    const { startYear, label } = financialYearOf(issuedAt);
    const slot = { financialYear: startYear, label, issuedAt, language: 'en' };
    await invoices.openSeries(api.db.prisma, kind, 'mandi', startYear);
    const recorded = await api.db.prisma.$transaction(async (tx) => {
      if (kind === 'credit_note') {
        await tx.order.update({ where: { id: order.id }, data: { status: 'cancelled' } });
        const [invoice] = await invoices.invoicesOfOrder(tx, order.id);
        return invoices.record(tx, 'credit_note', {
          ...slot,
          orderId: order.id,
          invoiceId: invoice!.id,
          supplierKey: 'mandi',
          sellerId: null,
          reason: 'Ordered by mistake',
          totalPaise: invoice!.totalPaise,
        });
      }
      const full = (await invoices.order(tx, order.id))!;
      const computation = computeInvoice({
        lines: full.lines.map((line) => ({
          description: line.productName,
          hsn: line.hsnCode,
          quantity: line.quantity,
          unitPaise: line.unitPricePaise,
          ratePercent: line.gstRatePercent,
        })),
        shippingPaise: full.shippingPaise,
        sellerState: 'Karnataka',
        placeOfSupply: full.address.state,
      });
      return invoices.record(tx, 'invoice', {
        ...slot,
        orderId: order.id,
        supplierKey: 'mandi',
        sellerId: null,
        seller: null,
        orderItemIds: full.lines.map((line) => line.id),
        tcs: NO_TCS,
        kind: computation.kind,
        placeOfSupply: full.address.state,
        totals: computation.totals,
      });
    });
    expect(recorded).not.toBeNull();
  }

  let report: Gstr1ReportAnswer;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, buyer] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);
    const db = api.db.prisma;
    // In numbering order; A and H are outside September by a minute either side.
    const a = await orderWith(db, { lines: [PICKLE_18], shippingPaise: 0, state: 'Maharashtra' });
    await issue('invoice', a, IST('2026-08-31T23:59:00')); // INV/26-27/000001, August's
    const b = await orderWith(db, { lines: [GHEE, POTATOES(3)], shippingPaise: 3000, state: 'Karnataka' });
    await issue('invoice', b, IST('2026-09-01T00:00:00')); // INV 2
    const c = await orderWith(db, { lines: [GHEE, POTATOES(3)], shippingPaise: 3000, state: 'Tamil Nadu' });
    await issue('invoice', c, IST('2026-09-10T11:00:00')); // INV 3
    await issue('credit_note', a, IST('2026-09-05T10:00:00')); // CN/26-27/000001, for August's invoice
    const d = await orderWith(db, { lines: [PICKLE_12, OIL], shippingPaise: 4000, state: 'Karnataka' });
    await issue('invoice', d, IST('2026-09-15T12:00:00')); // INV 4
    const e = await orderWith(db, { lines: [OIL, POTATOES(5)], shippingPaise: 5000, state: 'Delhi' });
    await issue('invoice', e, IST('2026-09-20T12:00:00')); // INV 5
    const f = await orderWith(db, { lines: [POTATOES(10), APPLES], shippingPaise: 3000, state: 'Karnataka' });
    await issue('invoice', f, IST('2026-09-25T12:00:00')); // INV 6, a bill of supply
    await issue('credit_note', c, IST('2026-09-30T23:59:59')); // CN 2, same month as its invoice
    const h = await orderWith(db, { lines: [OIL], shippingPaise: 0, state: 'Karnataka' });
    await issue('invoice', h, IST('2026-10-01T00:00:00')); // INV 7, October's

    const answer = await month('2026-09');
    expect(answer.statusCode).toBe(200);
    report = answer.json();
  });
  afterAll(() => api.stop());

  it('is for admins only: 401 without a token, 403 for a buyer', async () => {
    expect((await month('2026-09', null)).statusCode).toBe(401);
    const refused = await month('2026-09', buyer);
    expect(refused.statusCode).toBe(403);
    for (const path of ['/csv', '/portal']) {
      expect((await month('2026-09&table=b2cs', null, path)).statusCode).toBe(401);
      expect((await month('2026-09&table=b2cs', buyer, path)).statusCode).toBe(403);
    }
  });

  it('refuses a bad month with 400 naming the rule', async () => {
    const cases: [string, string][] = [
      ['2026-9', GSTR1_MESSAGES.badMonth],
      ['2026-13', GSTR1_MESSAGES.badMonth],
      ['September', GSTR1_MESSAGES.badMonth],
      ['2016-12', GSTR1_MESSAGES.beforeGst],
      ['2999-01', GSTR1_MESSAGES.futureMonth],
    ];
    for (const [m, message] of cases) {
      const answer = await month(m);
      expect([m, answer.statusCode, answer.json().message]).toEqual([m, 400, message]);
    }
    const none = await api.request({ method: 'GET', url: '/api/admin/reports/gstr1', headers: bearer(admin) });
    expect([none.statusCode, none.json().message]).toEqual([400, GSTR1_MESSAGES.badMonth]);
    const table = await month('2026-09&table=b2b', admin, '/csv');
    expect([table.statusCode, table.json().message]).toEqual([400, GSTR1_MESSAGES.badTable]);
  });

  it('covers September in India time: 1 Sep 00:00 IST in, 31 Aug 23:59 and 1 Oct 00:00 IST out', () => {
    expect(report.period).toEqual({
      month: '2026-09',
      fp: '092026',
      label: 'September 2026',
      from: '2026-08-31T18:30:00.000Z',
      to: '2026-09-30T18:30:00.000Z',
    });
    expect(report.seller.state).toEqual({ code: '29', name: 'Karnataka' });
    expect(report.register.rows.map((row) => row.number)).toEqual([
      'INV/26-27/000002',
      'INV/26-27/000003',
      'INV/26-27/000004',
      'INV/26-27/000005',
      'INV/26-27/000006',
      'CN/26-27/000001',
      'CN/26-27/000002',
    ]);
  });

  it('the sales register: every document, credit notes negative, with its totals', () => {
    expect(
      report.register.rows.map((r) => [
        r.document,
        r.number,
        r.placeOfSupply.code,
        r.supplyType,
        r.taxable,
        r.exempt,
        r.cgst,
        r.sgst,
        r.igst,
        r.total,
        r.againstNumber,
      ]),
    ).toEqual([
      ['Tax Invoice', 'INV/26-27/000002', '29', 'Intra-state', 1264.26, 122.54, 31.6, 31.6, 0, 1450, null],
      ['Tax Invoice', 'INV/26-27/000003', '33', 'Inter-state', 1264.25, 122.54, 0, 0, 63.21, 1450, null],
      ['Tax Invoice', 'INV/26-27/000004', '29', 'Intra-state', 934.7, 0, 71.65, 71.65, 0, 1078, null],
      ['Tax Invoice', 'INV/26-27/000005', '07', 'Inter-state', 531.64, 212.66, 0, 0, 95.7, 840, null],
      ['Bill of Supply', 'INV/26-27/000006', '29', 'Intra-state', 0, 730, 0, 0, 0, 730, null],
      ['Credit Note', 'CN/26-27/000001', '27', 'Inter-state', -100, 0, 0, 0, -18, -118, 'INV/26-27/000001'],
      [
        'Credit Note',
        'CN/26-27/000002',
        '33',
        'Inter-state',
        -1264.25,
        -122.54,
        0,
        0,
        -63.21,
        -1450,
        'INV/26-27/000003',
      ],
    ]);
    expect(report.register.totals).toEqual({
      invoices: {
        invoices: 5,
        creditNotes: 0,
        taxable: 3994.85,
        exempt: 1187.74,
        cgst: 103.25,
        sgst: 103.25,
        igst: 158.91,
        total: 5548,
      },
      creditNotes: {
        invoices: 0,
        creditNotes: 2,
        taxable: -1364.25,
        exempt: -122.54,
        cgst: 0,
        sgst: 0,
        igst: -81.21,
        total: -1568,
      },
      net: {
        invoices: 5,
        creditNotes: 2,
        taxable: 2630.6,
        exempt: 1065.2,
        cgst: 103.25,
        sgst: 103.25,
        igst: 77.7,
        total: 3980,
      },
    });
  });

  it('Table 7 (B2CS): by place of supply and rate, net of the credit notes issued in September', () => {
    expect(
      report.b2cs.rows.map((r) => [
        r.placeOfSupply.code,
        r.placeOfSupply.name,
        r.supplyType,
        r.rate,
        r.taxable,
        r.igst,
        r.cgst,
        r.sgst,
        r.cess,
      ]),
    ).toEqual([
      ['07', 'Delhi', 'Inter-state', 18, 531.64, 95.7, 0, 0, 0],
      ['27', 'Maharashtra', 'Inter-state', 18, -100, -18, 0, 0, 0],
      ['29', 'Karnataka', 'Intra-state', 5, 1264.26, 0, 31.6, 31.6, 0],
      ['29', 'Karnataka', 'Intra-state', 12, 415.42, 0, 24.92, 24.92, 0],
      ['29', 'Karnataka', 'Intra-state', 18, 519.28, 0, 46.73, 46.73, 0],
    ]);
    expect(report.b2cs.totals).toEqual({ taxable: 2630.6, igst: 77.7, cgst: 103.25, sgst: 103.25, cess: 0 });
    expect(report.b2cl).toEqual([]);
    expect(report.cdnur).toEqual([]);
  });

  it('Table 8: exempt supplies within Karnataka and to other states', () => {
    expect(report.nil.rows).toEqual([
      { supplyType: 'Intra-state', nilRated: 0, exempt: 852.54, nonGst: 0 },
      { supplyType: 'Inter-state', nilRated: 0, exempt: 212.66, nonGst: 0 },
    ]);
    expect(report.nil.totals).toEqual({ nilRated: 0, exempt: 1065.2, nonGst: 0 });
  });

  it('Table 12: by HSN and rate, shipping with the principal goods of its rate', () => {
    expect(
      report.hsn.rows.map((r) => [
        r.hsn,
        r.description,
        r.uqc,
        r.quantity,
        r.rate,
        r.totalValue,
        r.taxable,
        r.igst,
        r.cgst,
        r.sgst,
        r.cess,
      ]),
    ).toEqual([
      ['0405', 'Ghee and butter', 'NOS', 2, 5, 1327.46, 1264.26, 0, 31.6, 31.6, 0],
      ['0709', 'Fresh vegetables', 'NOS', 18, 0, 765.2, 765.2, 0, 0, 0, 0],
      ['0810', 'Fresh fruits', 'NOS', 2, 0, 300, 300, 0, 0, 0, 0],
      ['1515', 'Edible oils', 'NOS', 2, 18, 1240.08, 1050.92, 95.7, 46.73, 46.73, 0],
      ['2001', 'Pickles and preserves', 'NOS', 2, 12, 465.26, 415.42, 0, 24.92, 24.92, 0],
      ['2001', 'Pickles and preserves', 'NOS', -1, 18, -118, -100, -18, 0, 0, 0],
    ]);
    expect(report.hsn.totals).toEqual({
      quantity: 25,
      totalValue: 3980,
      taxable: 3695.8,
      igst: 77.7,
      cgst: 103.25,
      sgst: 103.25,
      cess: 0,
    });
  });

  it('Table 13: one series of invoices (tax invoices and bills of supply) and one of credit notes', () => {
    expect(report.documents).toEqual([
      {
        nature: 'Invoices for outward supply',
        from: 'INV/26-27/000002',
        to: 'INV/26-27/000006',
        total: 5,
        cancelled: 0,
        netIssued: 5,
      },
      { nature: 'Credit Note', from: 'CN/26-27/000001', to: 'CN/26-27/000002', total: 2, cancelled: 0, netIssued: 2 },
    ]);
  });

  it("reconciles with the sum of September's recorded invoices and credit notes, to the paisa", async () => {
    const [stored] = await api.db.prisma.$queryRaw<Record<string, number>[]>`
      WITH docs AS (
        SELECT 1 AS sign, i.* FROM invoices i WHERE i.issued_at >= '2026-09-01T00:00:00+05:30' AND i.issued_at < '2026-10-01T00:00:00+05:30'
        UNION ALL
        SELECT -1, i.* FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id
         WHERE c.issued_at >= '2026-09-01T00:00:00+05:30' AND c.issued_at < '2026-10-01T00:00:00+05:30'
      )
      SELECT sum(sign * taxable_paise)::int AS taxable, sum(sign * exempt_paise)::int AS exempt, sum(sign * cgst_paise)::int AS cgst,
             sum(sign * sgst_paise)::int AS sgst, sum(sign * igst_paise)::int AS igst, sum(sign * total_paise)::int AS total FROM docs`;
    const paise = (rupees: number) => Math.round(rupees * 100);
    const net = report.register.totals.net;
    expect(stored).toEqual({
      taxable: 263_060,
      exempt: 106_520,
      cgst: 10_325,
      sgst: 10_325,
      igst: 7_770,
      total: 398_000,
    });
    expect([net.taxable, net.exempt, net.cgst, net.sgst, net.igst, net.total].map(paise)).toEqual([
      stored!.taxable,
      stored!.exempt,
      stored!.cgst,
      stored!.sgst,
      stored!.igst,
      stored!.total,
    ]);
    expect(paise(report.b2cs.totals.taxable)).toBe(stored!.taxable);
    expect([report.b2cs.totals.cgst, report.b2cs.totals.sgst, report.b2cs.totals.igst].map(paise)).toEqual([
      stored!.cgst,
      stored!.sgst,
      stored!.igst,
    ]);
    expect(paise(report.nil.totals.exempt)).toBe(stored!.exempt);
    expect(paise(report.hsn.totals.taxable)).toBe(stored!.taxable + stored!.exempt);
    expect(paise(report.hsn.totals.totalValue)).toBe(stored!.total);
  });

  it('downloads each table as CSV, named for the month, amounts with two decimals', async () => {
    const b2cs = await month('2026-09&table=b2cs', admin, '/csv');
    expect(b2cs.statusCode).toBe(200);
    expect(b2cs.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(b2cs.headers['content-disposition']).toBe('attachment; filename="GSTR1-2026-09-b2cs.csv"');
    expect(b2cs.headers['cache-control']).toBe('private, no-store');
    expect(b2cs.body.split('\r\n')).toEqual([
      'Place of supply,State code,Supply type,Rate (%),Taxable value,IGST,CGST,SGST,Cess',
      'Delhi,07,Inter-state,18,531.64,95.70,0.00,0.00,0.00',
      'Maharashtra,27,Inter-state,18,-100.00,-18.00,0.00,0.00,0.00',
      'Karnataka,29,Intra-state,5,1264.26,0.00,31.60,31.60,0.00',
      'Karnataka,29,Intra-state,12,415.42,0.00,24.92,24.92,0.00',
      'Karnataka,29,Intra-state,18,519.28,0.00,46.73,46.73,0.00',
      'Total,,,,2630.60,77.70,103.25,103.25,0.00',
      '',
    ]);
    const docs = await month('2026-09&table=docs', admin, '/csv');
    expect(docs.body).toContain('Invoices for outward supply,INV/26-27/000002,INV/26-27/000006,5,0,5\r\n');
    const register = await month('2026-09&table=register', admin, '/csv');
    expect(register.headers['content-disposition']).toBe('attachment; filename="GSTR1-2026-09-register.csv"');
    expect(register.body).toContain('Credit Note,CN/26-27/000001,05 Sep 2026,');
    expect(register.body).toContain(
      'Net,"5 invoices, 2 credit notes",,,,,,,2630.60,1065.20,103.25,103.25,77.70,3980.00\r\n',
    );
    for (const table of ['hsn', 'nil'])
      expect((await month(`2026-09&table=${table}`, admin, '/csv')).statusCode).toBe(200);
  });

  it("downloads the portal's JSON: gstin, fp, b2cs, nil, hsn and doc_issue in rupees", async () => {
    const answer = await month('2026-09', admin, '/portal');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="GSTR1-2026-09.json"');
    const json = answer.json();
    expect(json.gstin).toBe(report.seller.gstin);
    expect(json.fp).toBe('092026');
    expect(json.b2cs[0]).toEqual({
      sply_ty: 'INTER',
      pos: '07',
      typ: 'OE',
      rt: 18,
      txval: 531.64,
      iamt: 95.7,
      camt: 0,
      samt: 0,
      csamt: 0,
    });
    expect(json.b2cs[3]).toEqual({
      sply_ty: 'INTRA',
      pos: '29',
      typ: 'OE',
      rt: 12,
      txval: 415.42,
      iamt: 0,
      camt: 24.92,
      samt: 24.92,
      csamt: 0,
    });
    expect(json.nil.inv).toEqual([
      { sply_ty: 'INTRAB2C', expt_amt: 852.54, nil_amt: 0, ngsup_amt: 0 },
      { sply_ty: 'INTERB2C', expt_amt: 212.66, nil_amt: 0, ngsup_amt: 0 },
    ]);
    expect(json.hsn.hsn_b2c).toHaveLength(6);
    expect(json.hsn.hsn_b2c[3]).toEqual({
      num: 4,
      hsn_sc: '1515',
      desc: 'Edible oils',
      uqc: 'NOS',
      qty: 2,
      val: 1240.08,
      rt: 18,
      txval: 1050.92,
      iamt: 95.7,
      camt: 46.73,
      samt: 46.73,
      csamt: 0,
    });
    expect(json.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        docs: [{ num: 1, from: 'INV/26-27/000002', to: 'INV/26-27/000006', totnum: 5, cancel: 0, net_issue: 5 }],
      },
      {
        doc_num: 5,
        docs: [{ num: 1, from: 'CN/26-27/000001', to: 'CN/26-27/000002', totnum: 2, cancel: 0, net_issue: 2 }],
      },
    ]);
  });

  it('answers an empty month with empty tables, and refuses (409, naming it) a month whose record disagrees with its order', async () => {
    const empty = (await month('2026-07')).json();
    expect([empty.b2cs.rows, empty.hsn.rows, empty.documents, empty.register.rows]).toEqual([[], [], [], []]);
    expect(empty.nil.totals).toEqual({ nilRated: 0, exempt: 0, nonGst: 0 });

    const g = await orderWith(api.db.prisma, { lines: [OIL], shippingPaise: 0, state: 'Kerala' });
    await issue('invoice', g, IST('2026-06-10T12:00:00'));
    await api.db.prisma.invoice.update({
      where: { orderId_supplierKey: { orderId: g.id, supplierKey: 'mandi' } },
      data: { igstPaise: 9_001, taxablePaise: 49_999 },
    });
    const refused = await month('2026-06');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The return cannot be prepared: 1 document of the month disagrees with the invoice rules. ' +
        `Invoice INV/26-27/000008: invoice INV/26-27/000008 disagrees with its order ${g.id} (taxable 49999 recorded, 50000 worked out; igst 9001 recorded, 9000 worked out; paise).`,
    );
  });

  it('works a month out again when a document is issued in it, and reuses it while none is', async () => {
    const first = (await month('2026-05')).json();
    expect(first.register.rows).toEqual([]);
    expect((await month('2026-05')).json().readAt).toBe(first.readAt);

    const late = await orderWith(api.db.prisma, { lines: [OIL], shippingPaise: 0, state: 'Karnataka' });
    await issue('invoice', late, IST('2026-05-20T12:00:00'));
    const again = (await month('2026-05')).json();
    expect(again.register.rows.map((row: { orderId: number }) => row.orderId)).toEqual([late.id]);
    expect(again.readAt).not.toBe(first.readAt);
  });
});

import { DomainError } from '../errors/domain.error.js';
import { buildGstr1, GSTR1_MESSAGES, previousReturnMonth, returnPeriod, type Gstr1Document } from './gstr1.js';
import { gstr1PortalJson } from './gstr1-portal.js';

// Every expected figure below is worked out by hand (docs/invoices.md's worked example and docs/gst-returns.md).

const NOW = new Date('2026-12-05T10:00:00+05:30');

describe('returnPeriod', () => {
  it('is a calendar month on an Indian clock: 1 Nov 00:00 IST up to 1 Dec 00:00 IST', () => {
    expect(returnPeriod('2026-11', NOW)).toEqual({
      month: '2026-11',
      fp: '112026',
      label: 'November 2026',
      from: new Date('2026-10-31T18:30:00Z'),
      to: new Date('2026-11-30T18:30:00Z'),
    });
    expect(returnPeriod('2026-12', NOW).to).toEqual(new Date('2026-12-31T18:30:00Z'));
    expect(returnPeriod('2025-12', NOW).to).toEqual(new Date('2025-12-31T18:30:00Z'));
  });

  it.each([
    ['2026-13', GSTR1_MESSAGES.badMonth],
    ['2026-1', GSTR1_MESSAGES.badMonth],
    ['Nov 2026', GSTR1_MESSAGES.badMonth],
    ['', GSTR1_MESSAGES.badMonth],
    ['2017-06', GSTR1_MESSAGES.beforeGst],
    ['2027-01', GSTR1_MESSAGES.futureMonth],
  ])('refuses %p naming the rule', (month, message) => {
    expect(() => returnPeriod(month, NOW)).toThrow(new DomainError('invalid_data', message));
  });

  it('allows the current month (a draft of the month so far) and reads "now" in India', () => {
    // 31 Dec 2026 20:00 UTC is already 1 Jan 2027 in India.
    expect(returnPeriod('2027-01', new Date('2026-12-31T20:00:00Z')).fp).toBe('012027');
  });

  it('defaults to the month before, in India', () => {
    expect(previousReturnMonth(NOW)).toBe('2026-11');
    expect(previousReturnMonth(new Date('2026-12-31T19:00:00Z'))).toBe('2026-12');
    expect(previousReturnMonth(new Date('2027-01-15T10:00:00+05:30'))).toBe('2026-12');
  });
});

const GHEE = { hsn: '0405', ratePercent: 5, unitPaise: 65_000, quantity: 2, category: 'ghee_butter' as const };
const POTATOES = { hsn: '0709', ratePercent: 0, unitPaise: 4_000, quantity: 3, category: 'fresh_produce' as const };
const PICKLE = { hsn: '2001', ratePercent: 18, unitPaise: 11_800, quantity: 1, category: 'pickles_preserves' as const };

function invoice(
  sequence: number,
  place: string,
  figures: Partial<Gstr1Document['invoice']>,
  extra: Partial<Gstr1Document> = {},
): Gstr1Document {
  const number = `INV/26-27/${String(sequence).padStart(6, '0')}`;
  return {
    type: 'invoice',
    number,
    sequence,
    financialYear: 2026,
    issuedAt: new Date('2026-11-10T12:00:00+05:30'),
    orderId: 100 + sequence,
    invoice: {
      number,
      issuedAt: new Date('2026-11-10T12:00:00+05:30'),
      kind: 'tax_invoice',
      placeOfSupply: place,
      taxablePaise: 0,
      exemptPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      shippingPaise: 3000,
      totalPaise: 145_000,
      ...figures,
    },
    creditedPaise: null,
    orderShippingPaise: 3000,
    lines: [GHEE, POTATOES],
    ...extra,
  };
}

// docs/invoices.md: 2 x ghee Rs 650 at 5%, 3 x potatoes Rs 40 exempt, Rs 30 shipping, in Karnataka and in Tamil Nadu.
const KARNATAKA = invoice(1, 'Karnataka', {
  taxablePaise: 126_426,
  exemptPaise: 12_254,
  cgstPaise: 3_160,
  sgstPaise: 3_160,
});
const TAMIL_NADU = invoice(2, 'Tamil Nadu', { taxablePaise: 126_425, exemptPaise: 12_254, igstPaise: 6_321 });
// Last month's invoice to Maharashtra: 1 x pickle Rs 118 at 18%, free shipping: IGST 18.00 on 100.00. Credited this month.
const CREDIT_OF_OCTOBER: Gstr1Document = {
  type: 'credit_note',
  number: 'CN/26-27/000004',
  sequence: 4,
  financialYear: 2026,
  issuedAt: new Date('2026-11-02T09:00:00+05:30'),
  orderId: 90,
  invoice: {
    number: 'INV/26-27/000000',
    issuedAt: new Date('2026-10-31T23:59:00+05:30'),
    kind: 'tax_invoice',
    placeOfSupply: 'Maharashtra',
    taxablePaise: 10_000,
    exemptPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 1_800,
    shippingPaise: 0,
    totalPaise: 11_800,
  },
  creditedPaise: 11_800,
  orderShippingPaise: 0,
  lines: [PICKLE],
};

describe('buildGstr1', () => {
  const report = buildGstr1([TAMIL_NADU, CREDIT_OF_OCTOBER, KARNATAKA], 'Karnataka');

  it('Table 7: taxed supplies by place and rate, the credit note of an older invoice subtracted in its month', () => {
    expect(report.b2cs).toEqual([
      {
        place: { code: '27', name: 'Maharashtra' },
        supply: 'inter_state',
        ratePercent: 18,
        taxablePaise: -10_000,
        igstPaise: -1_800,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      },
      {
        place: { code: '29', name: 'Karnataka' },
        supply: 'intra_state',
        ratePercent: 5,
        taxablePaise: 126_426,
        igstPaise: 0,
        cgstPaise: 3_160,
        sgstPaise: 3_160,
        cessPaise: 0,
      },
      {
        place: { code: '33', name: 'Tamil Nadu' },
        supply: 'inter_state',
        ratePercent: 5,
        taxablePaise: 126_425,
        igstPaise: 6_321,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      },
    ]);
    expect(report.totals.b2cs).toEqual({
      taxablePaise: 242_851,
      igstPaise: 4_521,
      cgstPaise: 3_160,
      sgstPaise: 3_160,
      cessPaise: 0,
    });
  });

  it('Table 8: exempt supplies within the state and across (goods and their shipping share)', () => {
    expect(report.nil).toEqual([
      { supply: 'intra_state', nilRatedPaise: 0, exemptPaise: 12_254, nonGstPaise: 0 },
      { supply: 'inter_state', nilRatedPaise: 0, exemptPaise: 12_254, nonGstPaise: 0 },
    ]);
  });

  it("Table 12: by HSN and rate, shipping with the principal goods of its rate, the credit note's goods subtracted", () => {
    expect(report.hsn).toEqual([
      // 2 x 1,300.00 goods + 2 x 27.46 shipping share = 2,654.92; taxable 1,264.26 + 1,264.25.
      {
        hsn: '0405',
        description: 'Ghee and butter',
        uqc: 'NOS',
        quantity: 4,
        ratePercent: 5,
        valuePaise: 265_492,
        taxablePaise: 252_851,
        igstPaise: 6_321,
        cgstPaise: 3_160,
        sgstPaise: 3_160,
        cessPaise: 0,
      },
      {
        hsn: '0709',
        description: 'Fresh vegetables',
        uqc: 'NOS',
        quantity: 6,
        ratePercent: 0,
        valuePaise: 24_508,
        taxablePaise: 24_508,
        igstPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      },
      {
        hsn: '2001',
        description: 'Pickles and preserves',
        uqc: 'NOS',
        quantity: -1,
        ratePercent: 18,
        valuePaise: -11_800,
        taxablePaise: -10_000,
        igstPaise: -1_800,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      },
    ]);
    expect(report.totals.hsn).toEqual({
      quantity: 9,
      valuePaise: 278_200,
      taxablePaise: 267_359,
      igstPaise: 4_521,
      cgstPaise: 3_160,
      sgstPaise: 3_160,
      cessPaise: 0,
    });
  });

  it('Table 13: one series of invoices, one of credit notes, from the lowest to the highest number', () => {
    expect(report.documents).toEqual([
      {
        docNum: 1,
        nature: 'Invoices for outward supply',
        from: 'INV/26-27/000001',
        to: 'INV/26-27/000002',
        total: 2,
        cancelled: 0,
        netIssued: 2,
      },
      {
        docNum: 5,
        nature: 'Credit Note',
        from: 'CN/26-27/000004',
        to: 'CN/26-27/000004',
        total: 1,
        cancelled: 0,
        netIssued: 1,
      },
    ]);
    const gap = buildGstr1([KARNATAKA, invoice(4, 'Karnataka', KARNATAKA.invoice)], 'Karnataka');
    expect(gap.documents).toEqual([
      {
        docNum: 1,
        nature: 'Invoices for outward supply',
        from: 'INV/26-27/000001',
        to: 'INV/26-27/000004',
        total: 4,
        cancelled: 2,
        netIssued: 2,
      },
    ]);
  });

  it('the register: invoices then credit notes, credit notes negative; the tables add up to it', () => {
    expect(
      report.register.map((row) => [
        row.number,
        row.title,
        row.place.code,
        row.taxablePaise,
        row.exemptPaise,
        row.igstPaise,
        row.totalPaise,
      ]),
    ).toEqual([
      ['INV/26-27/000001', 'tax_invoice', '29', 126_426, 12_254, 0, 145_000],
      ['INV/26-27/000002', 'tax_invoice', '33', 126_425, 12_254, 6_321, 145_000],
      ['CN/26-27/000004', 'credit_note', '27', -10_000, 0, -1_800, -11_800],
    ]);
    expect(report.register[2]!.againstNumber).toBe('INV/26-27/000000');
    const net = report.totals.register.net;
    expect(net).toEqual({
      invoices: 2,
      creditNotes: 1,
      taxablePaise: 242_851,
      exemptPaise: 24_508,
      cgstPaise: 3_160,
      sgstPaise: 3_160,
      igstPaise: 4_521,
      totalPaise: 278_200,
    });
    expect(report.totals.b2cs.taxablePaise).toBe(net.taxablePaise);
    expect(report.totals.nil.exemptPaise).toBe(net.exemptPaise);
    expect(report.totals.hsn.valuePaise).toBe(net.totalPaise);
  });

  it('leaves out a row that nets to nothing: an invoice and its credit note in the same month', () => {
    const note: Gstr1Document = {
      ...TAMIL_NADU,
      type: 'credit_note',
      number: 'CN/26-27/000001',
      sequence: 1,
      creditedPaise: 145_000,
    };
    const netted = buildGstr1([KARNATAKA, TAMIL_NADU, note], 'Karnataka');
    expect(netted.b2cs.map((row) => row.place.code)).toEqual(['29']);
    expect(netted.nil[1]!.exemptPaise).toBe(0);
  });

  it('reports an inter-state invoice over Rs 1 lakh invoice-wise (Table 5), and its credit note in Table 9B', () => {
    // 2 x Rs 60,000 at 5% to Delhi, no shipping: IGST round(1,20,000 x 5 / 105) = 5,714.29, taxable 1,14,285.71.
    const large = invoice(
      3,
      'Delhi',
      { taxablePaise: 11_428_571, igstPaise: 571_429, shippingPaise: 0, totalPaise: 12_000_000 },
      {
        orderShippingPaise: 0,
        lines: [{ ...GHEE, unitPaise: 6_000_000 }],
      },
    );
    const note: Gstr1Document = {
      ...large,
      type: 'credit_note',
      number: 'CN/26-27/000009',
      sequence: 9,
      creditedPaise: 12_000_000,
    };
    const withLarge = buildGstr1([large, note], 'Karnataka');
    expect(withLarge.b2cs).toEqual([]);
    expect(withLarge.b2cl).toEqual([
      {
        number: 'INV/26-27/000003',
        issuedAt: large.issuedAt,
        place: { code: '07', name: 'Delhi' },
        invoicePaise: 12_000_000,
        rates: [
          { ratePercent: 5, taxablePaise: 11_428_571, igstPaise: 571_429, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 },
        ],
      },
    ]);
    expect(withLarge.cdnur.map((row) => [row.number, row.invoiceNumber, row.invoicePaise])).toEqual([
      ['CN/26-27/000009', 'INV/26-27/000003', 12_000_000],
    ]);
    expect(withLarge.hsn).toEqual([]);
  });

  it('refuses (conflict) when a record disagrees with its order, naming the document and the figures', () => {
    const tampered = invoice(7, 'Karnataka', { ...KARNATAKA.invoice, number: 'INV/26-27/000007', cgstPaise: 3_161 });
    const noPlace = invoice(8, 'Atlantis', {
      ...KARNATAKA.invoice,
      number: 'INV/26-27/000008',
      placeOfSupply: 'Atlantis',
    });
    const partial: Gstr1Document = { ...CREDIT_OF_OCTOBER, creditedPaise: 5_000 };
    let error: unknown;
    try {
      buildGstr1([KARNATAKA, tampered, noPlace, partial], 'Karnataka');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('conflict');
    expect((error as DomainError).message).toBe(
      'The return cannot be prepared: 3 documents of the month disagree with the invoice rules. ' +
        'Invoice INV/26-27/000007: invoice INV/26-27/000007 disagrees with its order 107 (cgst 3161 recorded, 3160 worked out; paise). ' +
        "Invoice INV/26-27/000008: the place of supply 'Atlantis' is not a state or union territory of India. " +
        "Credit note CN/26-27/000004: credits 5000 paise of invoice INV/26-27/000000's 11800; a credit note reverses its invoice in full.",
    );
  });
});

describe('gstr1PortalJson', () => {
  it('lays the month out as the GST offline tool takes it, amounts in rupees', () => {
    const report = buildGstr1([TAMIL_NADU, CREDIT_OF_OCTOBER, KARNATAKA], 'Karnataka');
    const json = gstr1PortalJson(report, returnPeriod('2026-11', NOW), '29AAHCM4321K1ZA');
    expect(json.gstin).toBe('29AAHCM4321K1ZA');
    expect(json.fp).toBe('112026');
    expect(json.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 18, txval: -100, iamt: -18, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 5, txval: 1264.26, iamt: 0, camt: 31.6, samt: 31.6, csamt: 0 },
      { sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 5, txval: 1264.25, iamt: 63.21, camt: 0, samt: 0, csamt: 0 },
    ]);
    expect(json.nil).toEqual({
      inv: [
        { sply_ty: 'INTRAB2C', expt_amt: 122.54, nil_amt: 0, ngsup_amt: 0 },
        { sply_ty: 'INTERB2C', expt_amt: 122.54, nil_amt: 0, ngsup_amt: 0 },
      ],
    });
    expect(json.hsn.hsn_b2c[0]).toEqual({
      num: 1,
      hsn_sc: '0405',
      desc: 'Ghee and butter',
      uqc: 'NOS',
      qty: 4,
      val: 2654.92,
      rt: 5,
      txval: 2528.51,
      iamt: 63.21,
      camt: 31.6,
      samt: 31.6,
      csamt: 0,
    });
    expect(json.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          docs: [{ num: 1, from: 'INV/26-27/000001', to: 'INV/26-27/000002', totnum: 2, cancel: 0, net_issue: 2 }],
        },
        {
          doc_num: 5,
          docs: [{ num: 1, from: 'CN/26-27/000004', to: 'CN/26-27/000004', totnum: 1, cancel: 0, net_issue: 1 }],
        },
      ],
    });
    expect(json.b2cl).toEqual([]);
    expect(json.cdnur).toEqual([]);
  });
});

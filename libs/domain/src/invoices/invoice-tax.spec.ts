import { DomainError } from '../errors/domain.error.js';
import { apportionShipping, computeInvoice, splitTax, supplyType, type InvoiceLineInput } from './invoice-tax.js';

const line = (unitPaise: number, quantity: number, ratePercent: number, description = 'Item'): InvoiceLineInput => ({
  description,
  hsn: ratePercent === 0 ? '0709' : '0405',
  quantity,
  unitPaise,
  ratePercent,
});

describe('supplyType', () => {
  it.each([
    ['Karnataka', 'Karnataka', 'intra_state'],
    ['Karnataka', ' karnataka', 'intra_state'],
    ['Chhattisgarh', 'Chattisgarh', 'intra_state'],
    ['Karnataka', 'Tamil Nadu', 'inter_state'],
    ['Delhi', 'Haryana', 'inter_state'],
  ])('seller in %p, delivery to %p: %s', (seller, delivery, supply) => {
    expect(supplyType(seller, delivery)).toBe(supply);
  });
});

describe('splitTax: prices include GST; tax is rounded half-up to the paisa', () => {
  it.each([
    // gross, rate, supply, taxable, cgst, sgst, igst
    [130_000, 5, 'intra_state', 123_810, 3_095, 3_095, 0], // 2 x Rs 650 ghee: 123810 x 2.5% = 3095.25
    [130_000, 5, 'inter_state', 123_810, 0, 0, 6_190],
    [10_500, 5, 'intra_state', 10_000, 250, 250, 0], // exact
    [10_500, 5, 'inter_state', 10_000, 0, 0, 500],
    [9_999, 5, 'intra_state', 9_523, 238, 238, 0], // 238.07 each
    [9_999, 5, 'inter_state', 9_523, 0, 0, 476], // 476.14
    [21, 5, 'intra_state', 19, 1, 1, 0], // 0.5 paise each rounds up
    [21, 5, 'inter_state', 20, 0, 0, 1],
    [100, 12, 'intra_state', 90, 5, 5, 0], // 5.36 each
    [100, 12, 'inter_state', 89, 0, 0, 11], // 10.71
    [11_800, 18, 'intra_state', 10_000, 900, 900, 0],
    [11_800, 18, 'inter_state', 10_000, 0, 0, 1_800],
    [12_000, 0, 'intra_state', 12_000, 0, 0, 0], // exempt
    [0, 5, 'inter_state', 0, 0, 0, 0],
  ] as const)(
    '%p paise at %p%% (%s): taxable %p, CGST %p, SGST %p, IGST %p',
    (gross, rate, supply, taxable, cgst, sgst, igst) => {
      const split = splitTax(gross, rate, supply);
      expect(split).toEqual({
        grossPaise: gross,
        ratePercent: rate,
        taxablePaise: taxable,
        cgstPaise: cgst,
        sgstPaise: sgst,
        igstPaise: igst,
      });
      expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(gross);
    },
  );

  it.each([[7], [-5], [2.5]])('refuses a rate of %p%%', (rate) => {
    expect(() => splitTax(100, rate, 'inter_state')).toThrow(DomainError);
  });

  it('refuses negative and fractional amounts', () => {
    expect(() => splitTax(-1, 5, 'inter_state')).toThrow(DomainError);
    expect(() => splitTax(10.5, 5, 'inter_state')).toThrow(DomainError);
  });
});

describe('apportionShipping: shipping follows the goods it carries', () => {
  it.each([
    ['one rate takes it all', 3000, [[12_000, 0]], [[0, 3000]]],
    // 3000 x 12000 / 142000 = 253.52 and 3000 x 130000 / 142000 = 2746.48; the larger remainder gets the last paisa.
    [
      'shared by value',
      3000,
      [
        [12_000, 0],
        [130_000, 5],
      ],
      [
        [5, 2746],
        [0, 254],
      ],
    ],
    [
      'lines of one rate are added up',
      1000,
      [
        [100, 5],
        [100, 5],
        [200, 0],
      ],
      [
        [5, 500],
        [0, 500],
      ],
    ],
    // Equal remainders: the higher rate gets the paisa.
    [
      'ties go to the higher rate',
      1,
      [
        [100, 0],
        [100, 5],
      ],
      [[5, 1]],
    ],
    [
      'goods worth nothing leave it to the highest rate',
      3000,
      [
        [0, 0],
        [0, 12],
      ],
      [[12, 3000]],
    ],
    ['free shipping has no parts', 0, [[100, 5]], []],
  ] as const)('%s', (_title, shipping, goods, shares) => {
    const parts = apportionShipping(
      shipping,
      goods.map(([grossPaise, ratePercent]) => ({ grossPaise, ratePercent })),
    );
    expect([...parts]).toEqual(shares);
    expect([...parts.values()].reduce((sum, paise) => sum + paise, 0)).toBe(shipping);
  });
});

describe('computeInvoice', () => {
  it('taxes within the seller state as CGST + SGST, and shares shipping between the exempt and the taxed goods', () => {
    const invoice = computeInvoice({
      lines: [line(65_000, 2, 5, 'Desi Ghee 500 ml'), line(4_000, 3, 0, 'Aloo 1 kg')],
      shippingPaise: 3000,
      sellerState: 'Karnataka',
      placeOfSupply: 'Karnataka',
    });
    expect(invoice.kind).toBe('tax_invoice');
    expect(invoice.supply).toBe('intra_state');
    expect(
      invoice.lines.map((l) => [l.description, l.grossPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise]),
    ).toEqual([
      ['Desi Ghee 500 ml', 130_000, 123_810, 3_095, 3_095, 0],
      ['Aloo 1 kg', 12_000, 12_000, 0, 0, 0],
    ]);
    // 254 paise of shipping travel with the exempt aloo, 2746 with the ghee at 5%: 65 + 65 of CGST + SGST.
    expect(invoice.shipping).toEqual([
      { grossPaise: 254, ratePercent: 0, taxablePaise: 254, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
      { grossPaise: 2746, ratePercent: 5, taxablePaise: 2616, cgstPaise: 65, sgstPaise: 65, igstPaise: 0 },
    ]);
    expect(invoice.rates).toEqual([
      { ratePercent: 0, taxablePaise: 12_254, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
      { ratePercent: 5, taxablePaise: 126_426, cgstPaise: 3_160, sgstPaise: 3_160, igstPaise: 0 },
    ]);
    expect(invoice.totals).toEqual({
      goodsPaise: 142_000,
      shippingPaise: 3000,
      taxablePaise: 126_426,
      exemptPaise: 12_254,
      cgstPaise: 3_160,
      sgstPaise: 3_160,
      igstPaise: 0,
      taxPaise: 6_320,
      totalPaise: 145_000,
    });
  });

  it('taxes a delivery to another state as IGST', () => {
    const invoice = computeInvoice({
      lines: [line(65_000, 2, 5), line(4_000, 3, 0)],
      shippingPaise: 3000,
      sellerState: 'Karnataka',
      placeOfSupply: 'Tamil Nadu',
    });
    expect(invoice.supply).toBe('inter_state');
    expect(invoice.totals).toMatchObject({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 6_190 + 131,
      taxPaise: 6_321,
      totalPaise: 145_000,
    });
    expect(invoice.totals.taxablePaise + invoice.totals.exemptPaise + invoice.totals.taxPaise).toBe(145_000);
  });

  it('makes a bill of supply of exempt goods only, with exempt shipping', () => {
    const invoice = computeInvoice({
      lines: [line(4_000, 3, 0), line(12_050, 1, 0)],
      shippingPaise: 8850,
      sellerState: 'Karnataka',
      placeOfSupply: 'Kerala',
    });
    expect(invoice.kind).toBe('bill_of_supply');
    expect(invoice.totals).toEqual({
      goodsPaise: 24_050,
      shippingPaise: 8850,
      taxablePaise: 0,
      exemptPaise: 32_900,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      taxPaise: 0,
      totalPaise: 32_900,
    });
  });

  it.each([
    ['intra', 'Karnataka'],
    ['inter', 'Maharashtra'],
  ])('always totals what the buyer paid (%s-state, many odd prices)', (_kind, state) => {
    const lines = Array.from({ length: 40 }, (_, i) => line(1 + i * 997, 1 + (i % 15), [0, 5, 12, 18, 28, 40][i % 6]!));
    const invoice = computeInvoice({ lines, shippingPaise: 12_345, sellerState: 'Karnataka', placeOfSupply: state });
    const paid = lines.reduce((sum, l) => sum + l.unitPaise * l.quantity, 0) + 12_345;
    const { taxablePaise, exemptPaise, taxPaise, totalPaise } = invoice.totals;
    expect(totalPaise).toBe(paid);
    expect(taxablePaise + exemptPaise + taxPaise).toBe(paid);
    expect(invoice.shipping.reduce((sum, part) => sum + part.grossPaise, 0)).toBe(12_345);
  });

  it('refuses an empty order and a bad quantity', () => {
    const input = { shippingPaise: 0, sellerState: 'Karnataka', placeOfSupply: 'Karnataka' };
    expect(() => computeInvoice({ ...input, lines: [] })).toThrow(DomainError);
    expect(() => computeInvoice({ ...input, lines: [line(100, 0, 5)] })).toThrow(DomainError);
    expect(() => computeInvoice({ ...input, lines: [line(100, 1.5, 5)] })).toThrow(DomainError);
  });
});

import {
  documentTcs,
  MANDI_SUPPLIER_KEY,
  shareByWeight,
  splitOrderDocuments,
  supplierKeyOf,
} from './order-documents.js';

describe('shareByWeight', () => {
  test.each([
    // 60.00 of shipping among goods worth 1,300, 600 and 330 (docs/invoices.md, "Suppliers, by hand").
    [6_000, [130_000, 60_000, 33_000], [3_498, 1_614, 888]],
    [100, [1, 1, 1], [34, 33, 33]],
    [0, [5, 7], [0, 0]],
    [7, [0, 0], [7, 0]],
    [5, [], []],
  ])('shares %i by %j as %j, adding up to the whole', (total, weights, shares) => {
    expect(shareByWeight(total, weights)).toEqual(shares);
    expect(shareByWeight(total, weights).reduce((sum, share) => sum + share, 0)).toBe(weights.length ? total : 0);
  });
});

describe('splitOrderDocuments', () => {
  test("puts Mandi's part first, each supplier's lines together, and shares shipping by their value", () => {
    const line = (supplierKey: string, grossPaise: number) => ({ supplierKey, grossPaise });
    const parts = splitOrderDocuments(
      [line('seller-9', 33_000), line(MANDI_SUPPLIER_KEY, 130_000), line('seller-12', 60_000), line('seller-9', 0)],
      6_000,
    );
    expect(parts.map((part) => [part.supplierKey, part.lines.length, part.shippingPaise])).toEqual([
      ['mandi', 1, 3_498],
      ['seller-12', 1, 1_614],
      ['seller-9', 2, 888],
    ]);
  });

  test('names series as the database checks them', () => {
    expect([supplierKeyOf(null), supplierKeyOf(17)]).toEqual(['mandi', 'seller-17']);
  });
});

describe('documentTcs', () => {
  const at = (text: string) => new Date(`${text}+05:30`);
  test('is 0.25% CGST + 0.25% SGST within a state and 0.5% IGST across since 10 July 2024 (India time)', () => {
    expect(documentTcs(58_680, 'intra_state', at('2026-11-20T11:30:00'))).toEqual({
      cgstPaise: 147,
      sgstPaise: 147,
      igstPaise: 0,
    });
    expect(documentTcs(23_810, 'inter_state', at('2026-11-20T11:30:00'))).toEqual({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 119,
    });
    // The day before the cut, 1% IGST (Notification 02/2018-Integrated Tax).
    expect(documentTcs(23_810, 'inter_state', at('2024-07-09T23:59:00')).igstPaise).toBe(238);
  });
});

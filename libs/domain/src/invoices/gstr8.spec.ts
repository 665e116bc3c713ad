import { buildGstr8, gstr8PortalJson, type Gstr8Document } from './gstr8.js';
import { returnPeriod } from './gstr1.js';

const doc = (type: Gstr8Document['type'], gstin: string, taxablePaise: number, igst = 0, cgst = 0): Gstr8Document => ({
  type,
  number: `${type === 'invoice' ? 'INV' : 'CN'}/26-27/000001`,
  gstin,
  sellerName: gstin === '29ABCPE1234F1Z7' ? 'Asha Rao Farms' : 'Kaveri FPO',
  taxablePaise,
  tcs: { igstPaise: igst, cgstPaise: cgst, sgstPaise: cgst },
});

describe('buildGstr8', () => {
  const report = buildGstr8([
    doc('invoice', '29ABCPE1234F1Z7', 58_680, 0, 147),
    doc('invoice', '29ABCPE1234F1Z7', 23_810, 119),
    doc('credit_note', '29ABCPE1234F1Z7', 58_680, 0, 147),
    doc('invoice', '27AAAAF1234K1Z5', 10_000, 50),
  ]);

  test('has a row per seller GSTIN, net of the returns of the month, and the totals', () => {
    expect(
      report.rows.map((row) => [
        row.gstin,
        row.invoices,
        row.creditNotes,
        row.suppliedPaise,
        row.returnedPaise,
        row.netPaise,
        row.igstPaise,
        row.cgstPaise,
        row.sgstPaise,
      ]),
    ).toEqual([
      ['27AAAAF1234K1Z5', 1, 0, 10_000, 0, 10_000, 50, 0, 0],
      ['29ABCPE1234F1Z7', 2, 1, 82_490, 58_680, 23_810, 119, 0, 0],
    ]);
    expect(report.totals).toEqual({
      invoices: 3,
      creditNotes: 1,
      suppliedPaise: 92_490,
      returnedPaise: 58_680,
      netPaise: 33_810,
      igstPaise: 169,
      cgstPaise: 0,
      sgstPaise: 0,
    });
  });

  test('writes the portal layout: the operator, the period, supplies to unregistered buyers, no amendments', () => {
    const json = gstr8PortalJson(report, returnPeriod('2026-11', new Date('2026-12-02T00:00:00Z')), '29AAHCM4321K1ZA');
    expect(json).toEqual({
      gstin: '29AAHCM4321K1ZA',
      fp: '112026',
      tcs: [
        { stin: '27AAAAF1234K1Z5', supR: 0, retsupR: 0, supU: 100, retsupU: 0, amt: 100, iamt: 0.5, camt: 0, samt: 0 },
        {
          stin: '29ABCPE1234F1Z7',
          supR: 0,
          retsupR: 0,
          supU: 824.9,
          retsupU: 586.8,
          amt: 238.1,
          iamt: 1.19,
          camt: 0,
          samt: 0,
        },
      ],
      tcsa: [],
    });
  });
});

import { statementWeekStarting, type Statement, type StatementLine, type StatementLineKind } from '@mandi/domain';
import { STATEMENT_PDF_LINES_MAX, statementView } from './statement-document.js';
import { StatementTemplates, statementTexts } from './statement-templates.js';

// How a statement's PDF lists its lines: one by one up to STATEMENT_PDF_LINES_MAX, a row a day and kind above it
// (the CSV always lists every line).

const week = statementWeekStarting('2026-11-23');
const mandi = { name: 'Mandi Marketplace Pvt Ltd', address: 'Bengaluru', state: 'Karnataka', gstin: '29AAACM1234F1Z5' };
const seller = { sellerId: 7, legalName: 'Asha Rao Farms', address: null, gstin: null };
const ist = (text: string) => new Date(`${text}+05:30`);

function line(kind: StatementLineKind, at: Date, n: number): StatementLine {
  const sale = kind === 'sale' || kind === 'sale_reversal';
  const sign = kind === 'sale_reversal' || kind === 'payout_reversal' ? -1 : 1;
  return {
    kind,
    at,
    orderId: n,
    invoiceNumber: sale ? `INV/26-27/${n}` : null,
    creditNoteNumber: kind === 'sale_reversal' ? `CN/26-27/${n}` : null,
    transferId: sale ? null : `trf_${n}`,
    utr: sale ? null : `UTR${n}`,
    reason: null,
    grossPaise: sale ? sign * 10_000 : 0,
    resaleGstPaise: 0,
    commissionPaise: sale ? sign * 1_000 : 0,
    commissionGstPaise: sale ? sign * 180 : 0,
    tcsPaise: sale ? sign * 100 : 0,
    tdsPaise: sale ? sign * 10 : 0,
    netPaise: sign * 8_710,
    balancePaise: 0,
  };
}

/** `count` lines of `kind` on the India day `date`, one every 20 seconds from 10:00. */
const linesOn = (date: string, kind: StatementLineKind, count: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    line(kind, new Date(ist(`${date}T10:00:00`).getTime() + (i + from) * 20_000), from + i),
  );

function statementOf(lines: StatementLine[]): Statement {
  return {
    figures: { openingPaise: 0, salesNetPaise: 0, paidOutPaise: 0, adjustedPaise: 0, closingPaise: 0 },
    lines: [...lines].sort((a, b) => a.at.getTime() - b.at.getTime()),
  };
}

const t = statementTexts('en');

describe('the statement PDF of a week', () => {
  it(`lists every line of a week of ${STATEMENT_PDF_LINES_MAX} lines`, () => {
    const lines = [
      ...linesOn('2026-11-23', 'sale', STATEMENT_PDF_LINES_MAX / 2),
      ...linesOn('2026-11-24', 'payout', STATEMENT_PDF_LINES_MAX / 2),
    ];
    const view = statementView(t, mandi, seller, week, statementOf(lines), ist('2026-11-30T06:00:00'));
    expect(view.byDay).toBeNull();
    expect(view.sales).toHaveLength(STATEMENT_PDF_LINES_MAX / 2);
    expect(view.sales[0]).toMatchObject({ order: '#0', document: 'INV/26-27/0', net: '87.10' });
    expect(view.payouts[0]).toMatchObject({ order: '#0', transfer: 'trf_0', utr: 'UTR0', amount: '87.10' });
  });

  it('says a transfer awaits its settlement on its own row only', () => {
    const awaiting = { ...linesOn('2026-11-24', 'payout', 1)[0]!, utr: null };
    const view = statementView(t, mandi, seller, week, statementOf([awaiting]), ist('2026-11-30T06:00:00'));
    expect(view.payouts).toEqual([expect.objectContaining({ transfer: 'trf_0', utr: '', utrPending: true })]);
  });

  it('lists a longer week a row a day and kind, each with its count and sums, and says so', () => {
    const lines = [
      ...linesOn('2026-11-23', 'sale', 1_500),
      ...linesOn('2026-11-24', 'sale', 400),
      ...linesOn('2026-11-24', 'sale_reversal', 3, 400),
      ...linesOn('2026-11-25', 'payout', 1_899),
      ...linesOn('2026-11-26', 'payout_reversal', 1),
    ];
    const view = statementView(t, mandi, seller, week, statementOf(lines), ist('2026-11-30T06:00:00'));
    expect(view.byDay).toEqual({ lines: '3,803' });
    expect(view.sales).toEqual([
      expect.objectContaining({ order: '1,500 sales', document: '', gross: '1,50,000.00', net: '1,30,650.00' }),
      expect.objectContaining({ order: '400 sales', reversal: false, net: '34,840.00' }),
      expect.objectContaining({ order: '3 cancellations', reversal: true, cancels: '', net: '-261.30' }),
    ]);
    expect(view.payouts).toEqual([
      expect.objectContaining({
        order: '1,899 transfers',
        transfer: '',
        utr: '',
        utrPending: false,
        amount: '1,65,402.90',
      }),
      expect.objectContaining({ order: '1 transfer', reversal: true, amount: '-87.10' }),
    ]);
    // The totals are still every line's.
    expect(view.salesTotal.net).toBe('1,65,228.70');

    const html = new StatementTemplates().statement(view);
    expect(html).toContain('This week has 3,803 lines');
    expect(html.split('<tr>').length).toBeLessThan(20);
  });

  it('says it in Hindi too', () => {
    const lines = linesOn('2026-11-23', 'sale', STATEMENT_PDF_LINES_MAX + 1);
    const view = statementView(
      statementTexts('hi'),
      mandi,
      seller,
      week,
      statementOf(lines),
      ist('2026-11-30T06:00:00'),
    );
    expect(view.byDay).toEqual({ lines: '2,001' });
    expect(view.sales).toEqual([expect.objectContaining({ order: '2,001 बिक्री' })]);
  });
});

import {
  ENGLISH_SHORT_MONTHS,
  addIndiaDays,
  commissionMonthOf,
  commissionMonthStarting,
  commissionMonthsClosedBefore,
  formatDayRange,
  indiaDayOf,
  indiaDayStart,
  saleTotals,
  statementLine,
  statementOf,
  statementWeekOf,
  statementWeekStarting,
  statementWeeksClosedBefore,
  type StatementTransaction,
} from './statement.js';

const english = (month: number) => ENGLISH_SHORT_MONTHS[month - 1]!;
const at = (text: string) => new Date(text);

describe('India days', () => {
  it('reads an instant on an Indian clock: 18:29 UTC is still the same day, 18:30 UTC the next', () => {
    expect(indiaDayOf(at('2026-11-22T18:29:59.999Z'))).toBe('2026-11-22');
    expect(indiaDayOf(at('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23');
  });

  it('starts a day at 00:00 IST and counts days across months and years', () => {
    expect(indiaDayStart('2026-11-23').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(addIndiaDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addIndiaDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addIndiaDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('refuses a day that is not one', () => {
    expect(() => indiaDayStart('2026-02-30')).toThrow("'2026-02-30' is not a day");
    expect(() => indiaDayStart('23-11-2026')).toThrow('is not a day');
  });
});

describe('statement weeks', () => {
  it('runs from Monday 00:00 IST to the end of Sunday', () => {
    const week = statementWeekOf(at('2026-11-25T12:00:00+05:30'));
    expect(week).toEqual({
      start: '2026-11-23',
      end: '2026-11-29',
      from: at('2026-11-23T00:00:00+05:30'),
      until: at('2026-11-30T00:00:00+05:30'),
    });
  });

  it.each([
    ['Monday 00:00 IST opens a week', '2026-11-23T00:00:00+05:30', '2026-11-23'],
    ['Sunday 23:59 IST is the same week', '2026-11-29T23:59:59+05:30', '2026-11-23'],
    ['Monday 00:00 IST, though still Sunday in UTC, opens the next', '2026-11-30T00:00:00+05:30', '2026-11-30'],
    ['a week across a year', '2027-01-01T09:00:00+05:30', '2026-12-28'],
  ])('%s', (_name, instant, monday) => {
    expect(statementWeekOf(at(instant)).start).toBe(monday);
  });

  it('is found from its Monday, and only from a Monday', () => {
    expect(statementWeekStarting('2026-12-28').end).toBe('2027-01-03');
    expect(() => statementWeekStarting('2026-11-24')).toThrow('starts on a Monday');
  });

  it('is complete once its Sunday is over and a quarter of an hour has passed', () => {
    expect(statementWeeksClosedBefore(at('2026-11-30T00:10:00+05:30'))).toEqual(at('2026-11-23T00:00:00+05:30'));
    expect(statementWeeksClosedBefore(at('2026-11-30T00:15:00+05:30'))).toEqual(at('2026-11-30T00:00:00+05:30'));
    expect(statementWeeksClosedBefore(at('2026-12-02T10:00:00+05:30'))).toEqual(at('2026-11-30T00:00:00+05:30'));
  });
});

describe('commission months', () => {
  it('runs from the first to the last day of a month in India', () => {
    expect(commissionMonthOf(at('2026-11-30T23:59:00+05:30'))).toEqual({
      start: '2026-11-01',
      end: '2026-11-30',
      from: at('2026-11-01T00:00:00+05:30'),
      until: at('2026-12-01T00:00:00+05:30'),
      year: 2026,
      month: 11,
    });
    expect(commissionMonthOf(at('2026-12-31T20:00:00Z')).start).toBe('2027-01-01');
    expect(commissionMonthStarting('2026-12-01').end).toBe('2026-12-31');
    expect(() => commissionMonthStarting('2026-12-02')).toThrow('starts on its first day');
  });

  it('is complete a quarter of an hour after it ends', () => {
    expect(commissionMonthsClosedBefore(at('2026-12-01T00:05:00+05:30'))).toEqual(at('2026-11-01T00:00:00+05:30'));
    expect(commissionMonthsClosedBefore(at('2026-12-01T00:20:00+05:30'))).toEqual(at('2026-12-01T00:00:00+05:30'));
  });
});

describe('formatDayRange', () => {
  it.each([
    ['2026-11-23', '2026-11-29', '23–29 Nov 2026'],
    ['2026-11-30', '2026-12-06', '30 Nov – 6 Dec 2026'],
    ['2026-12-28', '2027-01-03', '28 Dec 2026 – 3 Jan 2027'],
    ['2026-11-24', '2026-11-24', '24 Nov 2026'],
  ])('%s to %s reads %s', (start, end, text) => {
    expect(formatDayRange(start, end, english)).toBe(text);
  });
});

/** A sale of Rs 1,000 gross: 10% commission, 18% GST on it, 1% TCS, 0.1% TDS, net Rs 869. */
const sale: StatementTransaction = {
  kind: 'sale',
  at: at('2026-11-24T10:00:00+05:30'),
  orderId: 41,
  invoiceNumber: 'INV/26-27/000041',
  creditNoteNumber: null,
  transferId: null,
  utr: null,
  reason: null,
  accounts: {
    buyer_funds: 100_000,
    seller_payable: -86_900,
    commission_revenue: -10_000,
    commission_gst: -1_800,
    tcs_payable: -1_000,
    tds_payable: -300,
  },
};
const reversal: StatementTransaction = {
  ...sale,
  kind: 'sale_reversal',
  at: at('2026-11-26T10:00:00+05:30'),
  creditNoteNumber: 'CN/26-27/000003',
  accounts: Object.fromEntries(Object.entries(sale.accounts).map(([account, paise]) => [account, -paise])),
};
const payout: StatementTransaction = {
  ...sale,
  kind: 'payout',
  at: at('2026-11-25T10:00:00+05:30'),
  invoiceNumber: null,
  transferId: 'trf_1',
  utr: 'UTR0001',
  accounts: { seller_payable: 86_900, razorpay_balance: -86_900 },
};
const adjustment: StatementTransaction = {
  ...sale,
  kind: 'adjustment',
  at: at('2026-11-27T10:00:00+05:30'),
  orderId: null,
  invoiceNumber: null,
  reason: 'Crate damaged in transit',
  accounts: { seller_payable: -5_000, adjustments: 5_000 },
};

describe('statement lines', () => {
  it("reads a sale as the buyer's gross, Mandi's deductions and the net the seller is owed", () => {
    expect(statementLine(sale)).toMatchObject({
      kind: 'sale',
      orderId: 41,
      invoiceNumber: 'INV/26-27/000041',
      grossPaise: 100_000,
      resaleGstPaise: 0,
      commissionPaise: 10_000,
      commissionGstPaise: 1_800,
      tcsPaise: 1_000,
      tdsPaise: 300,
      netPaise: 86_900,
      balancePaise: 86_900,
    });
  });

  it('reads a reversal with every figure negated', () => {
    expect(statementLine(reversal)).toMatchObject({
      grossPaise: -100_000,
      commissionPaise: -10_000,
      commissionGstPaise: -1_800,
      netPaise: -86_900,
      balancePaise: -86_900,
      creditNoteNumber: 'CN/26-27/000003',
    });
  });

  it('reads a payout as the amount paid, which lowers the balance, and an adjustment as booked', () => {
    expect(statementLine(payout)).toMatchObject({ netPaise: 86_900, balancePaise: -86_900, grossPaise: 0 });
    expect(statementLine({ ...payout, kind: 'payout_reversal', accounts: { seller_payable: -86_900 } })).toMatchObject({
      netPaise: -86_900,
      balancePaise: 86_900,
    });
    expect(statementLine(adjustment)).toMatchObject({ netPaise: 5_000, balancePaise: 5_000, commissionPaise: 0 });
  });

  it('leaves out what does not move the seller’s balance', () => {
    expect(statementLine({ ...sale, kind: 'receipt', accounts: { razorpay_balance: 100, buyer_funds: -100 } })).toBe(
      null,
    );
  });
});

describe('statementOf', () => {
  it('works out opening, sales, payouts, adjustments and closing, lines oldest first', () => {
    // Mandi owed Rs 250 before the week (credits of -25,000 paise on seller_payable).
    const statement = statementOf(-25_000, [adjustment, reversal, sale, payout, sale]);
    expect(statement.figures).toEqual({
      openingPaise: 25_000,
      salesNetPaise: 86_900,
      paidOutPaise: 86_900,
      adjustedPaise: 5_000,
      closingPaise: 25_000 + 86_900 - 86_900 + 5_000,
    });
    expect(statement.lines.map((line) => line.kind)).toEqual(['sale', 'sale', 'payout', 'sale_reversal', 'adjustment']);
    expect(saleTotals(statement.lines)).toEqual({
      grossPaise: 100_000,
      resaleGstPaise: 0,
      commissionPaise: 10_000,
      commissionGstPaise: 1_800,
      tcsPaise: 1_000,
      tdsPaise: 300,
      netPaise: 86_900,
    });
  });

  it('closes at the negated sum of every seller_payable entry up to the end of the week', () => {
    const week = [sale, payout, reversal, adjustment];
    const before = -12_345;
    const payableAfter = before + week.reduce((sum, t) => sum + (t.accounts.seller_payable ?? 0), 0);
    expect(statementOf(before, week).figures.closingPaise).toBe(-payableAfter);
  });

  it('may close below zero: a sale reversed after it was paid out is owed back by the seller', () => {
    expect(statementOf(0, [payout, reversal]).figures).toEqual({
      openingPaise: 0,
      salesNetPaise: -86_900,
      paidOutPaise: 86_900,
      adjustedPaise: 0,
      closingPaise: -173_800,
    });
  });
});

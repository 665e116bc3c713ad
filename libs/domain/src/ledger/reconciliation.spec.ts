import {
  RECONCILIATION_MESSAGES as M,
  payoutMismatches,
  reconciliationPeriodOf,
  strayTransferMismatch,
  type PayoutAsBooked,
  type TransferAtRazorpay,
} from './reconciliation.js';

// 20 Dec 2026, 3:00 pm in India.
const NOW = new Date('2026-12-20T09:30:00.000Z');

describe('reconciliationPeriodOf', () => {
  it('is the last 30 India days, today included, when no period is given', () => {
    expect(reconciliationPeriodOf({}, NOW)).toEqual({
      from: '2026-11-21',
      to: '2026-12-20',
      start: new Date('2026-11-20T18:30:00.000Z'),
      end: new Date('2026-12-20T18:30:00.000Z'),
    });
  });

  it('takes the days given, from the midnight starting the first to the midnight ending the last, in India', () => {
    expect(reconciliationPeriodOf({ from: '2026-12-01', to: '2026-12-01' }, NOW)).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
      start: new Date('2026-11-30T18:30:00.000Z'),
      end: new Date('2026-12-01T18:30:00.000Z'),
    });
    // From a day to today; and a quarter at most.
    expect(reconciliationPeriodOf({ from: '2026-12-10' }, NOW)).toMatchObject({ from: '2026-12-10', to: '2026-12-20' });
    expect(reconciliationPeriodOf({ from: '2026-09-20', to: '2026-12-20' }, NOW)).toMatchObject({ from: '2026-09-20' });
  });

  test.each([
    [{ from: '2026-02-30' }, { from: M.fromInvalid }],
    [{ to: '20-12-2026' }, { to: M.toInvalid }],
    [
      { from: 'x', to: 'y' },
      { from: M.fromInvalid, to: M.toInvalid },
    ],
    [{ from: '2026-12-10', to: '2026-12-09' }, { to: M.periodReversed }],
    [{ from: '2026-12-21' }, { from: M.periodInFuture }],
    [{ from: '2026-09-19', to: '2026-12-20' }, { from: M.periodTooLong }],
  ])('refuses %j', (given, fields) => {
    const result = reconciliationPeriodOf(given, NOW);
    expect('problems' in result && Object.fromEntries(result.problems.map((p) => [p.field, p.text]))).toEqual(fields);
  });
});

const payout = (overrides: Partial<PayoutAsBooked> = {}): PayoutAsBooked => ({
  id: 12,
  status: 'on_hold',
  amountPaise: 60_000,
  reversedPaise: 0,
  transferId: 'trf_1',
  ledgerPaidPaise: 60_000,
  ...overrides,
});
const transfer = (overrides: Partial<TransferAtRazorpay> = {}): TransferAtRazorpay => ({
  id: 'trf_1',
  status: 'processed',
  amountPaise: 60_000,
  reversedPaise: 0,
  onHold: true,
  recipient: 'acc_1',
  payoutId: 12,
  ...overrides,
});
const kinds = (found: { kind: string }[]) => found.map((mismatch) => mismatch.kind);

describe('payoutMismatches', () => {
  it('finds nothing when the payout, its transfer and the ledger agree', () => {
    expect(payoutMismatches(payout(), transfer())).toEqual([]);
    expect(payoutMismatches(payout({ status: 'released' }), transfer({ onHold: false }))).toEqual([]);
    expect(payoutMismatches(payout({ status: 'to_release' }), transfer({ onHold: false }))).toEqual([]);
    expect(
      payoutMismatches(
        payout({ status: 'reversed', reversedPaise: 60_000, ledgerPaidPaise: 0 }),
        transfer({ status: 'reversed', reversedPaise: 60_000, onHold: false }),
      ),
    ).toEqual([]);
  });

  it('says a transfer Razorpay does not have, or failed, is missing there', () => {
    expect(payoutMismatches(payout(), null)).toEqual([
      {
        kind: 'missing_at_razorpay',
        payoutId: 12,
        transferId: 'trf_1',
        mandi: 'payout 12 on hold, ₹600.00',
        razorpay: 'no such transfer',
      },
    ]);
    expect(payoutMismatches(payout(), transfer({ status: 'failed', onHold: false }))).toEqual([
      expect.objectContaining({ kind: 'missing_at_razorpay', razorpay: 'trf_1 failed, ₹600.00' }),
    ]);
  });

  it('names each difference: amount, hold, reversal and ledger', () => {
    expect(payoutMismatches(payout(), transfer({ amountPaise: 50_000 }))).toEqual([
      expect.objectContaining({ kind: 'amount_differs', mandi: '₹600.00', razorpay: '₹500.00' }),
    ]);
    expect(payoutMismatches(payout(), transfer({ onHold: false }))).toEqual([
      expect.objectContaining({ kind: 'hold_differs', mandi: 'on hold', razorpay: 'released' }),
    ]);
    expect(kinds(payoutMismatches(payout({ status: 'settled' }), transfer()))).toEqual(['hold_differs']);
    expect(payoutMismatches(payout(), transfer({ reversedPaise: 10_000, status: 'partially_reversed' }))).toEqual([
      expect.objectContaining({ kind: 'reversal_differs', mandi: '₹0.00 reversed', razorpay: '₹100.00 reversed' }),
    ]);
    expect(payoutMismatches(payout({ ledgerPaidPaise: 120_000 }), transfer())).toEqual([
      expect.objectContaining({
        kind: 'ledger_differs',
        mandi: 'ledger ₹1,200.00 paid out, payout ₹600.00',
        razorpay: '₹600.00 transferred',
      }),
    ]);
  });
});

describe('strayTransferMismatch', () => {
  it('says a transfer no payout has is missing in Mandi, naming the payout its notes name', () => {
    expect(strayTransferMismatch(transfer({ id: 'trf_2' }), payout())).toEqual({
      kind: 'missing_in_mandi',
      payoutId: 12,
      transferId: 'trf_2',
      mandi: 'payout 12 on hold, ₹600.00, its transfer trf_1',
      razorpay: 'trf_2 processed, ₹600.00 on hold to acc_1',
    });
    expect(strayTransferMismatch(transfer({ payoutId: 99 }), null)).toMatchObject({
      payoutId: null,
      mandi: 'no payout 99',
    });
    expect(strayTransferMismatch(transfer({ payoutId: null }), null)).toMatchObject({
      mandi: 'no payout names this transfer',
    });
  });

  it('finds nothing wrong in a failed transfer, which moved no money', () => {
    expect(strayTransferMismatch(transfer({ status: 'failed' }), payout({ transferId: null }))).toBeNull();
  });
});

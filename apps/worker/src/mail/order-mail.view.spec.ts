import { durationText, formatMailTime, packWeight, paymentMeansText } from './order-mail.view.js';

// The small formats the order mails print: times on an Indian clock, the cancellation window, a pack's weight and
// how a payment was made.

describe('the order mail formats', () => {
  it('writes an instant as India time with a 12-hour clock', () => {
    expect(formatMailTime(new Date('2026-11-24T04:30:00Z'))).toBe('24 Nov 2026, 10:00 am IST');
    expect(formatMailTime(new Date('2026-11-24T18:35:00Z'))).toBe('25 Nov 2026, 12:05 am IST');
    expect(formatMailTime(new Date('2026-11-24T06:30:00Z'))).toBe('24 Nov 2026, 12:00 pm IST');
    expect(formatMailTime(new Date('2027-03-31T18:29:00Z'))).toBe('31 Mar 2027, 11:59 pm IST');
  });

  it('says how long the window is, in hours when it is whole hours', () => {
    expect(durationText(8 * 3_600_000)).toBe('8 hours');
    expect(durationText(3_600_000)).toBe('1 hour');
    expect(durationText(30 * 60_000)).toBe('30 minutes');
    expect(durationText(3_000)).toBe('1 minute');
  });

  it("writes a pack's weight in grams below a kilo, else in kilos", () => {
    expect([10, 500, 999, 1000, 1250, 2500, 5000].map(packWeight)).toEqual([
      '10 g',
      '500 g',
      '999 g',
      '1 kg',
      '1.25 kg',
      '2.5 kg',
      '5 kg',
    ]);
  });

  it("names Razorpay's payment methods, and nothing it does not know", () => {
    expect([paymentMeansText('upi'), paymentMeansText('card'), paymentMeansText('netbanking')]).toEqual([
      'UPI',
      'card',
      'net banking',
    ]);
    expect([paymentMeansText('cardless_emi'), paymentMeansText(null), paymentMeansText('')]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

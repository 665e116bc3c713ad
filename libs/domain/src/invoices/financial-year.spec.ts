import { financialYearLabel, financialYearOf } from './financial-year.js';

describe('financialYearLabel', () => {
  it.each([
    ['2026-04-01T00:00:00+05:30', '26-27'], // first instant of FY 2026-27 in India
    ['2026-03-31T23:59:59+05:30', '25-26'], // last second of FY 2025-26 in India
    ['2026-03-31T18:30:00Z', '26-27'], // 1 April 00:00 in India although still 31 March in UTC
    ['2027-03-31T12:00:00+05:30', '26-27'],
    ['2026-12-25T10:00:00+05:30', '26-27'],
    ['2099-06-01T10:00:00+05:30', '99-00'], // the century wraps
    ['2027-03-31T23:59:59.999+05:30', '26-27'], // the last instant of 31 March in India
    ['2027-03-31T18:29:59.999Z', '26-27'],
    ['2027-03-31T18:30:00Z', '27-28'], // 1 April 00:00 in India
    ['2027-04-01T00:00:00+05:30', '27-28'],
  ])('%s is in %s', (iso, label) => {
    expect(financialYearLabel(new Date(iso))).toBe(label);
  });

  it('gives the starting calendar year', () => {
    expect(financialYearOf(new Date('2027-01-15T10:00:00+05:30'))).toEqual({ startYear: 2026, label: '26-27' });
  });
});

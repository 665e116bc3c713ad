import { DATE_TIME_PATTERN, formatIndiaDateTime, formatMonthDay, indiaDateParts, parseInstant } from './india-time.js';

describe('India time', () => {
  it('reads an instant on an Indian clock (UTC+05:30)', () => {
    expect(indiaDateParts(new Date('2026-03-31T18:29:59Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 31,
      hour: 23,
      minute: 59,
      second: 59,
    });
    expect(indiaDateParts(new Date('2026-03-31T18:30:00Z'))).toEqual({
      year: 2026,
      month: 4,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it.each([
    ['2026-03-05 18:00:00', '2026-03-05T12:30:00.000Z'],
    ['2026-03-05T18:00', '2026-03-05T12:30:00.000Z'],
    ['2026-03-05', '2026-03-04T18:30:00.000Z'],
    ['2026-03-05T12:30:00Z', '2026-03-05T12:30:00.000Z'],
    ['2026-03-05T18:00:00+05:30', '2026-03-05T12:30:00.000Z'],
    ['2026-03-05T12:30:00.250Z', '2026-03-05T12:30:00.250Z'],
  ])('parses %p as %p', (text, iso) => {
    expect(parseInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([['not a date'], ['2026-02-30 10:00:00'], ['2026-03-05 24:00:00'], [''], ['05/03/2026']])(
    'cannot read %p',
    (text) => {
      expect(parseInstant(text)).toBeNull();
    },
  );

  it('passes Dates and epoch numbers through, refusing invalid ones', () => {
    expect(parseInstant(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(parseInstant(new Date(Number.NaN))).toBeNull();
    expect(parseInstant(Number.NaN)).toBeNull();
  });

  it('writes the spec date-time form in India time', () => {
    const text = formatIndiaDateTime(new Date('2026-03-05T12:30:05Z'));
    expect(text).toBe('2026-03-05 18:00:05');
    expect(DATE_TIME_PATTERN.test(text)).toBe(true);
  });

  it('writes month and day as read in India', () => {
    expect(formatMonthDay(new Date('2026-03-05T06:00:00Z'))).toBe('Mar 5');
    expect(formatMonthDay(new Date('2026-12-31T18:30:00Z'))).toBe('Jan 1');
  });
});

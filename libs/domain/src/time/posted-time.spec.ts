import { postedAgo, postedTime } from './posted-time.js';

const now = new Date('2026-03-20T06:30:00.000Z'); // 12:00 noon in India, 20 March
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('postedTime', () => {
  it.each([
    [0, 'Just now'],
    [59 * S, 'Just now'],
    [-30 * S, 'Just now'], // a little in the future (clock skew)
    [M, '1 m'],
    [59 * M + 59 * S, '59 m'],
    [H, '1 h'],
    [23 * H + 59 * M, '23 h'],
    [D, '1 d'],
    [6 * D + 23 * H, '6 d'],
    [7 * D, 'Mar 13'], // 20 March noon minus 7 days is 13 March noon in India
    [15 * D, 'Mar 5'],
  ])('%p ms ago reads %p', (elapsed, text) => {
    expect(postedTime(ago(elapsed), now)).toBe(text);
  });

  it('reads the calendar day in India, not in UTC', () => {
    // 2026-01-09T19:00Z is 00:30 on 10 January in India.
    expect(postedTime(new Date('2026-01-09T19:00:00Z'), now)).toBe('Jan 10');
  });

  it('accepts text and epoch milliseconds', () => {
    expect(postedTime('2026-03-20 11:55:00', now)).toBe('5 m');
    expect(postedTime(now.getTime() - 3 * H, now)).toBe('3 h');
  });

  it('says when the time is missing or unreadable', () => {
    expect(postedTime(null, now)).toBe('Unknown time');
    expect(postedTime(undefined, now)).toBe('Unknown time');
    expect(postedTime('', now)).toBe('Unknown time');
    expect(postedTime('yesterday', now)).toBe('Invalid date');
    expect(postedTime(new Date(Number.NaN), now)).toBe('Invalid date');
  });
});

describe('postedAgo, the unit and count the texts are written from', () => {
  it.each([
    [30 * S, { unit: 'justNow' }],
    [5 * M, { unit: 'minutes', count: 5 }],
    [3 * H, { unit: 'hours', count: 3 }],
    [6 * D, { unit: 'days', count: 6 }],
    [15 * D, { unit: 'date', month: 3, day: 5 }],
  ])('%p ms ago is %p', (elapsed, posted) => {
    expect(postedAgo(ago(elapsed), now)).toEqual(posted);
  });

  it('says when the time is missing or unreadable', () => {
    expect(postedAgo(null, now)).toEqual({ unit: 'unknown' });
    expect(postedAgo('yesterday', now)).toEqual({ unit: 'invalid' });
  });
});

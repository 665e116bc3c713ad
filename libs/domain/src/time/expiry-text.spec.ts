import { expiryOf, expiryText } from './expiry-text.js';

const now = new Date('2026-06-15T06:30:00.000Z'); // 12:00 noon in India
const at = (ms: number) => new Date(now.getTime() + ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('expiryText before validUntil', () => {
  it.each([
    [2 * 365 * D, 'Expires in 2 years'],
    [365 * D + 5 * D, 'Expires in 1 year'],
    [365 * D, 'Expires in 1 year'], // exactly one 365-day year
    [365 * D - 1, 'Expires in 364 days'],
    [30 * D, 'Expires in 30 days'],
    [2 * D, 'Expires in 2 days'], // exactly 48 h
    [2 * D - 1, 'Expires tomorrow'],
    [D, 'Expires tomorrow'], // exactly 24 h
    [D - 1, 'Expires in 23 hrs'],
    [2 * H, 'Expires in 2 hrs'],
    [H + 59 * M, 'Expires in 1 hr'],
    [H, 'Expires in 1 hr'],
    [H - 1, 'Expires in 59 min'],
    [5 * M, 'Expires in 5 min'],
    [M, 'Expires in 1 min'],
    [30 * S, 'Expires in 1 min'], // the last minute still reads 1 min
    [1, 'Expires in 1 min'],
  ])('%p ms ahead reads %p', (ahead, text) => {
    expect(expiryText(at(ahead), now)).toEqual({ text, expired: false });
  });
});

describe('expiryText after validUntil', () => {
  it.each([
    [0, 'Expired just now'], // the validUntil instant itself is expired
    [59 * S, 'Expired just now'],
    [M, 'Expired 1 min ago'],
    [59 * M, 'Expired 59 min ago'],
    [H, 'Expired 1 hr ago'],
    [2 * H, 'Expired 2 hrs ago'],
    [D - 1, 'Expired 23 hrs ago'],
    [D, 'Expired 1 day ago'],
    [2 * D, 'Expired 2 days ago'],
    [364 * D, 'Expired 364 days ago'],
    [365 * D, 'Expired 1 year ago'],
    [3 * 365 * D, 'Expired 3 years ago'],
  ])('%p ms past reads %p', (past, text) => {
    expect(expiryText(at(-past), now)).toEqual({ text, expired: true });
  });
});

describe('expiryText input forms', () => {
  it('reads the spec text form as India time', () => {
    // 2026-06-15 14:00:00 in India is 2 hours after now (12:00 in India).
    expect(expiryText('2026-06-15 14:00:00', now)).toEqual({ text: 'Expires in 2 hrs', expired: false });
  });

  it('gives null for a missing or unreadable date', () => {
    expect(expiryText(null, now)).toBeNull();
    expect(expiryText(undefined, now)).toBeNull();
    expect(expiryText('', now)).toBeNull();
    expect(expiryText('someday', now)).toBeNull();
  });
});

describe('expiryOf, the unit and count the texts are written from', () => {
  it.each([
    [2 * 365 * D, { expired: false, unit: 'years', count: 2 }],
    [3 * D, { expired: false, unit: 'days', count: 3 }],
    [D, { expired: false, unit: 'tomorrow', count: 1 }],
    [5 * H, { expired: false, unit: 'hours', count: 5 }],
    [30 * S, { expired: false, unit: 'minutes', count: 1 }],
    [-30 * S, { expired: true, unit: 'justNow', count: 0 }],
    [-3 * H, { expired: true, unit: 'hours', count: 3 }],
    [-400 * D, { expired: true, unit: 'years', count: 1 }],
  ])('%p ms from now is %p', (offset, expiry) => {
    expect(expiryOf(at(offset), now)).toEqual(expiry);
  });

  it('is null without a readable date', () => {
    expect(expiryOf(null, now)).toBeNull();
    expect(expiryOf('someday', now)).toBeNull();
  });
});

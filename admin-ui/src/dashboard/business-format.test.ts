import { describe, expect, it } from 'vitest';
import { closesIn, compactRupees, longDay, share, shortDay, wholeNumber } from './business-format';

describe('the business dashboard formats', () => {
  it("speaks India's units and grouping", () => {
    expect(compactRupees(950)).toBe('₹950');
    expect(compactRupees(125_000)).toBe('₹1.3L');
    expect(compactRupees(34_000_000)).toBe('₹3.4Cr');
    expect(wholeNumber(123_456)).toBe('1,23,456');
  });

  it('labels India dates as they are, whatever the browser zone', () => {
    expect(shortDay('2026-11-24')).toBe('24 Nov');
    expect(longDay('2026-11-24')).toBe('Tue, 24 Nov, 2026');
  });

  it('says shares and what is left of a window', () => {
    expect(share(1, 3)).toBe('33%');
    expect(share(0, 0)).toBe('—');
    const now = new Date('2026-11-24T10:00:00Z');
    expect(closesIn('2026-11-24T10:12:30Z', now)).toBe('closes in 12 min');
    expect(closesIn('2026-11-24T10:00:20Z', now)).toBe('closing now');
  });
});

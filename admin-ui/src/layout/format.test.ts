import { describe, expect, it } from 'vitest';
import { formatIndiaTime, rupees } from './format';

describe('formatIndiaTime', () => {
  it('reads an instant on an Indian clock', () => {
    expect(formatIndiaTime('2026-11-25T04:00:00.000Z')).toBe('25 Nov 2026, 9:30 am IST');
    expect(formatIndiaTime('2026-11-25T18:45:00.000Z')).toBe('26 Nov 2026, 12:15 am IST');
  });

  it('shows a dash for nothing or a bad value', () => {
    expect(formatIndiaTime(null)).toBe('—');
    expect(formatIndiaTime('yesterday')).toBe('—');
  });
});

describe('rupees', () => {
  it('formats en-IN with the rupee sign and paise', () => {
    expect(rupees(123456)).toBe('₹1,23,456.00');
    expect(rupees(40.5)).toBe('₹40.50');
  });
});

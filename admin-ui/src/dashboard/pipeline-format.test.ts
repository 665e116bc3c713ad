import { describe, expect, it } from 'vitest';
import { formatAgo, formatWait } from './pipeline-format';

describe('the pipeline figures', () => {
  it('reads a wait in the largest two units that matter', () => {
    expect([0, 0.9, 42, 60, 185, 3600, 7_800, 86_400, 273_600].map(formatWait)).toEqual([
      '0 s',
      '0 s',
      '42 s',
      '1 min',
      '3 min 5 s',
      '1 h',
      '2 h 10 min',
      '1 d',
      '3 d 4 h',
    ]);
  });

  it('says how long ago a heartbeat was, and "just now" for a clock a little ahead', () => {
    const now = new Date('2026-11-25T04:00:10.000Z');
    expect(formatAgo('2026-11-25T04:00:06.000Z', now)).toBe('4 s ago');
    expect(formatAgo('2026-11-25T04:00:11.000Z', now)).toBe('just now');
  });
});

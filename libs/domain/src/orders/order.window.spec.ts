import { ORDER_ELIGIBILITY_RECHECK_MS, ORDER_WINDOW_MS, isWithinWindow, windowClosesAt } from './order.window.js';

describe('the 8-hour order window', () => {
  const createdAt = new Date('2026-04-01T10:00:00.000Z');

  it('is 8 hours, rechecked every minute', () => {
    expect(ORDER_WINDOW_MS).toBe(28_800_000);
    expect(ORDER_ELIGIBILITY_RECHECK_MS).toBe(60_000);
  });

  it('closes 8 hours after creation', () => {
    expect(windowClosesAt(createdAt).toISOString()).toBe('2026-04-01T18:00:00.000Z');
  });

  it.each([
    ['2026-04-01T10:00:00.000Z', true], // at creation
    ['2026-04-01T17:59:59.999Z', true], // 1 ms before closing
    ['2026-04-01T18:00:00.000Z', false], // the closing instant
    ['2026-04-02T09:00:00.000Z', false], // the next day
  ])('at %s the window is open: %p', (now, open) => {
    expect(isWithinWindow(createdAt, new Date(now))).toBe(open);
  });

  it('takes a configured window length (tests shorten it)', () => {
    expect(windowClosesAt(createdAt, 2_000).toISOString()).toBe('2026-04-01T10:00:02.000Z');
    expect(isWithinWindow(createdAt, new Date('2026-04-01T10:00:01.999Z'), 2_000)).toBe(true);
    expect(isWithinWindow(createdAt, new Date('2026-04-01T10:00:02.000Z'), 2_000)).toBe(false);
  });
});

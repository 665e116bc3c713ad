import {
  ADMIN_ORDER_FILTER_MS,
  ADMIN_REFRESH_MS,
  DEFAULT_ADMIN_ORDER_FILTER,
  adminFilterSince,
  isAdminOrderFilter,
} from './admin.limits.js';

describe('admin order filters', () => {
  it('have the spec durations, 24h by default, refreshing every 60 s', () => {
    expect(ADMIN_ORDER_FILTER_MS).toEqual({
      '1h': 3_600_000,
      '24h': 86_400_000,
      '7d': 604_800_000,
      '1m': 2_592_000_000, // 30 days
      '6m': 15_552_000_000, // 180 days
      '1y': 31_536_000_000, // 365 days
    });
    expect(DEFAULT_ADMIN_ORDER_FILTER).toBe('24h');
    expect(ADMIN_REFRESH_MS).toBe(60_000);
  });

  it('counts back from now', () => {
    const now = new Date('2026-07-01T12:00:00.000Z');
    expect(adminFilterSince('1h', now).toISOString()).toBe('2026-07-01T11:00:00.000Z');
    expect(adminFilterSince('7d', now).toISOString()).toBe('2026-06-24T12:00:00.000Z');
    expect(adminFilterSince('1m', now).toISOString()).toBe('2026-06-01T12:00:00.000Z');
  });

  it('knows its filters', () => {
    expect(isAdminOrderFilter('6m')).toBe(true);
    expect(isAdminOrderFilter('2d')).toBe(false);
  });
});

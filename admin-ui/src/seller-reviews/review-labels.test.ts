import { BUSINESS_KIND_NAMES, SELLER_REVIEW_STATUSES } from '@mandi/domain';
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_KIND_LABELS,
  REVIEW_STATUS_LABELS,
  businessKindLabel,
  reviewStatusOf,
  waitedFor,
} from './review-labels';

describe('the seller review words', () => {
  it('names every kind of business and review state of libs/domain', () => {
    expect(Object.keys(BUSINESS_KIND_LABELS).sort()).toEqual([...BUSINESS_KIND_NAMES].sort());
    expect(Object.keys(REVIEW_STATUS_LABELS).sort()).toEqual([...SELLER_REVIEW_STATUSES].sort());
    expect(businessKindLabel('company')).toBe('Company or LLP');
    expect(businessKindLabel('trust_of_farmers')).toBe('trust of farmers');
  });

  it('reads an unknown or missing review state as pending', () => {
    expect(reviewStatusOf('approved')).toBe('approved');
    expect(reviewStatusOf(undefined)).toBe('pending');
    expect(reviewStatusOf('everyone')).toBe('pending');
  });

  it('says how long a profile has waited', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(waitedFor(at(30_000), now)).toBe('under a minute');
    expect(waitedFor(at(-5_000), now)).toBe('under a minute');
    expect(waitedFor(at(60_000), now)).toBe('1 minute');
    expect(waitedFor(at(59 * 60_000), now)).toBe('59 minutes');
    expect(waitedFor(at(60 * 60_000), now)).toBe('1 hour');
    expect(waitedFor(at(23 * 60 * 60_000), now)).toBe('23 hours');
    expect(waitedFor(at(24 * 60 * 60_000), now)).toBe('1 day');
    expect(waitedFor(at(10 * 24 * 60 * 60_000 + 5), now)).toBe('10 days');
    expect(waitedFor('not a date', now)).toBe('under a minute');
  });
});

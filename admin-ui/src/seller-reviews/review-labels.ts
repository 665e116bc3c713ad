import { SELLER_REVIEW_STATUSES, type BusinessKind, type SellerReviewStatus } from '@mandi/domain';

/** How the console names each kind of business (BUSINESS_KINDS of libs/domain). */
export const BUSINESS_KIND_LABELS: Record<BusinessKind, string> = {
  individual_farmer: 'Individual farmer',
  farmer_producer_organisation: 'Farmer producer organisation',
  proprietor: 'Sole proprietor',
  company: 'Company or LLP',
};

/** How the console names each review state (SELLER_REVIEW_STATUSES of libs/domain). */
export const REVIEW_STATUS_LABELS: Record<SellerReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The review state the list shows until another is chosen, as the adminSellerProfiles route defaults. */
export const DEFAULT_REVIEW_STATUS: SellerReviewStatus = 'pending';

export function isSellerReviewStatus(value: unknown): value is SellerReviewStatus {
  return typeof value === 'string' && (SELLER_REVIEW_STATUSES as readonly string[]).includes(value);
}

/** The review state a filter asks for: one of SELLER_REVIEW_STATUSES, else pending. */
export function reviewStatusOf(value: unknown): SellerReviewStatus {
  return isSellerReviewStatus(value) ? value : DEFAULT_REVIEW_STATUS;
}

/** A kind of business by its label; an unknown one (a newer API) as its name. */
export function businessKindLabel(kind: string): string {
  return Object.hasOwn(BUSINESS_KIND_LABELS, kind)
    ? BUSINESS_KIND_LABELS[kind as BusinessKind]
    : kind.replace(/_/g, ' ');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long a profile has waited, as people say it: 'under a minute', '40 minutes', '5 hours', '3 days'. */
export function waitedFor(since: string, now: Date): string {
  const waited = now.getTime() - new Date(since).getTime();
  if (!Number.isFinite(waited) || waited < MINUTE) return 'under a minute';
  if (waited < HOUR) return count(Math.floor(waited / MINUTE), 'minute');
  if (waited < DAY) return count(Math.floor(waited / HOUR), 'hour');
  return count(Math.floor(waited / DAY), 'day');
}

/** The seller review pages' own texts (what the server says comes first: SELLER_PROFILE_MESSAGES). */
export const SELLER_REVIEW_TEXTS = {
  fetchListFailed: "Failed to fetch sellers' business profiles",
  fetchFailed: "Failed to fetch the seller's business profile",
  approveFailed: 'Could not approve the profile. Please try again.',
  rejectFailed: 'Could not reject the profile. Please try again.',
  approved: (name: string) => `Approved ${name}: they can now ship, invoice and be paid. They are mailed.`,
  rejected: (name: string) => `Rejected ${name}: they are mailed your reason.`,
  masked: 'PAN, GSTIN and the account number are masked: only their last four characters are shown.',
  audited: 'Each time this page is opened, the view is recorded in the audit trail under your name.',
} as const;

import { addressProblems, type AddressInput } from '../addresses/address.validation.js';
import { gstStateCode } from '../invoices/gst-states.js';
import { isValidGstin } from '../invoices/gstin.js';
import { problem, type FieldProblem } from '../messages/popup-message.js';
import { SELLER_PROFILE_LIMITS } from './seller-profile.limits.js';
import { SELLER_PROFILE_MESSAGES } from './seller-profile.messages.js';

/**
 * A seller's business profile (issue 31): who the seller is in law, where Mandi's couriers pick up, and where the
 * seller is paid. Checked as the authorities define each number; the IFSC is also looked up in Razorpay's offline
 * directory by the API (apps/api/src/sellers/ifsc-directory.ts), which needs Node.
 */

/** The kinds of business a seller is, each with the PAN holder types its PAN may carry (the PAN's 4th letter). */
export const BUSINESS_KINDS = {
  /** A farmer selling as themself: their own PAN. */
  individual_farmer: { panHolders: ['P'] },
  /**
   * A farmer producer organisation: a producer company (Companies Act 2013, Part XXIA, PAN of a company) or a
   * co-operative society (assessed as an association of persons).
   */
  farmer_producer_organisation: { panHolders: ['C', 'A'] },
  /** A sole proprietorship: the proprietor's own PAN. */
  proprietor: { panHolders: ['P'] },
  /** A company or an LLP (an LLP's PAN is a firm's). */
  company: { panHolders: ['C', 'F'] },
} as const satisfies Record<string, { panHolders: readonly string[] }>;

/** One of {@link BUSINESS_KINDS}. */
export type BusinessKind = keyof typeof BUSINESS_KINDS;
export const BUSINESS_KIND_NAMES = Object.keys(BUSINESS_KINDS) as BusinessKind[];

/**
 * A PAN (Income-tax Department): five letters, four digits, a letter. The fourth letter is the holder's type: P a
 * person, C a company, H a Hindu undivided family, F a firm or LLP, A an association of persons, T a trust, B a body
 * of individuals, L a local authority, J an artificial juridical person, G a government body.
 */
export const PAN_PATTERN = /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/;
/**
 * An FSSAI licence or registration number (Food Safety and Standards (Licensing and Registration of Food Businesses)
 * Regulations, 2011): 14 digits, the first 1 for a licence and 2 for a registration.
 */
export const FSSAI_PATTERN = /^[12]\d{13}$/;
/** An IFSC (RBI): four letters of the bank, a zero, six letters or digits of the branch. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A bank account number as Indian banks issue them: 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;

/** Where a seller's profile is: waiting for an admin, approved, or rejected with a reason. */
export const SELLER_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SellerReviewStatus = (typeof SELLER_REVIEW_STATUSES)[number];

/** The profile as the seller fills it in, every identifier already in capitals without spaces (see {@link tidySellerProfile}). */
export interface SellerProfileInput {
  legal_name: string;
  business_kind: BusinessKind;
  pan: string;
  /** Empty for a seller without GST registration. */
  gstin: string;
  /** Empty for an individual farmer, who needs no FSSAI registration for their own unprocessed produce. */
  fssai_number: string;
  pickup_address: AddressInput;
  bank_account_holder: string;
  bank_account_number: string;
  ifsc: string;
}

/** An identifier as typed ('abcpe 1234f') made comparable: capitals, no spaces or dashes. */
export function tidyIdentifier(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** The profile with its identifiers tidied and its texts trimmed. */
export function tidySellerProfile(input: SellerProfileInput): SellerProfileInput {
  return {
    ...input,
    legal_name: input.legal_name.trim(),
    pan: tidyIdentifier(input.pan),
    gstin: tidyIdentifier(input.gstin),
    fssai_number: tidyIdentifier(input.fssai_number),
    bank_account_holder: input.bank_account_holder.trim(),
    bank_account_number: tidyIdentifier(input.bank_account_number),
    ifsc: tidyIdentifier(input.ifsc),
  };
}

const length = (value: string): number => Array.from(value).length;

/**
 * Every problem of a tidied profile, in the form's order (the pickup address's as `pickup_address.<field>`); empty
 * when all is well. The IFSC's existence and the pickup pincode's place in the directory are the API's checks.
 */
export function sellerProfileProblems(input: SellerProfileInput): FieldProblem[] {
  const m = SELLER_PROFILE_MESSAGES;
  const problems: FieldProblem[] = [];
  if (input.legal_name === '') problems.push(problem('legal_name', m.legalNameRequired));
  else if (length(input.legal_name) > SELLER_PROFILE_LIMITS.legalNameMax)
    problems.push(problem('legal_name', m.legalNameTooLong));

  const kind = BUSINESS_KINDS[input.business_kind];
  const panWellFormed = PAN_PATTERN.test(input.pan);
  if (!panWellFormed) problems.push(problem('pan', m.panInvalid));
  else if (!(kind.panHolders as readonly string[]).includes(input.pan[3]!))
    problems.push(problem('pan', m.panHolderMismatch));

  const stateCode = gstStateCode(input.pickup_address.state);
  if (input.gstin !== '') {
    if (!isValidGstin(input.gstin)) problems.push(problem('gstin', m.gstinInvalid));
    // A GSTIN is only held against a PAN that is itself well formed: one refusal for one mistake.
    else if (panWellFormed && input.gstin.slice(2, 12) !== input.pan)
      problems.push(problem('gstin', m.gstinPanMismatch));
    else if (stateCode && input.gstin.slice(0, 2) !== stateCode) problems.push(problem('gstin', m.gstinStateMismatch));
  }

  if (input.fssai_number === '') {
    if (input.business_kind !== 'individual_farmer') problems.push(problem('fssai_number', m.fssaiRequired));
  } else if (!FSSAI_PATTERN.test(input.fssai_number)) problems.push(problem('fssai_number', m.fssaiInvalid));

  for (const found of addressProblems(input.pickup_address))
    problems.push({ ...found, field: `pickup_address.${found.field}` });

  if (input.bank_account_holder === '') problems.push(problem('bank_account_holder', m.holderRequired));
  else if (length(input.bank_account_holder) > SELLER_PROFILE_LIMITS.holderNameMax)
    problems.push(problem('bank_account_holder', m.holderTooLong));
  if (!BANK_ACCOUNT_PATTERN.test(input.bank_account_number))
    problems.push(problem('bank_account_number', m.bankAccountInvalid));
  if (!IFSC_PATTERN.test(input.ifsc)) problems.push(problem('ifsc', m.ifscInvalid));
  return problems;
}

/** What is kept in the clear of a secret identifier (PAN, GSTIN, account number): its last four characters. */
export function lastFour(value: string): string {
  return value.slice(-4);
}

/**
 * A secret identifier as every answer but its owner's shows it, from its last four characters ('******234F'): the
 * same six stars whatever its length, so a masked account number does not tell how long it is either.
 */
export function maskedIdentifier(last4: string): string {
  return `******${last4}`;
}

/**
 * What is wrong with an admin's reason to reject a profile, or null: required, and at most 500 characters once
 * trimmed (the console's dialog; the API's body schema has the same limits).
 */
export function rejectionReasonProblem(reason: string): string | null {
  const given = reason.trim();
  if (given === '') return SELLER_PROFILE_MESSAGES.rejectionReasonRequired;
  if (given.length > SELLER_PROFILE_LIMITS.rejectionReasonMax) return SELLER_PROFILE_MESSAGES.rejectionReasonTooLong;
  return null;
}

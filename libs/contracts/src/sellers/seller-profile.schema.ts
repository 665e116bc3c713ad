// A seller's business profile and its review (issue 31, docs/sellers.md): requests and answers.
import {
  BUSINESS_KIND_NAMES,
  SELLER_PROFILE_LIMITS,
  SELLER_PROFILE_MESSAGES,
  SELLER_REVIEW_STATUSES,
} from '@mandi/domain';
import { z } from 'zod';
import { addressFormSchema, addressTextsSchema } from '../addresses/address.schema.js';
import { isoDateTimeSchema, requiredText, uidSchema } from '../common/fields.js';

/**
 * A text field of the profile, bounded so no size reaches the checks; what it must look like is libs/domain's rule
 * (sellerProfileProblems), which names the field in the 400. Identifiers are a few characters more with spaces.
 */
const profileText = (max: number) => z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`);

/** Body of PUT /api/seller-dashboard/{uid}/profile: the whole profile, sent for review. */
export const sellerProfileBodySchema = z.object({
  legal_name: profileText(SELLER_PROFILE_LIMITS.legalNameMax * 2),
  business_kind: z.enum(BUSINESS_KIND_NAMES, {
    error: `business_kind must be one of ${BUSINESS_KIND_NAMES.join(', ')}`,
  }),
  pan: profileText(32),
  /** Empty or left out for a seller without GST registration. */
  gstin: profileText(32).default(''),
  /** Empty or left out for an individual farmer. */
  fssai_number: profileText(32).default(''),
  pickup_address: addressFormSchema,
  bank_account_holder: profileText(SELLER_PROFILE_LIMITS.holderNameMax * 2),
  bank_account_number: profileText(32),
  ifsc: profileText(32),
});
/** Type of {@link sellerProfileBodySchema}. */
export type SellerProfileBody = z.infer<typeof sellerProfileBodySchema>;

/**
 * A seller's profile as an answer. PAN, GSTIN and the account number are whole only in the seller's own answers;
 * everyone else (an admin) sees their last four characters (`masked` says which).
 */
export const sellerProfileSchema = z.object({
  uid: uidSchema,
  legal_name: z.string(),
  business_kind: z.enum(BUSINESS_KIND_NAMES),
  pan: z.string(),
  /** Null for a seller without GST registration. */
  gstin: z.string().nullable(),
  fssai_number: z.string().nullable(),
  pickup_address: addressTextsSchema,
  bank_account_holder: z.string(),
  bank_account_number: z.string(),
  ifsc: z.string(),
  /** The bank the IFSC names, from Razorpay's offline IFSC directory. */
  bank_name: z.string(),
  status: z.enum(SELLER_REVIEW_STATUSES),
  /** Why an admin rejected the profile; null unless rejected. */
  rejection_reason: z.string().nullable(),
  submitted_at: isoDateTimeSchema,
  reviewed_at: isoDateTimeSchema.nullable(),
  /** True when PAN, GSTIN and the account number show only their last four characters. */
  masked: z.boolean(),
});
/** Type of {@link sellerProfileSchema}. */
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** Path of the console's calls on one seller's profile. */
export const sellerProfileParamsSchema = z.object({ uid: uidSchema });
/** Type of {@link sellerProfileParamsSchema}. */
export type SellerProfileParams = z.infer<typeof sellerProfileParamsSchema>;

/** Query of GET /api/admin/seller-profiles: the profiles in one review state (pending unless asked), oldest first. */
export const sellerProfilesQuerySchema = z.object({
  status: z
    .enum(SELLER_REVIEW_STATUSES, { error: `status must be one of ${SELLER_REVIEW_STATUSES.join(', ')}` })
    .default('pending'),
});
/** Type of {@link sellerProfilesQuerySchema}. */
export type SellerProfilesQuery = z.infer<typeof sellerProfilesQuerySchema>;

/** A row of the console's seller review list: who, what business, since when; no identifier at all. */
export const sellerProfileSummarySchema = z.object({
  uid: uidSchema,
  username: z.string(),
  email: z.string(),
  legal_name: z.string(),
  business_kind: z.enum(BUSINESS_KIND_NAMES),
  /** Whether the seller gave a GSTIN (is registered under GST). */
  gst_registered: z.boolean(),
  state: z.string(),
  status: z.enum(SELLER_REVIEW_STATUSES),
  submitted_at: isoDateTimeSchema,
  reviewed_at: isoDateTimeSchema.nullable(),
});
/** Type of {@link sellerProfileSummarySchema}. */
export type SellerProfileSummary = z.infer<typeof sellerProfileSummarySchema>;
export const sellerProfileSummaryListSchema = z.array(sellerProfileSummarySchema);

/** Body of POST /api/admin/seller-profiles/{uid}/reject: the reason the seller is told. */
export const rejectSellerProfileBodySchema = z.object({
  reason: requiredText(
    SELLER_PROFILE_MESSAGES.rejectionReasonRequired,
    SELLER_PROFILE_LIMITS.rejectionReasonMax,
    SELLER_PROFILE_MESSAGES.rejectionReasonTooLong,
  ),
});
/** Type of {@link rejectSellerProfileBodySchema}. */
export type RejectSellerProfileBody = z.infer<typeof rejectSellerProfileBodySchema>;

/** Path of GET /api/ifsc/{ifsc}. */
export const ifscParamsSchema = z.object({ ifsc: profileText(32) });
/** Type of {@link ifscParamsSchema}. */
export type IfscParams = z.infer<typeof ifscParamsSchema>;
/** Answer of GET /api/ifsc/{ifsc}: the bank an IFSC names, for the profile form to show back as it is typed. */
export const ifscLookupSchema = z.object({ ifsc: z.string(), bank_name: z.string() });
/** Type of {@link ifscLookupSchema}. */
export type IfscLookup = z.infer<typeof ifscLookupSchema>;

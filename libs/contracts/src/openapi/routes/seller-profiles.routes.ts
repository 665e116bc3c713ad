import {
  ifscLookupSchema,
  ifscParamsSchema,
  rejectSellerProfileBodySchema,
  sellerProfileBodySchema,
  sellerProfileParamsSchema,
  sellerProfileSchema,
  sellerProfileSummaryListSchema,
  sellerProfilesQuerySchema,
} from '../../sellers/seller-profile.schema.js';
import type { ApiRoute } from '../api-route.js';

/*
 * Sellers as businesses (issue 31, docs/sellers.md): the business profile a seller fills in from their dashboard, and
 * the console's review of it. PAN, GSTIN and the account number are whole only in the seller's own answers.
 */

export const sellerProfile = {
  method: 'GET',
  path: '/api/seller-dashboard/{uid}/profile',
  tag: 'Seller dashboard',
  summary:
    "The seller's business profile and its review; an admin reading it sees PAN, GSTIN and account masked, and is audited",
  access: 'user',
  params: sellerProfileParamsSchema,
  answers: { 200: { description: 'The profile', schema: sellerProfileSchema } },
  errors: [404],
} satisfies ApiRoute;

export const saveSellerProfile = {
  method: 'PUT',
  path: '/api/seller-dashboard/{uid}/profile',
  tag: 'Seller dashboard',
  summary:
    'Fills in or changes the business profile (legal name, PAN, GSTIN, FSSAI, pickup address, bank account): it waits for review again',
  access: 'user',
  rateLimit: 'sellerProfileWrites',
  params: sellerProfileParamsSchema,
  body: sellerProfileBodySchema,
  answers: { 200: { description: 'Saved, waiting for review', schema: sellerProfileSchema } },
  errors: [403, 404],
} satisfies ApiRoute;

export const ifscLookup = {
  method: 'GET',
  path: '/api/ifsc/{ifsc}',
  tag: 'Reference',
  summary: "The bank an IFSC names, from Razorpay's offline IFSC directory (404 when no branch has it)",
  access: 'user',
  params: ifscParamsSchema,
  answers: { 200: { description: 'The bank', schema: ifscLookupSchema } },
  errors: [404],
} satisfies ApiRoute;

export const adminSellerProfiles = {
  method: 'GET',
  path: '/api/admin/seller-profiles',
  tag: 'Admin',
  summary: "Sellers' business profiles in one review state (pending unless asked), the longest waiting first",
  access: 'admin',
  query: sellerProfilesQuerySchema,
  answers: { 200: { description: 'The profiles, without identifiers', schema: sellerProfileSummaryListSchema } },
  errors: [],
} satisfies ApiRoute;

export const adminSellerProfile = {
  method: 'GET',
  path: '/api/admin/seller-profiles/{uid}',
  tag: 'Admin',
  summary: "One seller's business profile, PAN, GSTIN and account masked; each read is in the audit trail",
  access: 'admin',
  params: sellerProfileParamsSchema,
  answers: { 200: { description: 'The profile', schema: sellerProfileSchema } },
  errors: [404],
} satisfies ApiRoute;

export const approveSellerProfile = {
  method: 'POST',
  path: '/api/admin/seller-profiles/{uid}/approve',
  tag: 'Admin',
  summary: 'Approves a pending profile: the seller may ship, invoice in their name and be paid (audited, mailed)',
  access: 'admin',
  params: sellerProfileParamsSchema,
  answers: { 200: { description: 'Approved', schema: sellerProfileSchema } },
  errors: [404, 409],
} satisfies ApiRoute;

export const rejectSellerProfile = {
  method: 'POST',
  path: '/api/admin/seller-profiles/{uid}/reject',
  tag: 'Admin',
  summary: 'Rejects a pending profile with a reason the seller is mailed (audited)',
  access: 'admin',
  params: sellerProfileParamsSchema,
  body: rejectSellerProfileBodySchema,
  answers: { 200: { description: 'Rejected', schema: sellerProfileSchema } },
  errors: [404, 409],
} satisfies ApiRoute;

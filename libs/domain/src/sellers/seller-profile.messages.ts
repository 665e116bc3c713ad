import { SELLER_PROFILE_LIMITS } from './seller-profile.limits.js';

/** Texts of the seller's business profile and its review (docs/sellers.md); the storefront has them in Hindi too. */
export const SELLER_PROFILE_MESSAGES = {
  legalNameRequired: 'Legal name is required',
  legalNameTooLong: `Legal name must be at most ${SELLER_PROFILE_LIMITS.legalNameMax} characters`,
  panInvalid: 'PAN must be 5 letters, 4 digits and a letter, as ABCPE1234F',
  panHolderMismatch: 'This PAN is not of the kind of business chosen (its 4th letter names the holder type)',
  gstinInvalid: 'GSTIN is not valid: check its 15 characters',
  gstinPanMismatch: 'GSTIN must contain the PAN given above',
  gstinStateMismatch: 'GSTIN must be registered in the state of the pickup address',
  fssaiRequired: 'FSSAI licence or registration number is required for this kind of business',
  fssaiInvalid: 'FSSAI number must be 14 digits, starting with 1 (licence) or 2 (registration)',
  holderRequired: 'Account holder name is required',
  holderTooLong: `Account holder name must be at most ${SELLER_PROFILE_LIMITS.holderNameMax} characters`,
  bankAccountInvalid: 'Account number must be 9 to 18 digits',
  ifscInvalid: 'IFSC must be 4 letters, a zero and 6 letters or digits, as SBIN0001234',
  ifscUnknown: 'No bank branch has this IFSC',
  rejectionReasonRequired: 'A reason is required to reject a seller',
  rejectionReasonTooLong: `The reason must be at most ${SELLER_PROFILE_LIMITS.rejectionReasonMax} characters`,
  profileNotFound: 'This seller has not filled in a business profile',
  notPending: 'This profile is not waiting for a review',
  approvalRequired: 'Your seller profile must be approved by Mandi first',
} as const;

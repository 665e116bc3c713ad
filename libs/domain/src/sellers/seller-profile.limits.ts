/** Lengths of a seller's business profile's own texts, and of an admin's reason to reject one. */
export const SELLER_PROFILE_LIMITS = { legalNameMax: 100, holderNameMax: 100, rejectionReasonMax: 500 } as const;

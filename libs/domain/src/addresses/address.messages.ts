// Texts of docs/addresses.md (address form) character for character. The spec gives texts for the mobile,
// PIN code, unverified pincode and address limit; the required/length texts are ours, named after the
// form's labels.

/** Messages of the address form and address calls. */
export const ADDRESS_MESSAGES = {
  invalidMobile: 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
  invalidPincode: 'Enter a valid 6-digit Indian PIN code',
  pincodeNotVerified: {
    title: 'Pincode not verified',
    text: "Please click 'Get Address' and fetch a valid address before submitting.",
  },
  maxAddressesReached: { title: 'Maximum Addresses Reached', text: 'You can only save up to 10 active addresses.' },
  fullNameRequired: 'Full Name is required',
  fullNameTooLong: 'Full Name must be at most 50 characters',
  stateRequired: 'State is required',
  districtRequired: 'District is required',
  talukRequired: 'Taluk is required',
  flatRequired: 'Flat, House no., Building is required',
  flatTooLong: 'Flat, House no., Building must be at most 255 characters',
  areaRequired: 'Area, Street, Village is required',
  landmarkRequired: 'Landmark is required',
  landmarkTooLong: 'Landmark must be at most 200 characters',
  /** Ours: docs/decisions.md shows a short message where the earlier client only logged. */
  saveFailed: 'Could not save the address. Please try again.',
  deleteFailed: 'Could not delete the address. Please try again.',
  notFound: 'Address not found.',
  /** Ours: the pincode directory has no office for this PIN code. */
  pincodeNotFound: 'No address found for this PIN code.',
  /** Ours: a saved address's state must be one its PIN code's post offices are in. */
  stateMismatch: (pincode: string, states: readonly string[]) =>
    `State does not match pincode ${pincode} (${states.join(' or ')})`,
  /** Ours: a saved address's district must be one its PIN code's post offices are in, in that state. */
  districtMismatch: (pincode: string, districts: readonly string[]) =>
    `District does not match pincode ${pincode} (${districts.join(' or ')})`,
  /** Ours: answers of set-default and delete. */
  defaultChanged: 'Default address updated.',
  deleted: 'Address deleted.',
} as const;

import type { SellerProfileBody } from '@mandi/contracts';
import { ADDRESS_MESSAGES, SELLER_PROFILE_MESSAGES as M, gstinCheckCharacter } from '@mandi/domain';

// A seller's business profile for the API's tests (docs/sellers.md): a valid one, and one bad value of each field.

/** A GSTIN of `pan` registered in state `state`, with its right check character. */
export const gstinOf = (state: string, pan: string): string =>
  `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;

export const PAN = 'ABCPE1234F';
export const ACCOUNT = '123456789012';
export const GSTIN = gstinOf('29', PAN); // Karnataka, the pickup address's state

export const profile: SellerProfileBody = {
  legal_name: 'Asha Rao',
  business_kind: 'individual_farmer',
  pan: PAN,
  gstin: GSTIN,
  fssai_number: '21519012000123',
  pickup_address: {
    name: 'Asha Rao',
    mobile: '9876543210',
    state: 'Karnataka',
    district: 'Bangalore',
    taluk: 'Bangalore North',
    flat_house_building: 'Survey No. 12, Rao Farm',
    area_or_street_or_village: 'Hesaraghatta',
    landmark: 'Near the dairy',
    pincode: '560001',
  },
  bank_account_holder: 'Asha Rao',
  bank_account_number: ACCOUNT,
  ifsc: 'SBIN0000001',
};

/** One bad value of each field, with the 400's `fields` it must answer (expect.any where the text is zod's). */
export const BAD_PROFILE_VALUES: [string, Partial<SellerProfileBody>, Record<string, unknown>][] = [
  ['legal name', { legal_name: ' ' }, { legal_name: M.legalNameRequired }],
  ['business kind', { business_kind: 'trust' as never }, { business_kind: expect.any(String) as unknown }],
  ['PAN', { pan: 'ABCPE12345', gstin: '' }, { pan: M.panInvalid }],
  ["a company's PAN for a farmer", { pan: 'ABCCE1234F', gstin: '' }, { pan: M.panHolderMismatch }],
  [
    'GSTIN check character',
    { gstin: `${GSTIN.slice(0, 14)}${GSTIN[14] === 'A' ? 'B' : 'A'}` },
    { gstin: M.gstinInvalid },
  ],
  ['GSTIN of another PAN', { gstin: gstinOf('29', 'ABCPE9999F') }, { gstin: M.gstinPanMismatch }],
  ['GSTIN of another state', { gstin: gstinOf('27', PAN) }, { gstin: M.gstinStateMismatch }],
  ['FSSAI number', { fssai_number: '2151901200012' }, { fssai_number: M.fssaiInvalid }],
  [
    'pickup PIN code not in the directory',
    { pickup_address: { ...profile.pickup_address, pincode: '999999' } },
    { 'pickup_address.pincode': ADDRESS_MESSAGES.pincodeNotFound },
  ],
  [
    'pickup mobile',
    { pickup_address: { ...profile.pickup_address, mobile: '12345' } },
    { 'pickup_address.mobile': ADDRESS_MESSAGES.invalidMobile },
  ],
  ['account holder', { bank_account_holder: '' }, { bank_account_holder: M.holderRequired }],
  ['account number', { bank_account_number: '12345678' }, { bank_account_number: M.bankAccountInvalid }],
  ['IFSC pattern', { ifsc: 'SBIN1000001' }, { ifsc: M.ifscInvalid }],
  ['IFSC of no branch', { ifsc: 'SBIN0ZZZZZZ' }, { ifsc: M.ifscUnknown }],
];

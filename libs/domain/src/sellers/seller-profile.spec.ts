import { gstinCheckCharacter } from '../invoices/gstin.js';
import { SELLER_PROFILE_MESSAGES as M } from './seller-profile.messages.js';
import {
  lastFour,
  maskedIdentifier,
  rejectionReasonProblem,
  sellerProfileProblems,
  tidySellerProfile,
  type SellerProfileInput,
} from './seller-profile.js';
import { sellerRecordsKeptUntil } from './seller-records.js';

/** A GSTIN of `pan` in state `state`, with its right check character. */
const gstinOf = (state: string, pan: string): string => {
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
};

const good: SellerProfileInput = {
  legal_name: 'Asha Patil',
  business_kind: 'individual_farmer',
  pan: 'ABCPE1234F',
  gstin: gstinOf('27', 'ABCPE1234F'),
  fssai_number: '21519012000123',
  pickup_address: {
    name: 'Asha Patil',
    mobile: '9876543210',
    pincode: '422001',
    state: 'Maharashtra',
    district: 'Nashik',
    taluk: 'Nashik',
    flat_house_building: 'Gat No. 12, Patil Farm',
    area_or_street_or_village: 'Pimpalgaon',
    landmark: 'Near the temple',
  },
  bank_account_holder: 'Asha Patil',
  bank_account_number: '123456789012',
  ifsc: 'SBIN0001234',
};

const fieldsOf = (input: SellerProfileInput) =>
  sellerProfileProblems(input).map((found) => [found.field, found.text] as const);

describe('a seller profile', () => {
  it('passes a complete profile of a registered farmer, and of an unregistered one without FSSAI', () => {
    expect(sellerProfileProblems(good)).toEqual([]);
    expect(sellerProfileProblems({ ...good, gstin: '', fssai_number: '' })).toEqual([]);
  });

  it.each<[string, Partial<SellerProfileInput>, string, string]>([
    ['no legal name', { legal_name: '' }, 'legal_name', M.legalNameRequired],
    ['a legal name over 100 characters', { legal_name: 'अ'.repeat(101) }, 'legal_name', M.legalNameTooLong],
    ['a PAN of 9 characters', { pan: 'ABCPE1234' }, 'pan', M.panInvalid],
    ['a PAN with digits where letters go', { pan: 'AB1PE1234F' }, 'pan', M.panInvalid],
    ['a PAN with an unknown holder letter', { pan: 'ABCXE1234F' }, 'pan', M.panInvalid],
    ["a company's PAN for a farmer", { pan: 'ABCCE1234F', gstin: '' }, 'pan', M.panHolderMismatch],
    ['a GSTIN with a wrong check character', { gstin: `${good.gstin.slice(0, 14)}0` }, 'gstin', M.gstinInvalid],
    ['a GSTIN of another PAN', { gstin: gstinOf('27', 'ABCPE9999F') }, 'gstin', M.gstinPanMismatch],
    ['a GSTIN of another state', { gstin: gstinOf('29', 'ABCPE1234F') }, 'gstin', M.gstinStateMismatch],
    ['an FSSAI number of 13 digits', { fssai_number: '2151901200012' }, 'fssai_number', M.fssaiInvalid],
    ['an FSSAI number starting with 3', { fssai_number: '31519012000123' }, 'fssai_number', M.fssaiInvalid],
    ['no account holder', { bank_account_holder: '' }, 'bank_account_holder', M.holderRequired],
    ['an account number of 8 digits', { bank_account_number: '12345678' }, 'bank_account_number', M.bankAccountInvalid],
    [
      'an account number with a letter',
      { bank_account_number: '12345678901A' },
      'bank_account_number',
      M.bankAccountInvalid,
    ],
    ['an IFSC without its zero', { ifsc: 'SBIN1001234' }, 'ifsc', M.ifscInvalid],
  ])('refuses %s, naming the field', (_case, change, field, text) => {
    expect(fieldsOf({ ...good, ...change })).toEqual([[field, text]]);
  });

  it('needs an FSSAI number from every business but an individual farmer', () => {
    const fpo = { ...good, business_kind: 'farmer_producer_organisation' as const, pan: 'AAACM1234F', gstin: '' };
    expect(fieldsOf({ ...fpo, fssai_number: '' })).toEqual([['fssai_number', M.fssaiRequired]]);
    expect(fieldsOf(fpo)).toEqual([]);
    expect(fieldsOf({ ...fpo, pan: 'AAAAM1234F' })).toEqual([]); // a co-operative society
    expect(fieldsOf({ ...fpo, business_kind: 'company', pan: 'AAAFM1234F' })).toEqual([]); // an LLP
  });

  it("names the pickup address's problems under pickup_address", () => {
    const input = { ...good, pickup_address: { ...good.pickup_address, pincode: '42200' } };
    expect(fieldsOf(input).map(([field]) => field)).toEqual(['pickup_address.pincode']);
  });

  it('reads identifiers as typed: lower case, spaces and dashes', () => {
    const typed = { ...good, pan: 'abcpe 1234f', gstin: good.gstin.toLowerCase(), ifsc: 'sbin-0001234' };
    expect(sellerProfileProblems(tidySellerProfile(typed))).toEqual([]);
    expect(tidySellerProfile(typed).pan).toBe('ABCPE1234F');
  });

  it('masks all but the last four characters, the same way whatever the length', () => {
    expect(maskedIdentifier(lastFour('ABCPE1234F'))).toBe('******234F');
    expect(maskedIdentifier(lastFour('123456789012345678'))).toBe('******5678');
  });
});

describe("a deleted seller's tax records", () => {
  it('are kept 72 months past the due date (31 December) of the annual return of the last sale’s financial year', () => {
    // FY 2026-27: annual return due 31 Dec 2027, kept until 31 Dec 2033.
    expect(sellerRecordsKeptUntil(new Date('2026-12-03T10:00:00Z'))).toBe('2033-12-31');
    // 31 March 2027, 23:00 IST, is still FY 2026-27; an hour later it is 2027-28.
    expect(sellerRecordsKeptUntil(new Date('2027-03-31T17:30:00Z'))).toBe('2033-12-31');
    expect(sellerRecordsKeptUntil(new Date('2027-03-31T18:30:00Z'))).toBe('2034-12-31');
  });
});

describe("an admin's reason to reject a profile", () => {
  it('is required and at most 500 characters once trimmed', () => {
    expect(rejectionReasonProblem('  ')).toBe(M.rejectionReasonRequired);
    expect(rejectionReasonProblem(` ${'a'.repeat(500)} `)).toBeNull();
    expect(rejectionReasonProblem('a'.repeat(501))).toBe(M.rejectionReasonTooLong);
  });
});

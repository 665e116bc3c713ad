import { ADDRESS_LIMITS } from './address.limits.js';
import {
  ADDRESS_FIELDS,
  addressFieldsOf,
  addressProblems,
  becomesDefault,
  checkAddressLimit,
  defaultAfterDelete,
  validateAddressInput,
  type AddressInput,
} from './address.validation.js';

const good: AddressInput = {
  name: 'Asha Patil',
  mobile: '9876543210',
  pincode: '422001',
  state: 'Maharashtra',
  district: 'Nashik',
  taluk: 'Nashik',
  flat_house_building: 'Flat 4, Shanti Apartments',
  area_or_street_or_village: 'College Road',
  landmark: 'Near the bus stand',
};

describe('validateAddressInput', () => {
  it('passes a complete address', () => {
    expect(validateAddressInput(good)).toBeNull();
  });

  it.each([
    [{ name: ' ' }, 'name', 'Full Name is required'],
    [{ name: 'n'.repeat(51) }, 'name', 'Full Name must be at most 50 characters'],
    [{ mobile: '98765 43210' }, 'mobile', 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9'],
    [{ mobile: '5876543210' }, 'mobile', 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9'],
    [{ pincode: '42200' }, 'pincode', 'Enter a valid 6-digit Indian PIN code'],
    [{ state: '' }, 'state', 'State is required'],
    [{ district: '' }, 'district', 'District is required'],
    [{ taluk: '' }, 'taluk', 'Taluk is required'],
    [{ flat_house_building: '' }, 'flat_house_building', 'Flat, House no., Building is required'],
    [
      { flat_house_building: 'f'.repeat(256) },
      'flat_house_building',
      'Flat, House no., Building must be at most 255 characters',
    ],
    [{ area_or_street_or_village: '' }, 'area_or_street_or_village', 'Area, Street, Village is required'],
    [{ landmark: '' }, 'landmark', 'Landmark is required'],
    [{ landmark: 'l'.repeat(201) }, 'landmark', 'Landmark must be at most 200 characters'],
  ])('%j fails on %s: %s', (change, field, text) => {
    expect(validateAddressInput({ ...good, ...change })).toEqual({ field, text });
  });

  it('lists every problem for inline messages', () => {
    expect(addressProblems({ ...good, mobile: '1', pincode: 'x' }).map((p) => p.field)).toEqual(['mobile', 'pincode']);
  });

  it('accepts the longest allowed values', () => {
    expect(
      validateAddressInput({
        ...good,
        name: 'n'.repeat(50),
        flat_house_building: 'f'.repeat(255),
        landmark: 'l'.repeat(200),
      }),
    ).toBeNull();
  });
});

describe('address book', () => {
  it('allows up to 10 active addresses', () => {
    expect(ADDRESS_LIMITS.maxActive).toBe(10);
    expect(checkAddressLimit(9)).toBeNull();
    expect(checkAddressLimit(10)).toEqual({
      field: '_',
      title: 'Maximum Addresses Reached',
      text: 'You can only save up to 10 active addresses.',
    });
  });

  it('makes the first remaining address the default when the default is deleted', () => {
    const book = [
      { id: 'a1', is_default: 0 as const },
      { id: 'a2', is_default: 1 as const },
      { id: 'a3', is_default: 0 as const },
    ];
    expect(defaultAfterDelete(book, 'a2')).toBe('a1');
    expect(defaultAfterDelete(book, 'a3')).toBe('a2');
    expect(defaultAfterDelete([{ id: 'a1', is_default: true }], 'a1')).toBeNull();
  });

  it('makes the first address the default, a later one only when asked', () => {
    expect(becomesDefault(0, false)).toBe(true);
    expect(becomesDefault(3, false)).toBe(false);
    expect(becomesDefault(3, true)).toBe(true);
  });
});

describe('addressFieldsOf', () => {
  it('keeps exactly the address fields, in the order the API answers them', () => {
    const saved = { id: 7, user_id: 3, is_default: true, ...good };
    expect(addressFieldsOf(saved)).toEqual(good);
    expect(Object.keys(addressFieldsOf(saved))).toEqual([...ADDRESS_FIELDS]);
  });
});

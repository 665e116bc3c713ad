import { addressFieldsSchema, createAddressBodySchema } from './address.schema.js';

const address = {
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

const issues = (input: unknown) =>
  addressFieldsSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('address schemas', () => {
  it('accept an address with its owner', () => {
    expect(createAddressBodySchema.parse({ ...address, user_id: 5, is_default: true })).toEqual({
      ...address,
      user_id: '5',
      is_default: 1,
    });
  });

  it.each([['98765 43210'], ['5876543210'], ['987654321'], ['+919876543210']])(
    'refuse mobile %p with the spec message',
    (mobile) => {
      expect(issues({ ...address, mobile })).toEqual([
        ['mobile', 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9'],
      ]);
    },
  );

  it('refuses a bad PIN code with the spec message', () => {
    expect(issues({ ...address, pincode: '42200' })).toEqual([['pincode', 'Enter a valid 6-digit Indian PIN code']]);
  });

  it('names each missing or long field', () => {
    expect(issues({ ...address, name: '', landmark: 'l'.repeat(201), flat_house_building: ' ' })).toEqual([
      ['name', 'Full Name is required'],
      ['flat_house_building', 'Flat, House no., Building is required'],
      ['landmark', 'Landmark must be at most 200 characters'],
    ]);
    expect(issues({})?.map(([field]) => field)).toEqual([
      'name',
      'mobile',
      'pincode',
      'state',
      'district',
      'taluk',
      'flat_house_building',
      'area_or_street_or_village',
      'landmark',
    ]);
  });
});

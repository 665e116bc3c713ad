import { pincodeLookupAnswerSchema, pincodeParamsSchema } from './pincode.schema.js';

describe('pincode lookup', () => {
  it('checks the PIN code with the spec message', () => {
    expect(pincodeParamsSchema.parse({ pincode: '422001' })).toEqual({ pincode: '422001' });
    expect(pincodeParamsSchema.safeParse({ pincode: '4220' }).error?.issues[0]?.message).toBe(
      'Enter a valid 6-digit Indian PIN code',
    );
  });

  it('reads a found and a missing PIN code', () => {
    const found = {
      Status: 'Success',
      PostOffice: [{ Name: 'Nashik H.O', State: 'Maharashtra', District: 'Nashik', Block: 'Nashik' }],
    };
    expect(pincodeLookupAnswerSchema.parse(found)).toEqual(found);
    expect(
      pincodeLookupAnswerSchema.parse({ Status: 'Error', Message: 'No records found', PostOffice: null }).PostOffice,
    ).toBeNull();
    expect(pincodeLookupAnswerSchema.safeParse({ Status: 'OK', PostOffice: [] }).success).toBe(false);
  });
});

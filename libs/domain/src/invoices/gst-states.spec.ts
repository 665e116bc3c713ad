import { GST_STATES, gstStateCode, isSameGstState, placeOfSupplyText } from './gst-states.js';

describe('GST state codes', () => {
  it.each([
    ['Karnataka', '29'],
    ['karnataka ', '29'],
    ['Tamil Nadu', '33'],
    ['Delhi', '07'],
    ['Andhra Pradesh', '37'],
    ['Telangana', '36'],
    // The India Post directory's spellings.
    ['Chattisgarh', '22'],
    ['Pondicherry', '34'],
    ['Andaman & Nicobar', '35'],
    ['Dadra & Nagar Haveli', '26'],
    ['Daman & Diu', '26'],
    ['Jammu & Kashmir', '01'],
    ['Orissa', '21'],
    ['Ladakh', '38'],
    ['Atlantis', null],
  ])('%p has code %p', (name, code) => {
    expect(gstStateCode(name)).toBe(code);
  });

  it('gives each code once', () => {
    const codes = GST_STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each([
    ['Karnataka', 'Karnataka', true],
    ['Karnataka', 'KARNATAKA', true],
    ['Chhattisgarh', 'Chattisgarh', true],
    ['Daman & Diu', 'Dadra and Nagar Haveli', true],
    ['Karnataka', 'Kerala', false],
    ['Karnataka', 'Atlantis', false],
    ['Atlantis', 'atlantis', true],
  ])('%p and %p are the same state: %p', (a, b, same) => {
    expect(isSameGstState(a, b)).toBe(same);
  });

  it('prints the place of supply with its code', () => {
    expect(placeOfSupplyText('Karnataka')).toBe('Karnataka (29)');
    expect(placeOfSupplyText('Atlantis')).toBe('Atlantis');
  });
});

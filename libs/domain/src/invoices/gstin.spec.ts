import { gstinCheckCharacter, isValidGstin } from './gstin.js';

describe('GSTIN', () => {
  it.each([
    ['27AAPFU0939F1ZV', true], // the GSTN's own example
    ['29AAHCM4321K1ZA', true], // Mandi's demo seller
    ['27AAPFU0939F1ZW', false], // wrong check character
    ['27AAPFU0939F1Z', false],
    ['27aapfu0939f1zv', false],
    ['2AAAPFU0939F1ZV', false],
    ['27AAPFU0939F0ZV', false], // entity number 0
    ['27AAPFU0939F1YV', false], // 14th character must be Z
  ])('%p is valid: %p', (gstin, valid) => {
    expect(isValidGstin(gstin)).toBe(valid);
  });

  it('computes the check character', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });
});

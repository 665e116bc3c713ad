import { isValidEmail, isValidIndianMobile, isValidPincode, normalizePhone } from './patterns.js';

describe('normalizePhone', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['09876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['12345', '12345'],
    ['', ''],
  ])('%p -> %p', (input, output) => {
    expect(normalizePhone(input)).toBe(output);
  });
});

describe('isValidIndianMobile', () => {
  it.each([
    ['9876543210', true],
    ['6000000000', true],
    ['7123456789', true],
    ['8123456789', true],
    ['5123456789', false], // starts with 5
    ['0123456789', false],
    ['987654321', false], // 9 digits
    ['98765432101', false], // 11 digits
    ['98765 43210', false],
    ['+919876543210', false],
  ])('%p: %p', (value, valid) => {
    expect(isValidIndianMobile(value)).toBe(valid);
  });
});

describe('isValidPincode', () => {
  it.each([
    ['560001', true],
    ['110001', true],
    ['56000', false],
    ['5600011', false],
    ['56000a', false],
    [' 560001', false],
  ])('%p: %p', (value, valid) => {
    expect(isValidPincode(value)).toBe(valid);
  });
});

describe('isValidEmail', () => {
  it.each([
    ['buyer@mandi.test', true],
    [' seller@example.co.in ', true],
    ['no-at-sign.in', false],
    ['a@b', false],
    ['a b@c.in', false],
    ['', false],
  ])('%p: %p', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });
});

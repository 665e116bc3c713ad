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
    ['first.last+tag@sub.example.co.in', true],
    ["o'brien@example.ie", true],
    ['user_name@mail-server.example.com', true],
    ['a@b..in', false],
    ['a@b.in.', false],
    ['a\u0000b@mandi.in', false],
    [`${'a'.repeat(245)}@mandi.in`, true],
    [`${'a'.repeat(246)}@mandi.in`, false],
  ])('%p: %p', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });

  it('answers 100 kB of adversarial text at once (linear pattern, bounded length)', () => {
    const started = Date.now();
    for (const text of [`a@${'.'.repeat(100_000)}`, `a@a${'.a'.repeat(50_000)}.@..a`, '@'.repeat(100_000)]) {
      expect(isValidEmail(text)).toBe(false);
    }
    expect(Date.now() - started).toBeLessThan(50);
  });
});

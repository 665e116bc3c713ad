import { DomainError } from '../errors/domain.error.js';
import { formatRupees, paiseToRupees, rupeesToPaise } from './money.js';

describe('rupeesToPaise', () => {
  it.each([
    [0, 0],
    [1, 100],
    [19.99, 1999],
    [123.4, 12340],
    [123456.78, 12345678],
    ['0.5', 50],
    ['45', 4500],
    [' 45.05 ', 4505],
    ['123456.78', 12345678],
    ['-12.50', -1250],
  ])('%p rupees is %p paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it.each([
    [1.005],
    [0.1 + 0.2],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['1.234'],
    ['abc'],
    [''],
    ['1,000'],
    ['1.'],
    ['.5'],
    [1e21],
  ])('rejects %p', (rupees) => {
    expect(() => rupeesToPaise(rupees)).toThrow(DomainError);
  });

  it('says why it rejected', () => {
    expect(() => rupeesToPaise('9.999')).toThrow('Enter an amount in rupees with at most 2 decimals.');
  });
});

describe('paiseToRupees', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [1999, 19.99],
    [8850, 88.5],
    [12345678, 123456.78],
  ])('%p paise is %p rupees', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  it('rejects fractions of a paisa', () => {
    expect(() => paiseToRupees(10.5)).toThrow(DomainError);
  });
});

describe('formatRupees', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [8850, '₹88.50'],
    [100000, '₹1,000.00'],
    [10000000, '₹1,00,000.00'],
    [12345600, '₹1,23,456.00'],
    [1234567890, '₹1,23,45,678.90'],
  ])('%p paise reads %p', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });
});

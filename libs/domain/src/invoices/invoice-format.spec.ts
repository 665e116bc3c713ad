import { documentFileName, documentTitle, formatInvoiceAmount, formatInvoiceDate } from './invoice-format.js';

describe('invoice formats', () => {
  it.each([
    ['2027-03-31T23:59:59+05:30', '31 Mar 2027'],
    ['2027-03-31T18:30:00Z', '01 Apr 2027'], // already 1 April in India
    ['2026-11-24T09:00:00+05:30', '24 Nov 2026'],
  ])('dates %s as %s', (iso, text) => {
    expect(formatInvoiceDate(new Date(iso))).toBe(text);
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [8850, '88.50'],
    [12345600, '1,23,456.00'],
    [1234567890, '1,23,45,678.90'],
  ])('writes %p paise as %p', (paise, text) => {
    expect(formatInvoiceAmount(paise)).toBe(text);
  });

  it('names the file after the number, without slashes', () => {
    expect(documentFileName('INV/26-27/000123')).toBe('INV-26-27-000123.pdf');
    expect(documentFileName('CN/26-27/000007')).toBe('CN-26-27-000007.pdf');
  });

  it('titles each kind of document', () => {
    expect([documentTitle('tax_invoice'), documentTitle('bill_of_supply'), documentTitle('credit_note')]).toEqual([
      'Tax Invoice',
      'Bill of Supply',
      'Credit Note',
    ]);
  });
});

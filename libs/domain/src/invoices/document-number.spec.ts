import { DomainError } from '../errors/domain.error.js';
import { DOCUMENT_NUMBER_MAX_LENGTH, formatDocumentNumber, parseDocumentNumber } from './document-number.js';

describe('document numbers', () => {
  it.each([
    ['invoice', '26-27', 123, 'INV/26-27/000123'],
    ['invoice', '26-27', 1, 'INV/26-27/000001'],
    ['invoice', '26-27', 999_999, 'INV/26-27/999999'],
    ['credit_note', '26-27', 7, 'CN/26-27/000007'],
  ] as const)('%s %s #%p is %s', (kind, fy, sequence, text) => {
    const number = formatDocumentNumber(kind, fy, sequence);
    expect(number).toBe(text);
    expect(number.length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX_LENGTH);
    expect(parseDocumentNumber(number)).toEqual({ kind, financialYear: fy, sequence });
  });

  it('keeps the longest number at exactly 16 characters', () => {
    expect(formatDocumentNumber('invoice', '26-27', 999_999)).toHaveLength(16);
  });

  it.each([
    ['26-27', 0],
    ['26-27', 1_000_000],
    ['26-27', 1.5],
    ['2026-27', 1],
  ])('refuses financial year %p with running number %p', (fy, sequence) => {
    expect(() => formatDocumentNumber('invoice', fy, sequence)).toThrow(DomainError);
  });

  it('does not read foreign numbers', () => {
    expect(parseDocumentNumber('INV-26-27-000123')).toBeNull();
    expect(parseDocumentNumber('CN/26-27/000000')).toBeNull();
  });
});

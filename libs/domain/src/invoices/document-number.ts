import { DomainError } from '../errors/domain.error.js';

/** The kinds of numbered documents and their prefixes. */
export const DOCUMENT_PREFIXES = { invoice: 'INV', credit_note: 'CN' } as const;

/** A numbered document: a tax invoice (or bill of supply) or a credit note. */
export type DocumentKind = keyof typeof DOCUMENT_PREFIXES;

/** GST rule 46(b): a document number has at most 16 characters. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
/** Digits of the running number; 6 keeps 'INV/26-27/000123' at exactly 16 characters. */
export const DOCUMENT_SEQUENCE_DIGITS = 6;
/** Largest running number in one financial year. */
export const DOCUMENT_SEQUENCE_MAX = 999_999;

const FY_LABEL = /^\d{2}-\d{2}$/;

/**
 * Formats a document number, e.g. ('invoice', '26-27', 123) -> 'INV/26-27/000123', ('credit_note', '26-27', 7) ->
 * 'CN/26-27/000007'. The one place a number is written: the worker numbers every invoice and credit note with it.
 */
export function formatDocumentNumber(kind: DocumentKind, financialYear: string, sequence: number): string {
  if (!FY_LABEL.test(financialYear)) {
    throw new DomainError('invalid_data', `Financial year must read like '26-27', not '${financialYear}'.`);
  }
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > DOCUMENT_SEQUENCE_MAX) {
    throw new DomainError(
      'invalid_data',
      `A document's running number must be between 1 and ${DOCUMENT_SEQUENCE_MAX}.`,
    );
  }
  return `${DOCUMENT_PREFIXES[kind]}/${financialYear}/${String(sequence).padStart(DOCUMENT_SEQUENCE_DIGITS, '0')}`;
}

/** Reads a document number back into its parts, or null when it is not one of ours. */
export function parseDocumentNumber(
  text: string,
): { kind: DocumentKind; financialYear: string; sequence: number } | null {
  const match = /^(INV|CN)\/(\d{2}-\d{2})\/(\d{6})$/.exec(text);
  if (!match) return null;
  const sequence = Number(match[3]);
  if (sequence < 1) return null;
  return { kind: match[1] === 'INV' ? 'invoice' : 'credit_note', financialYear: match[2]!, sequence };
}

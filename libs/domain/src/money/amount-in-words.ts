import { DomainError } from '../errors/domain.error.js';
import { assertPaise, type Paise } from './money.js';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0..99 in words: 'Seven', 'Nineteen', 'Twenty-Three'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]!}`;
}

/** 1..999 in words: 'Four Hundred Fifty-Six'. */
function belowThousand(n: number): string {
  const parts: string[] = [];
  if (n >= 100) parts.push(`${ONES[Math.floor(n / 100)]!} Hundred`);
  if (n % 100 !== 0) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/** A positive whole number in the Indian system (thousand, lakh, crore); crores above 99 are spelled recursively. */
function indianWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore > 0) parts.push(`${indianWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * The amount as Indian invoices write it, in title case with the Indian numbering system:
 * 12345650 -> 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
 * 100 -> 'Rupees One Only', 50 -> 'Fifty Paise Only', 0 -> 'Rupees Zero Only'.
 */
export function amountInWords(paise: Paise): string {
  assertPaise(paise);
  if (paise < 0) throw new DomainError('invalid_data', 'An amount in words cannot be negative.');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest === 0) return 'Rupees Zero Only';
  if (rupees === 0) return `${belowHundred(rest)} Paise Only`;
  const rupeeWords = `Rupees ${indianWords(rupees)}`;
  return rest === 0 ? `${rupeeWords} Only` : `${rupeeWords} and ${belowHundred(rest)} Paise Only`;
}

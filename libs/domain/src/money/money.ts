import type { LanguageLocale } from '../i18n/language.js';
import { DomainError } from '../errors/domain.error.js';

/** An amount of money in integer paise (1 rupee = 100 paise); the only form money takes in rules and storage. */
export type Paise = number;

const RUPEES_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Converts rupees (a number such as 123.45 or a string such as '123.45') to integer paise.
 * Rejects more than 2 decimals, NaN, infinities and amounts beyond exact integer range, because
 * silently rounding a price would charge a buyer something nobody typed.
 */
export function rupeesToPaise(rupees: number | string): Paise {
  let text: string;
  if (typeof rupees === 'number') {
    if (!Number.isFinite(rupees)) throw invalidAmount();
    // String(19.99) is '19.99'; a float that is not a 2-decimal figure (0.1 + 0.2) prints with more digits.
    text = String(rupees);
  } else {
    text = rupees.trim();
  }
  const match = RUPEES_PATTERN.exec(text);
  if (!match) throw invalidAmount();
  const [, minus, whole, fraction = ''] = match;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) throw invalidAmount();
  return minus && paise !== 0 ? -paise : paise;
}

/** Converts integer paise to rupees as a number with at most 2 decimals, the form the API speaks. */
export function paiseToRupees(paise: Paise): number {
  assertPaise(paise);
  return paise / 100;
}

const rupeeFormats = {
  'en-IN': new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }),
  'hi-IN': new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR' }),
};

/**
 * Formats paise for people: Indian grouping with the rupee sign, e.g. 12345600 -> '₹1,23,456.00', in English or in
 * Hindi (the same digits and grouping: Hindi readers use Latin digits for prices).
 */
export function formatRupees(paise: Paise, locale: LanguageLocale = 'en-IN'): string {
  assertPaise(paise);
  return rupeeFormats[locale].format(paise / 100);
}

/** Throws unless `paise` is a whole number of paise within exact integer range. */
export function assertPaise(paise: number): asserts paise is Paise {
  if (!Number.isSafeInteger(paise)) {
    throw new DomainError('invalid_data', 'An amount must be a whole number of paise.');
  }
}

function invalidAmount(): DomainError {
  return new DomainError('invalid_data', 'Enter an amount in rupees with at most 2 decimals.');
}

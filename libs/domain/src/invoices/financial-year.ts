import { indiaDateParts } from '../time/india-time.js';

/** The Indian financial year (1 April to 31 March, India time) an instant falls in. */
export interface FinancialYear {
  /** Calendar year in which the financial year starts (2026 for 2026-27). */
  startYear: number;
  /** Two-digit label used in document numbers, e.g. '26-27'. */
  label: string;
}

const twoDigits = (year: number): string => String(year % 100).padStart(2, '0');

/** The financial year of an instant, read on an Indian clock. */
export function financialYearOf(date: Date): FinancialYear {
  const { year, month } = indiaDateParts(date);
  const startYear = month >= 4 ? year : year - 1;
  return { startYear, label: `${twoDigits(startYear)}-${twoDigits(startYear + 1)}` };
}

/** The financial year label of an instant, e.g. '26-27' for any day from 1 April 2026 to 31 March 2027. */
export function financialYearLabel(date: Date): string {
  return financialYearOf(date).label;
}

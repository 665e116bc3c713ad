/** Messages of the become-seller page (docs/accounts.md). */
export const SELLER_MESSAGES = {
  interestFailed: 'Something went wrong. Please try again later.',
  interestRecorded: 'Interest Recorded',
  showInterest: 'Show Interest',
} as const;

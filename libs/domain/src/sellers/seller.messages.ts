/** Messages of the become-seller page (spec 001 sections 4 and 8). */
export const SELLER_MESSAGES = {
  interestFailed: 'Something went wrong. Please try again later.',
  interestRecorded: 'Interest Recorded',
  showInterest: 'Show Interest',
} as const;

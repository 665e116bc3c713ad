/*
 * A seller's money (issue 32, docs/payouts.md): their balance, each payout with its breakdown and UTR, their weekly
 * statements and monthly commission invoices. The seller only (an admin reads through the console's routes).
 */
export {};

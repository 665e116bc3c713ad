/*
 * Payouts in the console (issue 32, docs/payouts.md): what is due and held, failed transfers and their retry, each
 * seller's ledger and adjustments, and the reconciliation against Razorpay. Admins only.
 */
export {};

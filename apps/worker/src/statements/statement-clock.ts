/**
 * Injection token of the clock the statements sweep reads: which weeks and months are complete, and the date each
 * statement and commission invoice is issued on. Tests set their own, to move time instead of waiting for it.
 */
export const STATEMENT_CLOCK = Symbol('STATEMENT_CLOCK');

/** What {@link STATEMENT_CLOCK} provides. */
export type StatementClock = () => Date;

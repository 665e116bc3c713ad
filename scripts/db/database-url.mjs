// The database the scripts of scripts/db use when DATABASE_URL is unset, in a module of its own so that each
// script can read it without importing another script.

/** The local database that `npm start` uses when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/mandi';

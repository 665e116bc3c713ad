export * from './events.js';
export * from './jobs.js';
export * from './publish.js';
export * from './outbox.sql.js';
export * from './audit.sql.js';
export * from './ledger.sql.js';

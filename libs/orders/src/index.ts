export * from './order-moves.sql.js';
export * from './order-paid.sql.js';
export * from './order-window.sql.js';
export * from './checkout/index.js';

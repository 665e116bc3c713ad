export * from './checkout-place-order.sql.js';
export * from './checkout-pricing.js';
export * from './checkout-rows.js';

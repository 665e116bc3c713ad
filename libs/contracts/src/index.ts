// The public surface of @mandi/contracts: zod schemas and inferred types of every request and response body of
// both spec documents, shared by the API (validation) and the front ends (forms, typing). Browser-safe.

export * from './common/fields.js';
export * from './common/ids.js';
export * from './common/paging.js';
export * from './common/input.js';
export * from './common/error-body.schema.js';
export * from './health/health.schema.js';
export * from './products/product.schema.js';
export * from './profiles/profile.schema.js';
export * from './cart/cart.schema.js';
export * from './auth/auth.schema.js';
export * from './addresses/address.schema.js';
export * from './pincodes/pincode.schema.js';
export * from './payments/payment.schema.js';
export * from './invoices/invoice.schema.js';
export * from './orders/order.schema.js';
export * from './admin/admin.schema.js';
export * from './admin/commissions.schema.js';
export * from './admin/payouts.schema.js';
export * from './admin/queues-session.schema.js';
export * from './admin/pipeline.schema.js';
export * from './admin/admin-dashboard.schema.js';
export * from './admin/dead-jobs.schema.js';
export * from './admin/gst-reports.schema.js';
export * from './admin/admin-products.schema.js';
export * from './admin/admin-order-detail.schema.js';
export * from './admin/audit.schema.js';
export * from './sellers/seller.schema.js';
export * from './sellers/seller-profile.schema.js';
export * from './seller-dashboard/seller-dashboard.schema.js';
export * from './seller-payouts/seller-payouts.schema.js';
export * from './shipments/shipment.schema.js';
export * from './contact/contact.schema.js';
export * from './accounts/account-language.schema.js';
export * from './openapi/index.js';
export * from './client/index.js';

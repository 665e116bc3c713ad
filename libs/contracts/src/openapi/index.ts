// The route registry of the API and the OpenAPI 3.1 document built from it.
export * from './api-route.js';
export * from './api-routes.js';
export * from './openapi-document.js';
export * from './route-tags.js';
export * from './api-docs-assets.js';
export * from './routes/accounts.routes.js';
export * from './routes/admin-dashboard.routes.js';
export * from './routes/admin-jobs.routes.js';
export * from './routes/admin-order-detail.routes.js';
export * from './routes/admin-products.routes.js';
export * from './routes/admin.routes.js';
export * from './routes/catalog.routes.js';
export * from './routes/checkout.routes.js';
export * from './routes/gst-reports.routes.js';
export * from './routes/operations.routes.js';
export * from './routes/reference.routes.js';
export * from './routes/seller-dashboard.routes.js';

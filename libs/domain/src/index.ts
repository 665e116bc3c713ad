// The public surface of @mandi/domain: pure rules, limits and texts shared by the API, the worker and both
// front ends. Nothing here performs I/O or needs Node.

export * from './errors/domain.error.js';

export * from './money/money.js';
export * from './money/amount-in-words.js';

export * from './checkout/payment-method.js';
export * from './checkout/checkout.constants.js';
export * from './checkout/checkout.messages.js';

export * from './shipping/shipping.js';
export * from './shipping/order-totals.js';
export * from './shipments/shipment.js';

export * from './orders/order.status.js';
export * from './orders/order.window.js';
export * from './orders/order.limits.js';
export * from './orders/order-mail.rules.js';
export * from './orders/order.transitions.js';
export * from './orders/order.messages.js';
export * from './orders/cancel-reason.validation.js';

export * from './invoices/financial-year.js';
export * from './invoices/document-number.js';
export * from './invoices/gst-states.js';
export * from './invoices/gstin.js';
export * from './invoices/invoice-tax.js';
export * from './invoices/invoice-format.js';
export * from './invoices/invoice.messages.js';
export * from './invoices/gstr1.js';
export * from './invoices/gstr1-portal.js';
export * from './invoices/tcs.js';
export * from './invoices/order-documents.js';
export * from './invoices/gstr8.js';

export * from './time/india-time.js';
export * from './time/expiry-text.js';
export * from './time/posted-time.js';

export * from './validation/patterns.js';
export * from './messages/popup-message.js';
export * from './messages/messages.js';

export * from './products/product.limits.js';
export * from './products/product.messages.js';
export * from './products/product.validation.js';
export * from './products/product.category.js';
export * from './products/product.stock.js';
export * from './products/product.browse.js';
export * from './sellers/seller-dashboard.js';
export * from './sellers/seller-profile.limits.js';
export * from './sellers/seller-profile.messages.js';
export * from './sellers/seller-profile.js';
export * from './sellers/seller-records.js';

export * from './accounts/account.limits.js';
export * from './accounts/account.messages.js';
export * from './accounts/account.validation.js';
export * from './accounts/account.names.js';
export * from './accounts/oauth-sign-in.js';

export * from './addresses/address.limits.js';
export * from './addresses/address.messages.js';
export * from './addresses/address.validation.js';
export * from './addresses/address.directory.js';

export * from './cart/cart.limits.js';
export * from './cart/cart.messages.js';

export * from './admin/admin.limits.js';
export * from './admin/admin.messages.js';
export * from './admin/invites.validation.js';
export * from './admin/people.messages.js';
export * from './admin/console.messages.js';
export * from './admin/audit.js';
export * from './admin/product-moderation.js';

export * from './sellers/seller.messages.js';
export * from './contact/contact.messages.js';
export * from './contact/contact.validation.js';
export * from './layout/layout.constants.js';

export * from './i18n/language.js';

export * from './search/synonyms.js';
export * from './search/search-terms.js';
export * from './search/suggestion-ranking.js';
export * from './search/search-vocabulary.js';

export * from './write-limits/write.limits.js';
export * from './write-limits/write-limits.messages.js';
export * from './admin/order-timeline.js';
export * from './commissions/commission.js';
export * from './ledger/ledger.js';
export * from './ledger/payout-taxes.js';
export * from './ledger/payouts.js';
export * from './ledger/adjustment.js';
export * from './ledger/reconciliation.js';
export * from './ledger/payout.messages.js';
export * from './ledger/statement.js';
export * from './ledger/commission-invoice.js';
export * from './ondc/ondc-protocol.js';
export * from './ondc/catalog.js';
export * from './ondc/catalog-places.js';
export * from './ondc/catalog-search.js';
export * from './ondc/quote.js';
export * from './ondc/settlement.js';
export * from './ondc/order-state.js';

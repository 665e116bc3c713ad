/*
 * Mandi as an ONDC seller node (issue 33, docs/ondc.md): the protocol's fixed values, as ONDC publishes them.
 * Sources: ONDC's retail API contract v1.2.0 (ONDC-Official/ONDC-RET-Specifications, release-1.2.0, and
 * developer-docs "protocol-network-extension/api-contracts/retail"), the error codes of ONDC-RFC-001
 * (developer-docs "protocol-network-extension/error-codes.md") and the cancellation reason codes of
 * "order-cancel-returns-replacements.md", as ONDC's log-validation-utility checks them.
 */

/** Grocery: fruits and vegetables, staples, spices, oils and ghee. */
export const ONDC_DOMAIN = 'ONDC:RET10';
/** The retail API version Mandi speaks (one of the two ONDC's validators check, with 1.2.5). */
export const ONDC_CORE_VERSION = '1.2.0';
export const ONDC_COUNTRY = 'IND';
/** Mandi's catalogue is for every city it delivers to; ONDC's wildcard city code. */
export const ONDC_ANY_CITY = '*';
/** How long a callback may take when a request names no ttl (ONDC's retail default). */
export const ONDC_DEFAULT_TTL = 'PT30S';

/** The calls the network makes on a seller node, each answered by `on_<action>`. */
export const ONDC_ACTIONS = ['search', 'select', 'init', 'confirm', 'status', 'track', 'cancel', 'update'] as const;
export type OndcAction = (typeof ONDC_ACTIONS)[number];
/** The callback that answers an action. */
export type OndcCallback = `on_${OndcAction}`;
export const callbackOf = (action: OndcAction): OndcCallback => `on_${action}`;

/** ONDC-RFC-001's codes a seller node answers with (type SNP, or the generic ones). */
export const ONDC_ERRORS = {
  invalidRequest: { code: '30000', message: 'Invalid request does not meet API contract specifications' },
  providerNotFound: { code: '30001', message: 'Provider not found' },
  providerLocationNotFound: { code: '30002', message: 'Provider location not found' },
  itemNotFound: { code: '30004', message: 'Item not found' },
  dropoffNotServiceable: { code: '30009', message: 'Dropoff location not serviceable by Logistics Provider' },
  invalidCancellationReason: { code: '30012', message: 'Cancellation reason is invalid' },
  itemQuantityUnavailable: { code: '40002', message: 'Item quantity unavailable' },
  quoteChanged: { code: '40003', message: 'Quote no longer available' },
  invalidOrderState: { code: '50001', message: 'Cancellation not possible' },
  updateNotPossible: { code: '50002', message: 'Updation not possible' },
  orderNotFound: { code: '30000', message: 'Order not found' },
  staleRequest: { code: '20002', message: 'Stale Request' },
  invalidSignature: { code: '10001', message: 'Invalid Signature' },
  internalError: { code: '31001', message: 'Internal Error' },
  featureNotSupported: { code: '21001', message: 'Feature not supported' },
} as const;

/** The error types of Beckn's Error object. */
export type OndcErrorType = 'CONTEXT-ERROR' | 'CORE-ERROR' | 'DOMAIN-ERROR' | 'POLICY-ERROR' | 'JSON-SCHEMA-ERROR';

/** The fulfilment states of a delivery, in the order a retail order passes them (RET 1.2.0, "Fulfillment state"). */
export const ONDC_FULFILLMENT_STATES = [
  'Pending',
  'Packed',
  'Order-picked-up',
  'Out-for-delivery',
  'Order-delivered',
  'Cancelled',
] as const;
export type OndcFulfillmentState = (typeof ONDC_FULFILLMENT_STATES)[number];

/** The order states of RET 1.2.0. */
export type OndcOrderState = 'Created' | 'Accepted' | 'In-progress' | 'Completed' | 'Cancelled';

/**
 * Reason codes a buyer app may cancel with (used by BNP in RET 1.2.0's list, as the validator's
 * constants/reasonCode.ts has it), and their texts.
 */
export const ONDC_BUYER_CANCEL_REASONS = {
  '001': 'Price of one or more items have changed due to which buyer was asked to make additional payment',
  '003': 'Product available at lower than order price',
  '006': 'Order / fulfillment not received as per buyer app TAT SLA',
  '009': 'Wrong product delivered',
  '010': 'Buyer wants to modify address / other order details',
  '999': 'Order confirmation failure',
} as const;

/** Reason codes a seller node cancels with (used by SNP, or LSP & SNP, in that list), and their texts. */
export const ONDC_SELLER_CANCEL_REASONS = {
  '002': 'One or more items in the Order not available',
  '005': 'Merchant rejected the order',
  '011': 'Buyer not found or cannot be contacted',
  '012': 'Buyer does not want product any more',
  '013': 'Buyer refused to accept delivery',
  '018': 'Delivery pin code not serviceable',
  '998': 'Order confirmation failure',
} as const;

export type OndcBuyerCancelReason = keyof typeof ONDC_BUYER_CANCEL_REASONS;
export type OndcSellerCancelReason = keyof typeof ONDC_SELLER_CANCEL_REASONS;

/** Whether a code is one a buyer app may cancel with. */
export function isBuyerCancelReason(code: unknown): code is OndcBuyerCancelReason {
  return typeof code === 'string' && Object.hasOwn(ONDC_BUYER_CANCEL_REASONS, code);
}

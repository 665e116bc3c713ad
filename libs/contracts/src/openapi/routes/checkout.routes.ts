import { z } from 'zod';
import {
  addressBookChangeSchema,
  addressesOfUserParamsSchema,
  addressIdParamsSchema,
  addressListSchema,
  addressSchema,
  createAddressBodySchema,
  updateAddressBodySchema,
} from '../../addresses/address.schema.js';
import {
  cartParamsSchema,
  cartProductBodySchema,
  cartSchema,
  updateCartQuantityBodySchema,
} from '../../cart/cart.schema.js';
import { messageAnswerSchema } from '../../common/fields.js';
import {
  documentActionResponseSchema,
  invoiceDownloadParamsSchema,
  invoiceOrderBodySchema,
} from '../../invoices/invoice.schema.js';
import {
  cancelRequestAnswerSchema,
  cancelRequestBodySchema,
  orderDetailSchema,
  orderIdParamsSchema,
  orderListSchema,
  ordersOfUserParamsSchema,
  ordersOfUserQuerySchema,
} from '../../orders/order.schema.js';
import {
  codOrderBodySchema,
  orderPlacedAnswerSchema,
  paymentPageReturnQuerySchema,
  paymentOrderAnswerSchema,
  paymentOrderBodySchema,
  paymentSuccessBodySchema,
} from '../../payments/payment.schema.js';
import type { ApiRoute } from '../api-route.js';

/** Razorpay's webhook headers: the HMAC-SHA256 of the raw body with the webhook secret, and its event id. */
const webhookHeadersSchema = /* @__PURE__ */ z.object({
  'x-razorpay-signature': z.string(),
  'x-razorpay-event-id': z.string().optional(),
});

/** A Razorpay webhook event, read only after its signature verifies. */
const webhookEventSchema = /* @__PURE__ */ z.object({ event: z.string(), payload: z.record(z.string(), z.unknown()) });

const totalCount = { 'X-Total-Count': 'How many orders match, over all pages' };

/* The cart, the address book, checkout and payment, the buyer's orders and the invoice documents. */

export const addToCart = {
  method: 'POST',
  path: '/api/cart/add',
  tag: 'Cart',
  summary: "Adds a product to the caller's cart",
  access: 'user',
  rateLimit: 'cartAdds',
  body: cartProductBodySchema,
  answers: { 201: { description: 'Added', schema: messageAnswerSchema } },
  errors: [404, 409],
} satisfies ApiRoute;

export const cartOfUser = {
  method: 'GET',
  path: '/api/cart/{uid}',
  tag: 'Cart',
  summary: "The caller's cart lines with their products",
  access: 'user',
  params: cartParamsSchema,
  answers: { 200: { description: 'The cart', schema: cartSchema } },
  errors: [],
} satisfies ApiRoute;

export const removeFromCart = {
  method: 'DELETE',
  path: '/api/cart/remove',
  tag: 'Cart',
  summary: 'Removes a product from the cart (JSON body)',
  access: 'user',
  body: cartProductBodySchema,
  answers: { 200: { description: 'Removed', schema: messageAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const setCartQuantity = {
  method: 'PUT',
  path: '/api/cart/updateQuantity',
  tag: 'Cart',
  summary: 'Sets the quantity of a cart line, 1 to 15',
  access: 'user',
  body: updateCartQuantityBodySchema,
  answers: { 200: { description: 'Set', schema: messageAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const addressesOfUser = {
  method: 'GET',
  path: '/api/addresses/{userId}',
  tag: 'Addresses',
  summary: "The user's active addresses, oldest first",
  access: 'user',
  params: addressesOfUserParamsSchema,
  answers: { 200: { description: 'The address book', schema: addressListSchema } },
  errors: [],
} satisfies ApiRoute;

export const createAddress = {
  method: 'POST',
  path: '/api/addresses',
  tag: 'Addresses',
  summary: 'Saves a new address for user_id',
  access: 'user',
  rateLimit: 'addressWrites',
  body: createAddressBodySchema,
  answers: { 201: { description: 'Saved', schema: addressSchema } },
  errors: [],
} satisfies ApiRoute;

export const updateAddress = {
  method: 'PUT',
  path: '/api/addresses/{id}',
  tag: 'Addresses',
  summary: 'Changes an address of the caller',
  access: 'user',
  rateLimit: 'addressWrites',
  params: addressIdParamsSchema,
  body: updateAddressBodySchema,
  answers: { 200: { description: 'The address as saved', schema: addressSchema } },
  errors: [404],
} satisfies ApiRoute;

export const setDefaultAddress = {
  method: 'PUT',
  path: '/api/addresses/{id}/set-default',
  tag: 'Addresses',
  summary: 'Makes an address the default',
  access: 'user',
  rateLimit: 'addressWrites',
  params: addressIdParamsSchema,
  answers: { 200: { description: 'The address book afterwards', schema: addressBookChangeSchema } },
  errors: [404],
} satisfies ApiRoute;

export const deleteAddress = {
  method: 'DELETE',
  path: '/api/addresses/{id}',
  tag: 'Addresses',
  summary: 'Deletes an address (kept, marked deleted)',
  access: 'user',
  rateLimit: 'addressWrites',
  params: addressIdParamsSchema,
  answers: { 200: { description: 'The address book afterwards', schema: addressBookChangeSchema } },
  errors: [404],
} satisfies ApiRoute;

export const placeCodOrder = {
  method: 'POST',
  path: '/api/payment/cod',
  tag: 'Checkout',
  summary: 'Places a cash-on-delivery order, priced by the server',
  access: 'user',
  rateLimit: 'orders',
  body: codOrderBodySchema,
  answers: { 201: { description: 'Placed', schema: orderPlacedAnswerSchema } },
  errors: [404, 409],
} satisfies ApiRoute;

export const placeOnlineOrder = {
  method: 'POST',
  path: '/api/payment/order',
  tag: 'Checkout',
  summary: "Creates an online order and Razorpay's order (widget) or payment link (cart)",
  access: 'user',
  rateLimit: 'orders',
  body: paymentOrderBodySchema,
  answers: { 201: { description: 'Created', schema: paymentOrderAnswerSchema } },
  errors: [404, 409, 502],
} satisfies ApiRoute;

export const paymentSuccess = {
  method: 'POST',
  path: '/api/payment/payment-success',
  tag: 'Checkout',
  summary: "The checkout widget's success, accepted only with a valid Razorpay signature",
  access: 'user',
  body: paymentSuccessBodySchema,
  answers: { 200: { description: 'Paid', schema: orderPlacedAnswerSchema } },
  errors: [404, 409],
} satisfies ApiRoute;

export const razorpayWebhook = {
  method: 'POST',
  path: '/api/payment/webhook',
  tag: 'Checkout',
  summary: "Razorpay's webhook: verified over the raw body, each event processed once",
  access: 'public',
  rateLimit: 'exempt',
  headers: webhookHeadersSchema,
  body: webhookEventSchema,
  answers: { 200: { description: 'Verified (duplicates too)', schema: z.object({ status: z.string() }) } },
  errors: [],
} satisfies ApiRoute;

export const paymentReturn = {
  method: 'GET',
  path: '/api/payment/return',
  tag: 'Checkout',
  summary: 'Where the hosted payment page sends the buyer back: on to their orders',
  access: 'public',
  query: paymentPageReturnQuerySchema,
  answers: { 303: { description: "Redirect to the buyer's orders", headers: { Location: 'Where to go' } } },
  errors: [404],
} satisfies ApiRoute;

export const orderDetails = {
  method: 'GET',
  path: '/api/orders/details/{orderId}',
  tag: 'Orders',
  summary: 'One order of the caller, to show or cancel',
  access: 'user',
  params: orderIdParamsSchema,
  answers: { 200: { description: 'The order', schema: orderDetailSchema } },
  errors: [404],
} satisfies ApiRoute;

export const requestCancellation = {
  method: 'PUT',
  path: '/api/orders/cancel-request/{orderId}',
  tag: 'Orders',
  summary: 'A cancellation request with a reason, inside the 8 hours',
  access: 'user',
  params: orderIdParamsSchema,
  body: cancelRequestBodySchema,
  answers: { 200: { description: 'Requested', schema: cancelRequestAnswerSchema } },
  errors: [404, 409],
} satisfies ApiRoute;

export const ordersOfUser = {
  method: 'GET',
  path: '/api/orders/{userId}',
  tag: 'Orders',
  summary: "The buyer's orders, newest first, a page at a time",
  access: 'user',
  params: ordersOfUserParamsSchema,
  query: ordersOfUserQuerySchema,
  answers: { 200: { description: 'A page of orders', schema: orderListSchema, headers: totalCount } },
  errors: [],
} satisfies ApiRoute;

export const downloadInvoice = {
  method: 'GET',
  path: '/api/invoices/{invoiceId}/download',
  tag: 'Invoices',
  summary: "An invoice ('123') or credit note ('cn-7') as PDF: the buyer's own, or any for an admin",
  access: 'user',
  params: invoiceDownloadParamsSchema,
  answers: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
  errors: [404, 409],
} satisfies ApiRoute;

export const generateInvoice = {
  method: 'POST',
  path: '/api/invoices/generate',
  tag: 'Invoices',
  summary: 'Where the invoice of a paid order stands',
  access: 'admin',
  body: invoiceOrderBodySchema,
  answers: {
    200: { description: 'Issued', schema: documentActionResponseSchema },
    202: { description: 'The worker is issuing it', schema: documentActionResponseSchema },
  },
  errors: [404, 409],
} satisfies ApiRoute;

export const cancelInvoice = {
  method: 'POST',
  path: '/api/invoices/cancel',
  tag: 'Invoices',
  summary: 'Where the credit note of a cancelled order stands',
  access: 'admin',
  body: invoiceOrderBodySchema,
  answers: {
    200: { description: 'Issued or not required', schema: documentActionResponseSchema },
    202: { description: 'The worker is issuing it', schema: documentActionResponseSchema },
  },
  errors: [404, 409],
} satisfies ApiRoute;

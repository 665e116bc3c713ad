import { CART_LINES_MAX, CHECKOUT_MESSAGES, QUANTITY_MAX } from '@mandi/domain';
import { z } from 'zod';
import { idSchema, rupeesSchema } from '../common/fields.js';
import { quantitySchema } from '../cart/cart.schema.js';

/** The billing the client shows (docs/payments.md), in rupees; the server recomputes it and answers 409 on a mismatch. */
export const billingSchema = z.object({
  subtotal: rupeesSchema,
  shippingCost: rupeesSchema,
  grandTotal: rupeesSchema,
});
/** Type of {@link billingSchema}. */
export type Billing = z.infer<typeof billingSchema>;

/** One order line as the client sends it; only productId and quantity are trusted, name and price are for display. */
export const orderLineSchema = z.object({
  productId: idSchema,
  productName: z.string().max(200).optional(),
  quantity: quantitySchema,
  price: rupeesSchema.optional(),
});
/** Type of {@link orderLineSchema}. */
export type OrderLine = z.infer<typeof orderLineSchema>;

/** Most distinct products in one order: as many as a cart may hold, so a full cart can always be bought. */
export const ORDER_LINES_MAX = CART_LINES_MAX;

/** The lines of an order: 1 to 50 distinct products, each 1 to 15 units. */
export const orderLinesSchema = z
  .array(orderLineSchema, { error: CHECKOUT_MESSAGES.fetchCheckoutItemsFailed })
  .min(1, 'An order needs at least one item.')
  .max(ORDER_LINES_MAX, `An order can have at most ${ORDER_LINES_MAX} different products.`)
  .refine(
    (lines) => new Set(lines.map((line) => line.productId)).size === lines.length,
    'Each product may appear only once.',
  );

/** Who orders and where it goes; a missing address gets the spec's 'Select Address' text. */
const orderParties = {
  userId: idSchema,
  addressId: z.union([z.string(), z.number()], { error: CHECKOUT_MESSAGES.selectAddress.text }).pipe(idSchema),
};

/** Body of POST /api/payment/cod: a cash-on-delivery order. */
export const codOrderBodySchema = z.object({ ...orderParties, cartItems: orderLinesSchema, billing: billingSchema });
/** Type of {@link codOrderBodySchema}. */
export type CodOrderBody = z.infer<typeof codOrderBodySchema>;

/** Answer of a placed order (cash on delivery, or a confirmed online payment). */
export const orderPlacedAnswerSchema = z.object({ success: z.literal(true), orderId: idSchema });
/** Type of {@link orderPlacedAnswerSchema}. */
export type OrderPlacedAnswer = z.infer<typeof orderPlacedAnswerSchema>;

/** POST /api/payment/order, redirect variant: the cart and billing. */
export const paymentOrderCartBodySchema = z.object({
  ...orderParties,
  cartItems: orderLinesSchema,
  billing: billingSchema,
});
/** POST /api/payment/order, embedded-widget variant: the items and the amount in rupees. */
export const paymentOrderItemsBodySchema = z.object({ ...orderParties, items: orderLinesSchema, amount: rupeesSchema });

/**
 * Body of POST /api/payment/order in either variant, read into one shape: the lines, plus the billing or the
 * amount the client expects (both compared with the server's own figures).
 */
export const paymentOrderBodySchema = z
  .union([paymentOrderCartBodySchema, paymentOrderItemsBodySchema])
  .transform((body) =>
    'cartItems' in body
      ? {
          userId: body.userId,
          addressId: body.addressId,
          items: body.cartItems,
          billing: body.billing,
          amount: body.billing.grandTotal,
        }
      : { userId: body.userId, addressId: body.addressId, items: body.items, billing: undefined, amount: body.amount },
  );
/** Type of {@link paymentOrderBodySchema} after parsing. */
export type PaymentOrderBody = z.infer<typeof paymentOrderBodySchema>;

/**
 * Answer of POST /api/payment/order: the provider's order for the widget (amount in paise, as the provider
 * counts it), the public key, and a hosted payment page for the redirect variant.
 */
export const paymentOrderAnswerSchema = z.object({
  order: z.object({ id: z.string(), amount: z.number().int().positive(), currency: z.literal('INR') }),
  key: z.string(),
  paymentUrl: z.string().optional(),
});
/** Type of {@link paymentOrderAnswerSchema}. */
export type PaymentOrderAnswer = z.infer<typeof paymentOrderAnswerSchema>;

/** The provider's checkout result plus the amount paid (rupees). */
export const paymentResultSchema = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid payment signature'),
  amount: rupeesSchema.optional(),
});
/** Type of {@link paymentResultSchema}. */
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** Body of POST /api/payment/payment-success. */
export const paymentSuccessBodySchema = z.object({
  ...orderParties,
  items: orderLinesSchema,
  payment: paymentResultSchema,
  billing: billingSchema,
});
/** Type of {@link paymentSuccessBodySchema}. */
export type PaymentSuccessBody = z.infer<typeof paymentSuccessBodySchema>;

/** Longest value the hosted payment page appends to its return address (Razorpay's ids and signatures are far shorter). */
export const PAYMENT_RETURN_VALUE_MAX = 128;

/** One value of the hosted payment page's return address: a single text, bounded. */
const paymentReturnValue = z
  .string({ error: 'Invalid payment return' })
  .max(PAYMENT_RETURN_VALUE_MAX, 'Invalid payment return')
  .optional();

/** Query of GET /api/payment/return: what the hosted payment page appends when it sends the buyer back. */
export const paymentPageReturnQuerySchema = z.object({
  razorpay_payment_id: paymentReturnValue,
  razorpay_payment_link_id: paymentReturnValue,
  razorpay_payment_link_reference_id: paymentReturnValue,
  razorpay_payment_link_status: paymentReturnValue,
  razorpay_signature: paymentReturnValue,
});
/** Type of {@link paymentPageReturnQuerySchema}. */
export type PaymentPageReturnQuery = z.infer<typeof paymentPageReturnQuerySchema>;

/** Largest quantity a line can carry, re-exported for forms that build order lines. */
export const ORDER_LINE_QUANTITY_MAX = QUANTITY_MAX;

/** Type of {@link orderLinesSchema}. */
export type OrderLines = z.infer<typeof orderLinesSchema>;

/** Type of {@link paymentOrderCartBodySchema}. */
export type PaymentOrderCartBody = z.infer<typeof paymentOrderCartBodySchema>;

/** Type of {@link paymentOrderItemsBodySchema}. */
export type PaymentOrderItemsBody = z.infer<typeof paymentOrderItemsBodySchema>;

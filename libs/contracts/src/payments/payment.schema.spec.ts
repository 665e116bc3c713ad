import { codOrderBodySchema, paymentOrderBodySchema, paymentSuccessBodySchema } from './payment.schema.js';

const billing = { subtotal: 376.5, shippingCost: 171.1, grandTotal: 547.6 };
const lines = [
  { productId: '11', productName: 'Ghee', quantity: 2, price: 120 },
  { productId: 12, productName: 'Honey', quantity: 3, price: 45.5 },
];

describe('payment bodies', () => {
  it('read a cash-on-delivery order', () => {
    const body = codOrderBodySchema.parse({ userId: 3, addressId: '9', cartItems: lines, billing });
    expect(body.userId).toBe('3');
    expect(body.cartItems.map((line) => line.productId)).toEqual(['11', '12']);
  });

  it('ask for an address with the spec text when none is chosen', () => {
    const result = codOrderBodySchema.safeParse({ userId: 3, cartItems: lines, billing });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['addressId', 'Please select a delivery address to continue.'],
    ]);
  });

  it('refuse quantity 16, an empty order and a product twice', () => {
    const tooMany = codOrderBodySchema.safeParse({
      userId: 3,
      addressId: 9,
      cartItems: [{ productId: 1, quantity: 16 }],
      billing,
    });
    expect(tooMany.error?.issues[0]?.message).toBe('Quantity must be between 1 and 15.');
    const empty = codOrderBodySchema.safeParse({ userId: 3, addressId: 9, cartItems: [], billing });
    expect(empty.error?.issues[0]?.message).toBe('An order needs at least one item.');
    const twice = codOrderBodySchema.safeParse({
      userId: 3,
      addressId: 9,
      cartItems: [
        { productId: 1, quantity: 1 },
        { productId: '1', quantity: 2 },
      ],
      billing,
    });
    expect(twice.error?.issues[0]?.message).toBe('Each product may appear only once.');
  });

  it('refuse billing with fractions of a paisa', () => {
    const result = codOrderBodySchema.safeParse({
      userId: 3,
      addressId: 9,
      cartItems: lines,
      billing: { ...billing, grandTotal: 547.605 },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['billing.grandTotal']);
  });

  it('read both variants of the online order into one shape', () => {
    expect(paymentOrderBodySchema.parse({ userId: 3, addressId: 9, cartItems: lines, billing })).toMatchObject({
      userId: '3',
      addressId: '9',
      billing,
      amount: 547.6,
    });
    const widget = paymentOrderBodySchema.parse({ userId: 3, addressId: 9, items: lines, amount: 547.6 });
    expect(widget.billing).toBeUndefined();
    expect(widget.amount).toBe(547.6);
    expect(widget.items).toHaveLength(2);
  });

  it('read a payment result with a hex signature', () => {
    const payment = {
      razorpay_order_id: 'order_abc',
      razorpay_payment_id: 'pay_abc',
      razorpay_signature: 'a'.repeat(64),
      amount: 547.6,
    };
    expect(paymentSuccessBodySchema.parse({ userId: 3, addressId: 9, items: lines, payment, billing }).payment).toEqual(
      payment,
    );
    expect(
      paymentSuccessBodySchema.safeParse({
        userId: 3,
        addressId: 9,
        items: lines,
        payment: { ...payment, razorpay_signature: 'x' },
        billing,
      }).success,
    ).toBe(false);
  });
});

import { cartProductBodySchema, updateCartQuantityBodySchema } from './cart.schema.js';

describe('cart bodies', () => {
  it('accept quantities 1 to 15', () => {
    expect(updateCartQuantityBodySchema.parse({ uid: 'u1', productId: 7, quantity: 1 })).toEqual({
      uid: 'u1',
      productId: '7',
      quantity: 1,
    });
    expect(updateCartQuantityBodySchema.parse({ uid: 'u1', productId: '7', quantity: 15 }).quantity).toBe(15);
  });

  it.each([[16], [0], [2.5], ['3']])('refuse quantity %p with the cart message', (quantity) => {
    const result = updateCartQuantityBodySchema.safeParse({ uid: 'u1', productId: '7', quantity });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['quantity', 'Quantity must be between 1 and 15.'],
    ]);
  });

  it('needs a uid and a product id', () => {
    const result = cartProductBodySchema.safeParse({ productId: 'a b' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['uid', 'productId']);
  });
});

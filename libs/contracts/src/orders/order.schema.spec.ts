import { cancelRequestBodySchema, orderDetailSchema } from './order.schema.js';

describe('order schemas', () => {
  it('require a cancellation reason with the spec text', () => {
    expect(cancelRequestBodySchema.parse({ reason: '  Ordered twice ' })).toEqual({ reason: 'Ordered twice' });
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      expect(cancelRequestBodySchema.safeParse(body).error?.issues[0]?.message).toBe(
        'Please provide a reason for cancellation.',
      );
    }
  });

  it('read an order detail', () => {
    const detail = {
      order_id: 501,
      created_at: '2026-05-10T04:30:00.000Z',
      status: 'pending',
      payment_status: 'unpaid',
      payment: { payment_method: 'cod', status: 'unpaid' },
      address: {
        name: 'Asha',
        area: 'College Road',
        taluk: 'Nashik',
        district: 'Nashik',
        state: 'Maharashtra',
        pincode: '422001',
        mobile: '9876543210',
      },
      subtotal: 376.5,
      shippingCost: 171.1,
      total_amount: 547.6,
      items: [{ order_item_id: 1, name: 'Ghee', images: '["/files/g.webp"]', quantity: 2, price: 120 }],
      invoice: null,
      creditNote: null,
    };
    const parsed = orderDetailSchema.parse(detail);
    expect(parsed.order_id).toBe('501');
    expect(parsed.items[0]?.images).toEqual(['/files/g.webp']);
    expect(orderDetailSchema.safeParse({ ...detail, status: 'returned' }).success).toBe(false);
  });
});

import type { OrderDetail, OrderItem, OrderSummary } from '@mandi/contracts';

/** A line of an order as the orders API answers it. */
export const orderItem = (
  id: number,
  name: string,
  price: number,
  quantity: number,
  images: string[] = [],
): OrderItem => ({
  order_item_id: String(id),
  name,
  images,
  quantity,
  price,
});

/** A card of the ordersOfUser answer. */
export const orderSummary = (
  orderId: number,
  createdAt: string,
  items: OrderItem[],
  change: Partial<OrderSummary> = {},
): OrderSummary => ({
  order_id: String(orderId),
  created_at: createdAt,
  status: 'pending',
  firstItem: items[0] ?? null,
  items,
  ...change,
});

/** An orderDetails answer: a pending cash-on-delivery order of 2 lines, created at `createdAt`. */
export const orderDetail = (orderId: number, createdAt: string, change: Partial<OrderDetail> = {}): OrderDetail => ({
  order_id: String(orderId),
  created_at: createdAt,
  status: 'pending',
  payment_status: 'unpaid',
  payment: { payment_method: 'cod', status: 'pending' },
  address: {
    name: 'Asha Patil',
    area: 'College Road',
    taluk: 'Nashik',
    district: 'Nashik',
    state: 'Maharashtra',
    pincode: '422005',
    mobile: '9876543210',
  },
  subtotal: 110.5,
  shippingCost: 129.8,
  total_amount: 240.3,
  items: [orderItem(1, 'Desi Tamatar', 40, 2, ['/files/tamatar.webp']), orderItem(2, 'Nashik Pyaz', 30.5, 1)],
  invoice: null,
  creditNote: null,
  ...change,
});

import { newAddress, newProduct, type Product } from '@mandi/database';
import { orderTotals } from '@mandi/domain';
import type { FaultStack, StackResponse, StackUser } from './fault-stack.js';

/** A buyer of a fault test: signed in, with a delivery address. */
export interface Buyer {
  user: StackUser;
  addressId: number;
}

/** A signed-in buyer with an address, written to the stack's database. */
export async function newBuyer(stack: FaultStack): Promise<Buyer> {
  const user = await stack.newUser();
  const address = await newAddress(stack.db, { userId: user.id });
  return { user, addressId: address.id };
}

/** `count` products of one new seller, Rs 100 for 1 kg each unless told. */
export async function newProducts(
  stack: FaultStack,
  count: number,
  overrides: Partial<Pick<Product, 'pricePaise' | 'weightGrams'>> = {},
): Promise<Product[]> {
  const seller = await stack.newUser();
  const products: Product[] = [];
  for (let index = 0; index < count; index += 1) {
    products.push(
      await newProduct(stack.db, {
        sellerId: seller.id,
        name: `Fault test produce ${index + 1}`,
        pricePaise: 10_000,
        weightGrams: 1000,
        ...overrides,
      }),
    );
  }
  return products;
}

/** The order lines and the rupee figures the storefront would send for one unit of `product` (libs/domain's rule). */
function checkoutOf(product: Product, method: 'cod' | 'online') {
  const totals = orderTotals(
    [{ unitPaise: product.pricePaise, quantity: 1, weightGrams: product.weightGrams ?? 0 }],
    method,
  );
  const rupees = (paise: number) => paise / 100;
  return {
    lines: [{ productId: product.id, productName: product.name, quantity: 1, price: rupees(product.pricePaise) }],
    billing: {
      subtotal: rupees(totals.subtotal),
      shippingCost: rupees(totals.shipping),
      grandTotal: rupees(totals.grandTotal),
    },
  };
}

/** POST /api/payment/cod for one unit of `product`: 201 `{ success, orderId }` when placed. */
export function placeCod(stack: FaultStack, buyer: Buyer, product: Product): Promise<StackResponse> {
  const { lines, billing } = checkoutOf(product, 'cod');
  return stack.request('POST', '/api/payment/cod', {
    user: buyer.user,
    body: { userId: buyer.user.id, addressId: buyer.addressId, cartItems: lines, billing },
  });
}

/** POST /api/payment/order (Razorpay Checkout's variant) for one unit of `product`: 201 `{ order: { id }, key }`. */
export function placeOnline(stack: FaultStack, buyer: Buyer, product: Product): Promise<StackResponse> {
  const { lines, billing } = checkoutOf(product, 'online');
  return stack.request('POST', '/api/payment/order', {
    user: buyer.user,
    body: { userId: buyer.user.id, addressId: buyer.addressId, items: lines, amount: billing.grandTotal },
  });
}

/**
 * The buyer pays Razorpay order `providerOrderId` in the sandbox; Razorpay's webhooks then tell the API (retried by
 * the sandbox while the API cannot take them). Resolves once the first delivery attempts are over.
 */
export function payOnline(stack: FaultStack, providerOrderId: string): Promise<unknown> {
  return stack.sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'now', wait: true });
}

/** An online order placed and paid: our order's id once the API has recorded the payment (the webhook's work). */
export async function paidOnlineOrder(stack: FaultStack, buyer: Buyer, product: Product): Promise<number> {
  const placed = await placeOnline(stack, buyer, product);
  if (placed.status !== 201)
    throw new Error(`online checkout answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  const providerOrderId = placed.body.order.id as string;
  await payOnline(stack, providerOrderId);
  const order = await stack.db.order.findFirstOrThrow({ where: { payments: { some: { providerOrderId } } } });
  if (order.paymentStatus !== 'paid') throw new Error(`order ${order.id} is ${order.paymentStatus} after its payment`);
  return order.id;
}

/** An admin's move of docs/faults.md (`cancel`, `confirm`, `shipped`, `delivered`, or `payment` to mark it paid). */
export function adminMove(
  stack: FaultStack,
  admin: StackUser,
  move: 'cancel' | 'confirm' | 'shipped' | 'delivered' | 'payment',
  orderId: number,
): Promise<StackResponse> {
  const body = move === 'payment' ? { status: 'paid' } : undefined;
  return stack.request('PUT', `/api/admin/orders/${move}/${orderId}`, { user: admin, body });
}

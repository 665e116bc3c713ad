// The signed-in writes the benches load (bench:orders measures them, bench:profile profiles them): buyers signed in
// through the Auth emulator, each with an address; the cart's adds and removes; cash-on-delivery orders of 3 lines.
// Each request is from the next buyer in turn, so a load of thousands of writes stays inside every buyer's write limits
// (libs/domain WRITE_RATE_LIMITS: 120 cart adds and 20 orders per 10 minutes) and measures the writes, not refusals.
import { orderTotals, paiseToRupees } from '@mandi/domain';
import { emulatorAccount } from './apps.mjs';

/**
 * `count` buyers in the emulator and in the database of `client`, each with a default address in Bengaluru: their user
 * id, address id, uid and ID token. `runId` keeps their e-mails and usernames apart from earlier runs' in one database.
 */
export async function seedBuyers(client, { count, runId }) {
  const buyers = [];
  for (let i = 0; i < count; i += 1) {
    const email = `bench-buyer-${runId}-${i}@mandi.test`;
    const { uid, token } = await emulatorAccount(email);
    const {
      rows: [user],
    } = await client.query(
      `INSERT INTO users (firebase_uid, email, username, agreed_to_terms) VALUES ($1, $2, $3, true) RETURNING id`,
      [uid, email, `bench_${runId}_${i}`],
    );
    const {
      rows: [address],
    } = await client.query(
      `INSERT INTO addresses (user_id, name, mobile, state, district, taluk, flat_house_building, area_or_street_or_village, landmark, pincode, is_default)
       VALUES ($1, 'Bench Buyer', '9876543210', 'Karnataka', 'Bengaluru', 'Bangalore North', '12, Residency Road', 'MG Road', 'Near the metro', '560001', true)
       RETURNING id`,
      [user.id],
    );
    buyers.push({ userId: user.id, addressId: address.id, uid, token });
  }
  return buyers;
}

/** Products adds and removes per cart round: a buyer adds 5 products, then removes them. */
export const CART_ROUND_PRODUCTS = 5;

/**
 * The cart load, as autocannon `requests` (each connection runs them in turn): every round a connection takes the next
 * buyer, adds CART_ROUND_PRODUCTS different products (POST /api/cart/add, 201) and removes them again
 * (DELETE /api/cart/remove, 200), so every cart is empty after its round.
 */
export function cartRequests(buyers, products) {
  let round = 0;
  const line = (context, k) => JSON.stringify({ uid: context.buyer.uid, productId: String(context.products[k].id) });
  const headers = (context) => ({ 'content-type': 'application/json', authorization: `Bearer ${context.buyer.token}` });
  const steps = Array.from({ length: CART_ROUND_PRODUCTS }, (_, k) => k);
  return [
    ...steps.map((k) => ({
      method: 'POST',
      path: '/api/cart/add',
      setupRequest: (request, context) => {
        if (k === 0) {
          round += 1;
          context.buyer = buyers[round % buyers.length];
          context.products = steps.map((j) => products[(round * 7 + j * 3) % products.length]);
        }
        return { ...request, headers: headers(context), body: line(context, k) };
      },
    })),
    ...steps.map((k) => ({
      method: 'DELETE',
      path: '/api/cart/remove',
      setupRequest: (request, context) => ({ ...request, headers: headers(context), body: line(context, k) }),
    })),
  ];
}

/** A cash-on-delivery order of 3 different products for `buyer`, priced as the storefront prices it. */
export function codBody(buyer, products, n) {
  const picked = [0, 1, 2].map((k) => products[(n * 7 + k * 11) % products.length]);
  const lines = picked.map((product, k) => ({ product, quantity: 1 + ((n + k) % 3) }));
  const totals = orderTotals(
    lines.map(({ product, quantity }) => ({
      unitPaise: product.price_paise,
      quantity,
      weightGrams: product.weight_grams,
    })),
    'cod',
  );
  return JSON.stringify({
    userId: buyer.userId,
    addressId: buyer.addressId,
    cartItems: lines.map(({ product, quantity }) => ({
      productId: product.id,
      quantity,
      price: paiseToRupees(product.price_paise),
    })),
    billing: {
      subtotal: paiseToRupees(totals.subtotal),
      shippingCost: paiseToRupees(totals.shipping),
      grandTotal: paiseToRupees(totals.grandTotal),
    },
  });
}

/**
 * The cash-on-delivery load, as autocannon `requests`: POST /api/payment/cod (201), each order from the next buyer in
 * turn, 3 different products of `products` (rows with id, price_paise and weight_grams).
 */
export function codRequests(buyers, products) {
  let orderNumber = 0;
  return [
    {
      method: 'POST',
      path: '/api/payment/cod',
      setupRequest: (request) => {
        const buyer = buyers[orderNumber % buyers.length];
        orderNumber += 1;
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
          body: codBody(buyer, products, orderNumber),
        };
      },
    },
  ];
}

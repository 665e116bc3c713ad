import { QUANTITY_MAX, QUANTITY_MIN, isValidQuantity } from '../cart/cart.limits.js';
import type { PaymentMethod } from '../checkout/payment-method.js';
import { DomainError } from '../errors/domain.error.js';
import type { Paise } from '../money/money.js';
import { shippingCharge } from './shipping.js';

/** One line of an order as pricing needs it: the unit price, how many, and the weight of ONE unit. */
export interface PricedLine {
  unitPaise: Paise;
  quantity: number;
  /** Weight of one unit in grams (the product's weight); 0 when the seller gave none. */
  weightGrams: number;
}

/** The money of an order, all in paise (docs/orders.md 'Billing'). */
export interface OrderTotals {
  /** Sum of unit price x quantity. */
  subtotal: Paise;
  /** Shipping charge for the total weight and the payment method. */
  shipping: Paise;
  /** subtotal + shipping. */
  grandTotal: Paise;
  /** Sum of unit weight x quantity, in grams. */
  totalWeightGrams: number;
}

/** Prices an order the way the server charges it: subtotal, shipping on the total weight, grand total. */
export function orderTotals(lines: readonly PricedLine[], method: PaymentMethod): OrderTotals {
  if (lines.length === 0) throw new DomainError('invalid_data', 'An order needs at least one item.');
  let subtotal = 0;
  let totalWeightGrams = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.unitPaise) || line.unitPaise < 0) {
      throw new DomainError('invalid_data', 'A price must be a whole number of paise, 0 or more.');
    }
    if (!isValidQuantity(line.quantity)) {
      throw new DomainError('invalid_data', `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}.`);
    }
    if (!Number.isFinite(line.weightGrams) || line.weightGrams < 0) {
      throw new DomainError('invalid_data', 'Weight must be 0 grams or more.');
    }
    subtotal += line.unitPaise * line.quantity;
    totalWeightGrams += line.weightGrams * line.quantity;
  }
  const shipping = shippingCharge(totalWeightGrams, method);
  return { subtotal, shipping, grandTotal: subtotal + shipping, totalWeightGrams };
}

/** The cart page's Total: sum of price x quantity, a missing quantity counting as 1 (docs/orders.md). */
export function cartTotal(items: readonly { pricePaise: Paise; quantity?: number | null }[]): Paise {
  return items.reduce((sum, item) => sum + item.pricePaise * (item.quantity ?? 1), 0);
}

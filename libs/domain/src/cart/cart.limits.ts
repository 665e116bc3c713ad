/** Smallest quantity of one product in a cart or order (docs/cart.md section 9). */
export const QUANTITY_MIN = 1;
/** Largest quantity of one product in a cart or order. */
export const QUANTITY_MAX = 15;

/** True for a whole quantity within 1..15; the cart ignores any other value (docs/cart.md). */
export function isValidQuantity(quantity: unknown): quantity is number {
  return Number.isInteger(quantity) && (quantity as number) >= QUANTITY_MIN && (quantity as number) <= QUANTITY_MAX;
}

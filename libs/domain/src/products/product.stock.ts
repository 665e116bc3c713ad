/**
 * Stock (issue 16): how many packs of a product are left, or null for unlimited (every product before stock existed).
 * The count lives on the product row; placing an order takes from it in the statement that writes the order, and a
 * cancelled order gives it back once (docs/stock.md).
 */
export const STOCK_LIMITS = {
  /** The most packs a seller may say they have: a farm's stock, and far below a PostgreSQL integer. */
  max: 100_000,
  /** At or below this many packs left, buyers see 'Only N left'. */
  lowThreshold: 5,
} as const;

/** What a buyer is told about a product's stock: nothing (plenty or unlimited), a few left, or sold out. */
export type StockState = { kind: 'plenty' } | { kind: 'low'; left: number } | { kind: 'sold_out' };

/** The state of `stock` packs (null: unlimited). */
export function stockState(stock: number | null | undefined): StockState {
  if (stock === null || stock === undefined) return { kind: 'plenty' };
  if (stock <= 0) return { kind: 'sold_out' };
  if (stock <= STOCK_LIMITS.lowThreshold) return { kind: 'low', left: stock };
  return { kind: 'plenty' };
}

/** Whether a product with `stock` packs (null: unlimited) can be added to a cart or bought at all. */
export function isSoldOut(stock: number | null | undefined): boolean {
  return stock !== null && stock !== undefined && stock <= 0;
}

/** Whether `quantity` packs can be taken from `stock` (null: unlimited). */
export function hasStockFor(stock: number | null | undefined, quantity: number): boolean {
  return stock === null || stock === undefined || stock >= quantity;
}

/** Texts of stock, on cards, the product page, the cart, checkout and the API's refusals. */
export const STOCK_MESSAGES = {
  soldOut: 'Sold out',
  /** 'Only 3 left'. */
  onlyLeft: (left: number) => `Only ${left} left`,
  /** The form's rule for the field. */
  invalidStock: { title: 'Invalid Stock', text: `Stock must be a whole number from 0 to ${STOCK_LIMITS.max.toLocaleString('en-IN')}, or empty for unlimited.` },
  /** The 409 of checkout when a line asks for more packs than are left; `details.items` says which and how many. */
  notEnoughStock: 'Some items do not have enough stock left. Please review your order.',
  /** The 409 of adding a sold-out product to the cart. */
  soldOutCannotAdd: 'This product is sold out.',
} as const;

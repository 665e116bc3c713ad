import { QUANTITY_MAX } from '../cart/cart.limits.js';

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

/** The most packs one cart or order line may ask for: the cart's QUANTITY_MAX, or fewer when fewer are left. */
export function quantityMaxFor(stock: number | null | undefined): number {
  return stock === null || stock === undefined ? QUANTITY_MAX : Math.max(0, Math.min(QUANTITY_MAX, stock));
}

/** What keeps a line of `quantity` packs from being bought: nothing, the product is sold out, or fewer are left. */
export type LineStock = { kind: 'ok' } | { kind: 'sold_out' } | { kind: 'short'; left: number };

/** The stock of a line asking for `quantity` packs of a product with `stock` left (null: unlimited). */
export function lineStock(stock: number | null | undefined, quantity: number): LineStock {
  if (isSoldOut(stock)) return { kind: 'sold_out' };
  if (!hasStockFor(stock, quantity)) return { kind: 'short', left: stock as number };
  return { kind: 'ok' };
}

/**
 * The sell and edit forms' stock text as packs: null when empty (unlimited), 'invalid' unless it is a whole number
 * from 0 to STOCK_LIMITS.max (the contract's rule for the same field).
 */
export function parseStockInput(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,7}$/.test(trimmed)) return 'invalid';
  const stock = Number(trimmed);
  return stock <= STOCK_LIMITS.max ? stock : 'invalid';
}

/** One line of the checkout's 409 (`details.items`): which product, how many were asked for and how many are left. */
export interface ShortStockItem {
  productId: string;
  productName: string | null;
  requested: number | null;
  left: number;
}

/** Texts of stock, on cards, the product page, the cart, checkout and the API's refusals. */
export const STOCK_MESSAGES = {
  soldOut: 'Sold out',
  /** 'Only 3 left'. */
  onlyLeft: (left: number) => `Only ${left} left`,
  /** The form's rule for the field. */
  invalidStock: {
    title: 'Invalid Stock',
    text: `Stock must be a whole number from 0 to ${STOCK_LIMITS.max.toLocaleString('en-IN')}, or empty for unlimited.`,
  },
  /** The 409 of checkout when a line asks for more packs than are left; `details.items` says which and how many. */
  notEnoughStock: 'Some items do not have enough stock left. Please review your order.',
  /** The 409 of adding a sold-out product to the cart. */
  soldOutCannotAdd: 'This product is sold out.',
  /** Title of the popup of a refused add or order. */
  soldOutTitle: 'Sold Out',
  notEnoughStockTitle: 'Not Enough Stock',
  /** One line of that refusal, as the buyer reads it. */
  shortItem: ({ productName, requested, left }: Pick<ShortStockItem, 'productName' | 'requested' | 'left'>) => {
    const name = productName ?? 'An item';
    if (left <= 0) return `${name}: sold out.`;
    return requested === null
      ? `${name}: only ${left} left.`
      : `${name}: you asked for ${requested}, only ${left} left.`;
  },
  /** The notes that keep a cart or an order from checking out until the buyer changes it. */
  soldOutLine: (name: string) => `${name} is sold out. Remove it to check out.`,
  shortLine: (name: string, left: number) =>
    `Only ${left} left of ${name}. Lower the quantity to ${left} to check out.`,
  /** The same, for the one product of Buy Now. */
  soldOutProduct: 'This product is sold out, so it cannot be bought right now.',
  /** The sell and edit forms' hint for the field. */
  stockHint: `How many packs you can sell. Leave it empty for unlimited. Buyers see 'Only N left' from ${STOCK_LIMITS.lowThreshold} packs, and 'Sold out' at 0.`,
} as const;

/** Up to this many packs a product's stock band is its stock itself (see {@link stockBand}). */
export const STOCK_BAND_EXACT_MAX = 16;

/**
 * The least stock of each band after band 0 (none left): 1 to 16, then each an eighth above the last (rounded up),
 * until one passes STOCK_LIMITS.max. The migration 20261219090000_products_stock_hot spells the same list.
 */
export const STOCK_BAND_FLOORS: readonly number[] = (() => {
  const floors = Array.from({ length: STOCK_BAND_EXACT_MAX }, (_, index) => index + 1);
  while (floors.at(-1)! < STOCK_LIMITS.max) floors.push(Math.ceil((floors.at(-1)! * 9) / 8));
  return floors;
})();

/**
 * The band of `stock` packs, as the column products.stock_band holds it (PostgreSQL's width_bucket over
 * {@link STOCK_BAND_FLOORS}): how many floors are at or below it, so 0 for none left and the stock itself up to
 * {@link STOCK_BAND_EXACT_MAX}. The console's stock filters and sort go through it, since no index may hold the stock
 * itself: an order's stock update would then write every index of the product.
 */
export function stockBand(stock: number): number {
  let low = 0;
  let high = STOCK_BAND_FLOORS.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (STOCK_BAND_FLOORS[middle]! <= stock) low = middle + 1;
    else high = middle;
  }
  return low;
}

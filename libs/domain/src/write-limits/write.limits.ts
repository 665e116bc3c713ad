// Limits on what one signed-in user may write (issue 13, "Also close"). Each is far above what a real buyer or seller
// does, so only a script meets it; each says why it is where it is. The API counts the rate limits in Redis per user
// id (shared by every replica) and enforces the caps in PostgreSQL, so they hold under concurrent requests.

const MINUTE_MS = 60_000;

/** A number of requests per window of time, for one user. */
export interface WriteRateLimit {
  /** The counter's name: routes naming the same counter share one budget. */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
}

/** Per-user rate limits of signed-in writes (429 with Retry-After past them). */
export const WRITE_RATE_LIMITS = {
  /**
   * Orders placed (online and cash on delivery share one counter): 20 per 10 minutes. A family's weekly shop is one or
   * two orders; a retry after a failed payment is another. Each online order also creates a Razorpay order.
   */
  orders: { name: 'orders', limit: 20, windowMs: 10 * MINUTE_MS },
  /** Products posted: 30 per hour. A farmer lists a season's produce in one sitting of a dozen or so. */
  productPosts: { name: 'product-posts', limit: 30, windowMs: 60 * MINUTE_MS },
  /** Product edits: 60 per hour. Price and stock changes through the day, several per product. */
  productEdits: { name: 'product-edits', limit: 60, windowMs: 60 * MINUTE_MS },
  /** Profile picture uploads: 10 per hour. A person tries two or three pictures, not ten. */
  imageUploads: { name: 'image-uploads', limit: 10, windowMs: 60 * MINUTE_MS },
  /** Address writes (create, edit, default, delete share one counter): 30 per 10 minutes. A book holds 10 addresses. */
  addressWrites: { name: 'address-writes', limit: 30, windowMs: 10 * MINUTE_MS },
  /** Products added to the cart: 120 per 10 minutes. A cart holds at most 50 products. */
  cartAdds: { name: 'cart-adds', limit: 120, windowMs: 10 * MINUTE_MS },
  /**
   * Seller business profiles sent (refused ones count too): 30 an hour. A seller fixing a form field by field sends
   * it a dozen times at most; a script trying PANs or account numbers is stopped.
   */
  sellerProfileWrites: { name: 'seller-profile-writes', limit: 30, windowMs: 60 * MINUTE_MS },
} as const satisfies Record<string, WriteRateLimit>;

/**
 * Most online orders one user may have waiting for payment (pending or cancel_requested, unpaid): 5. A buyer pays an
 * order within minutes or abandons it; every open one holds a Razorpay order, and an unpaid one lapses at the 8-hour
 * deadline. Cash-on-delivery orders are unpaid until delivery by design and are not counted.
 */
export const OPEN_ONLINE_ORDERS_MAX = 5;

/** Most distinct products in a cart: 50, the most one order takes, so a full cart can still be checked out whole. */
export const CART_LINES_MAX = 50;

/**
 * Largest picture, in pixels, that we decode: 40 megapixels (a 50 MP phone camera's photo is about 8160 x 6120 = 50 MP,
 * but phones save 12 MP by default). A few kilobytes of PNG can declare 30000 x 30000 pixels, which would need 3.6 GB to
 * decode; past this bound the upload is refused before decoding.
 */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;

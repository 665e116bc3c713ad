import { CART_LINES_MAX, IMAGE_MAX_INPUT_PIXELS, OPEN_ONLINE_ORDERS_MAX } from './write.limits.js';

// Ours: the answers to a write refused by a limit of write.limits.ts. Each says what happened and what to do.

/** Messages of the per-user write limits and caps. */
export const WRITE_LIMIT_MESSAGES = {
  /** 429 past WRITE_RATE_LIMITS.orders. */
  tooManyOrders: 'You have placed many orders in a short time. Please wait a few minutes before placing another.',
  /** 429 past WRITE_RATE_LIMITS.productPosts. */
  tooManyProductPosts: 'You have posted many products in the last hour. Please try again later.',
  /** 429 past WRITE_RATE_LIMITS.productEdits. */
  tooManyProductEdits: 'You have edited products many times in the last hour. Please try again later.',
  /** 429 past WRITE_RATE_LIMITS.imageUploads. */
  tooManyImageUploads: 'You have uploaded many pictures in the last hour. Please try again later.',
  /** 429 past WRITE_RATE_LIMITS.addressWrites. */
  tooManyAddressChanges: 'You have changed your addresses many times in a short time. Please wait a few minutes.',
  /** 429 past WRITE_RATE_LIMITS.cartAdds. */
  tooManyCartAdds: 'You have added many products in a short time. Please wait a few minutes.',
  /** 429 past WRITE_RATE_LIMITS.sellerProfileWrites. */
  tooManySellerProfileWrites: 'You have sent your seller profile many times in the last hour. Please try again later.',
  /** 409 at OPEN_ONLINE_ORDERS_MAX. */
  tooManyUnpaidOrders: `You have ${OPEN_ONLINE_ORDERS_MAX} online orders waiting for payment. Please pay for one of them, or wait until unpaid orders lapse 8 hours after they were placed, before placing another.`,
  /** 409 at CART_LINES_MAX. */
  cartFull: `Your cart is full: it can hold ${CART_LINES_MAX} different products. Please remove one before adding another.`,
  /** 413 for a multipart form larger than its total cap. */
  formTooLarge: (maxMegabytes: number) => `The form is too large: everything together must be under ${maxMegabytes}MB.`,
  /** 411 for a multipart form sent without Content-Length (its size could not be checked before reading it). */
  formLengthRequired: 'Please send the form with its length (Content-Length).',
  /** 413 for a picture of more than IMAGE_MAX_INPUT_PIXELS. */
  imageTooManyPixels: (fileName: string) =>
    `${fileName} is too large a picture: at most ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
} as const;

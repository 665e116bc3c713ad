import { randomBytes } from 'node:crypto';

/** The resized copies the worker makes of an uploaded image. */
export const IMAGE_VARIANTS = {
  /** The listing card: 480 px wide, height as the photo has it. */
  card: { width: 480 },
  /** The small square of the product page's strip and the cart: 160 x 160, cropped to the centre. */
  thumb: { width: 160, height: 160 },
} as const;

/** One of {@link IMAGE_VARIANTS}. */
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

/**
 * A new key in `folder` with a random name and `extension`, e.g. `products/12/9b1f...e0.jpg`. The random part makes
 * every key unique, so a replaced image gets a new URL and browsers may cache each URL forever.
 */
export function newFileKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(12).toString('hex')}.${extension}`;
}

/** The folder of a product's files: every image and its variants, so removing the product removes one folder. */
export function productFolder(productId: number): string {
  return `products/${productId}`;
}

/** The folder of a user's uploaded profile images. */
export function profileFolder(userId: number): string {
  return `profiles/${userId}`;
}

/** The key of an image's variant, beside the original: `products/12/9b1f.jpg` -> `products/12/9b1f.card.webp`. */
export function variantKey(originalKey: string, variant: ImageVariant): string {
  return `${originalKey.replace(/\.[A-Za-z0-9]+$/, '')}.${variant}.webp`;
}

/** An image's key and the keys of its variants: what to delete when the image goes. */
export function imageFileKeys(originalKey: string): string[] {
  return [
    originalKey,
    ...(Object.keys(IMAGE_VARIANTS) as ImageVariant[]).map((variant) => variantKey(originalKey, variant)),
  ];
}

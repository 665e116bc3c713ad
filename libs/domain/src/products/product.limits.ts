/** One megabyte as the upload checks count it (5 MB = 5 x 1024 x 1024 bytes). */
export const MEGABYTE = 1024 * 1024;

/** Limits of the product forms and cards (docs/catalog.md). */
export const PRODUCT_LIMITS = {
  nameMax: 50,
  descriptionMax: 500,
  imagesMin: 1,
  imagesMax: 4,
  imageMaxBytes: 5 * MEGABYTE,
  /** The listing card shows the first 40 characters of the description. */
  descriptionPreviewChars: 40,
} as const;

/**
 * Ours: how long the texts of the catalog routes may be before anything else reads them (issue 13: every text is
 * bounded before a pattern runs). The spec names no bound for these.
 */
export const PRODUCT_TEXT_BOUNDS = {
  /** Longest search text (home search, suggestions, by-name): no product name is longer than 50. */
  searchMax: 100,
  /** Longest phone text a seller may type ('+91 98765-43210' with spacing; docs/catalog.md: up to 15 digits). */
  phoneTextMax: 32,
  /** Longest URL of a saved image a form may name (ours are far shorter). */
  imageUrlMax: 2048,
} as const;

/** Units the seller may give the weight in; kilograms are multiplied by 1000 (docs/catalog.md). */
export const WEIGHT_UNITS = ['g', 'kg'] as const;

/** One of {@link WEIGHT_UNITS}. */
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** A weight in grams from a value in grams or kilograms. */
export function weightToGrams(value: number, unit: WeightUnit): number {
  return unit === 'kg' ? Math.round(value * 1000 * 1000) / 1000 : value;
}

/** The listing card's description: cut at 40 characters, with '...' when something was cut. */
export function descriptionPreview(description: string): string {
  const chars = Array.from(description);
  if (chars.length <= PRODUCT_LIMITS.descriptionPreviewChars) return description;
  return `${chars.slice(0, PRODUCT_LIMITS.descriptionPreviewChars).join('')}...`;
}

/** Whether a product is official: 1 exactly when its seller is the designated official seller (decided by the server). */
export function officialBrandFlag(sellerUid: string, officialSellerUid: string | null | undefined): 0 | 1 {
  return officialSellerUid && sellerUid === officialSellerUid ? 1 : 0;
}

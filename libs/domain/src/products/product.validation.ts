import { problem, type FieldProblem } from '../messages/popup-message.js';
import { isValidEmail, isValidIndianMobile, normalizePhone } from '../validation/patterns.js';
import { parseInstant } from '../time/india-time.js';
import { PRODUCT_MESSAGES, fileTooLarge } from './product.messages.js';
import { PRODUCT_LIMITS } from './product.limits.js';

/** What the product forms check before submitting (docs/catalog.md). */
export interface ProductInput {
  name: string;
  sellerPhone: string;
  price: number | string;
  description: string;
  validUntil: string | Date | null | undefined;
  /** Images kept from the saved product (edit form). */
  existingImageCount: number;
  /** Newly chosen files. */
  newImages: readonly { name: string; size: number }[];
  weight?: number | string | null;
  length?: number | string | null;
  width?: number | string | null;
  height?: number | string | null;
  sellerEmail?: string | null;
}

const isBlank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';

/** A number from a form value, or null when the value is blank. */
function optionalNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return Number(value);
}

/**
 * The first problem of a product form in the spec's order (name, phone, price, description, validity date,
 * images, weight, length, width, height, e-mail, file size), as the popup to show; null when all is well.
 */
export function validateProductInput(input: ProductInput): FieldProblem | null {
  if (isBlank(input.name)) return problem('name', PRODUCT_MESSAGES.missingName);
  if (Array.from(input.name.trim()).length > PRODUCT_LIMITS.nameMax)
    return problem('name', PRODUCT_MESSAGES.nameTooLong);
  if (!isValidIndianMobile(normalizePhone(input.sellerPhone)))
    return problem('sellerPhone', PRODUCT_MESSAGES.invalidPhone);
  const price = typeof input.price === 'string' && input.price.trim() === '' ? Number.NaN : Number(input.price);
  if (!Number.isFinite(price) || price <= 0) return problem('price', PRODUCT_MESSAGES.invalidPrice);
  if (isBlank(input.description)) return problem('description', PRODUCT_MESSAGES.missingDescription);
  if (Array.from(input.description.trim()).length > PRODUCT_LIMITS.descriptionMax) {
    return problem('description', PRODUCT_MESSAGES.descriptionTooLong);
  }
  if (input.validUntil === null || input.validUntil === undefined || input.validUntil === '') {
    return problem('validUntil', PRODUCT_MESSAGES.missingValidityDate);
  }
  if (!parseInstant(input.validUntil)) return problem('validUntil', PRODUCT_MESSAGES.invalidValidityDate);
  const imageCount = input.existingImageCount + input.newImages.length;
  if (imageCount < PRODUCT_LIMITS.imagesMin) return problem('images', PRODUCT_MESSAGES.noImages);
  if (imageCount > PRODUCT_LIMITS.imagesMax) return problem('images', PRODUCT_MESSAGES.tooManyImages);
  const dimensions = [
    ['weight', PRODUCT_MESSAGES.invalidWeight],
    ['length', PRODUCT_MESSAGES.invalidLength],
    ['width', PRODUCT_MESSAGES.invalidWidth],
    ['height', PRODUCT_MESSAGES.invalidHeight],
  ] as const;
  for (const [field, message] of dimensions) {
    const value = optionalNumber(input[field]);
    if (value !== null && !(Number.isFinite(value) && value > 0)) return problem(field, message);
  }
  if (!isBlank(input.sellerEmail) && !isValidEmail(input.sellerEmail!))
    return problem('sellerEmail', PRODUCT_MESSAGES.invalidEmail);
  const tooLarge = input.newImages.find((file) => file.size > PRODUCT_LIMITS.imageMaxBytes);
  if (tooLarge) return problem('images', fileTooLarge(tooLarge.name));
  return null;
}

import { formatIndiaDateTime, parseInstant, weightToGrams, type WeightUnit } from '@mandi/domain';
import type { ListedProduct } from './product';

/** What the product form's inputs hold (all text, as inputs give it). */
export interface ProductFormValues {
  name: string;
  price: string;
  description: string;
  /** The datetime-local value, 'YYYY-MM-DDTHH:MM', read as India time. */
  validUntil: string;
  sellerPhone: string;
  sellerEmail: string;
  weight: string;
  weightUnit: WeightUnit;
  length: string;
  width: string;
  height: string;
  /** Packs to sell; '' for unlimited. */
  stock: string;
}

/** An empty new-product form. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  price: '',
  description: '',
  validUntil: '',
  sellerPhone: '',
  sellerEmail: '',
  weight: '',
  weightUnit: 'g',
  length: '',
  width: '',
  height: '',
  stock: '',
};

/** A datetime-local value ('YYYY-MM-DDTHH:MM', India time) as the API's 'YYYY-MM-DD HH:MM:SS'; '' when blank. */
export function toApiDateTime(local: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/.exec(local.trim());
  return match ? `${match[1]} ${match[2]}:${match[3] ?? '00'}` : '';
}

/** The API's validUntil as a datetime-local value (India time); '' when missing or unreadable. */
export function toLocalInput(validUntil: string | null | undefined): string {
  const instant = validUntil ? parseInstant(validUntil) : null;
  return instant ? formatIndiaDateTime(instant).slice(0, 16).replace(' ', 'T') : '';
}

/** The current minute in India as a datetime-local value (the picker's earliest choice). */
export function nowLocalInput(now: Date): string {
  return formatIndiaDateTime(now).slice(0, 16).replace(' ', 'T');
}

/** The weight in grams from the form's value and unit (kg x 1000), or '' when blank. */
export function weightInGrams(values: Pick<ProductFormValues, 'weight' | 'weightUnit'>): number | string {
  const text = values.weight.trim();
  if (!text) return '';
  const value = Number(text);
  return Number.isFinite(value) ? weightToGrams(value, values.weightUnit) : text;
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A saved product as form values: whole kilograms are shown in kg, anything else in grams. */
export function formValuesOf(product: ListedProduct): ProductFormValues {
  const grams = product.weight ?? null;
  const inKg = grams !== null && grams >= 1000 && grams % 100 === 0;
  return {
    name: product.name,
    price: numberText(Number(product.price)),
    description: product.description ?? '',
    validUntil: toLocalInput(product.validUntil),
    sellerPhone: product.sellerPhone ?? '',
    sellerEmail: product.sellerEmail ?? '',
    weight: grams === null ? '' : inKg ? String(grams / 1000) : String(grams),
    weightUnit: inKg ? 'kg' : 'g',
    length: numberText(product.length),
    width: numberText(product.width),
    height: numberText(product.height),
    stock: numberText(product.stock),
  };
}

/** A request id for one form: the server answers a repeated submission with the product the first one made. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a plain-http LAN address still gets 122 random bits.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

import { INDIA_TIME_ZONE, isSoldOut, parseInstant, rupeesToPaise } from '@mandi/domain';
import type { Translator } from '../i18n/i18n';
import { imagesOf, isOriginal, sellerOf, type ListedProduct } from './product';

/** The 'Valid Until' date and time in India, in the page's locale ('12 Mar 2026, 6:00 pm', '12 मार्च 2026, 6:00 pm'). */
const validUntilFormats = {
  'en-IN': new Intl.DateTimeFormat('en-IN', {
    timeZone: INDIA_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }),
  'hi-IN': new Intl.DateTimeFormat('hi-IN', {
    timeZone: INDIA_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }),
};

/** The product page's 'Valid Until' value: the date and time in India, or 'N/A' (docs/catalog.md). */
export function validUntilText(
  validUntil: string | null | undefined,
  { t, locale }: Pick<Translator, 't' | 'locale'>,
): string {
  const instant = validUntil ? parseInstant(validUntil) : null;
  return instant ? validUntilFormats[locale].format(instant) : t('products.page.validUntilMissing');
}

/** True while validUntil is in the future: the product can be bought (structured data's InStock). */
export function isInStock(validUntil: string | null | undefined, now: Date): boolean {
  const instant = validUntil ? parseInstant(validUntil) : null;
  return instant !== null && instant.getTime() > now.getTime();
}

/** A weight in grams as people read it: '750 g', '2.5 kg' ('750 ग्राम', '2.5 किलो'). */
export function weightText(grams: number | null | undefined, t: Translator['t']): string | null {
  if (!grams || grams <= 0) return null;
  return grams >= 1000
    ? t('products.weight.kilograms', { amount: Number((grams / 1000).toFixed(3)) })
    : t('products.weight.grams', { amount: Number(grams.toFixed(1)) });
}

/** Length x width x height in centimetres, when all three are given. */
export function dimensionsText(
  product: Pick<ListedProduct, 'length' | 'width' | 'height'>,
  t: Translator['t'],
): string | null {
  const { length, width, height } = product;
  if (!length || !width || !height) return null;
  return t('products.size.centimetres', { length, width, height });
}

/** The rupee amount as schema.org wants it: a plain decimal with two places ('1234.50'). */
function schemaPrice(rupees: number | string): string {
  try {
    return (rupeesToPaise(rupees) / 100).toFixed(2);
  } catch {
    return Number(rupees).toFixed(2);
  }
}

/**
 * The product's schema.org Product with its Offer (currency INR; InStock while validUntil is in the future and packs
 * are left); `unnamedSeller` names a seller the answer did not name.
 */
export function productStructuredData(
  product: ListedProduct,
  pageUrl: string,
  now: Date,
  unnamedSeller: string,
): Record<string, unknown> {
  const origin = new URL(pageUrl).origin;
  const validUntil = product.validUntil ? parseInstant(product.validUntil) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description ?? '',
    sku: String(product.id),
    image: imagesOf(product).map((url) => new URL(url, origin).href),
    ...(isOriginal(product) ? { brand: { '@type': 'Brand', name: 'Mandi' } } : {}),
    ...(product.weight ? { weight: { '@type': 'QuantitativeValue', value: product.weight, unitCode: 'GRM' } } : {}),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      priceCurrency: 'INR',
      price: schemaPrice(product.price),
      availability:
        isInStock(product.validUntil, now) && !isSoldOut(product.stock)
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      ...(validUntil ? { priceValidUntil: validUntil.toISOString().slice(0, 10) } : {}),
      seller: { '@type': 'Person', name: sellerOf(product, unnamedSeller).username },
    },
  };
}

import type { Paise } from '../money/money.js';
import { ONDC_DELIVERY_FULFILLMENT, ondcItemId, ondcRupees } from './catalog.js';

/*
 * A network order's quote (RET 1.2.0 `quote`, as the validator's Select/Init/Confirm checks read it): one breakup line
 * per item (unit price x count), its tax, and Mandi's delivery charge on the one delivery fulfilment. Mandi's prices
 * include GST (docs/invoices.md), so the tax line of each item is 0.00 and the total is exactly checkout's.
 */

/** How long a quote holds (`quote.ttl`): a checkout reprices on confirm anyway, so a short promise. */
export const ONDC_QUOTE_TTL = 'PT15M';
/**
 * The delivery's turnaround, order to delivery (`@ondc/org/TAT`): more than the time to ship (ONDC_TIME_TO_SHIP, two
 * days, which the validator requires TAT to exceed) plus three days for the courier across India.
 */
export const ONDC_DELIVERY_TAT = 'P5D';
/** The delivery's kind (`@ondc/org/category`; the validator's ffCategory for Delivery). */
export const ONDC_DELIVERY_CATEGORY = 'Standard Delivery';
/** Mandi does not track couriers live (`tracking` false; on_track answers a status without a url). */
export const ONDC_TRACKING = false;
/** The quote's breakup titles ONDC fixes for its title types (validator retailPymntTtl). */
export const ONDC_BREAKUP_TITLES = { delivery: 'Delivery charges', tax: 'Tax' } as const;
/** `item.quantity.available.count` of a quote: ONDC's '99' for in stock and '0' for none (schema on_select). */
const AVAILABLE = { inStock: '99', none: '0' } as const;

/** One line of a quote: a product, its price per pack and how many the quote is for. */
export interface QuoteLine {
  productId: number;
  title: string;
  unitPaise: Paise;
  quantity: number;
  /** on_select only: how many the buyer may take (packs left, capped by the line limit). */
  maximum?: number;
}

/** A quote's money as ONDC writes it. */
export interface OndcPrice {
  currency: 'INR';
  value: string;
}

/** The price object of an amount in paise. */
export function ondcPrice(paise: Paise): OndcPrice {
  return { currency: 'INR', value: ondcRupees(paise) };
}

/** A quote: its lines' breakup, the delivery charge, and the total, which is their sum exactly. */
export function ondcQuote(lines: readonly QuoteLine[], shippingPaise: Paise): object {
  const fulfillmentId = ONDC_DELIVERY_FULFILLMENT.id;
  const breakup: object[] = [];
  let total = 0;
  for (const line of lines) {
    const itemId = ondcItemId(line.productId);
    const linePaise = line.unitPaise * line.quantity;
    total += linePaise;
    breakup.push({
      '@ondc/org/item_id': itemId,
      '@ondc/org/item_quantity': { count: line.quantity },
      title: line.title,
      '@ondc/org/title_type': 'item',
      price: ondcPrice(linePaise),
      item: {
        price: ondcPrice(line.unitPaise),
        ...(line.maximum !== undefined
          ? {
              quantity: {
                available: { count: line.maximum > 0 ? AVAILABLE.inStock : AVAILABLE.none },
                maximum: { count: String(line.maximum) },
              },
            }
          : {}),
      },
    });
    breakup.push({
      '@ondc/org/item_id': itemId,
      title: ONDC_BREAKUP_TITLES.tax,
      '@ondc/org/title_type': 'tax',
      price: ondcPrice(0),
    });
  }
  total += shippingPaise;
  breakup.push({
    '@ondc/org/item_id': fulfillmentId,
    title: ONDC_BREAKUP_TITLES.delivery,
    '@ondc/org/title_type': 'delivery',
    price: ondcPrice(shippingPaise),
  });
  return { price: ondcPrice(total), breakup, ttl: ONDC_QUOTE_TTL };
}

/** The total of a quote a buyer app sent back (`quote.price.value`), in paise; null when it is not an amount. */
export function quotedTotalPaise(quote: unknown): Paise | null {
  const value = (quote as { price?: { value?: unknown } } | null | undefined)?.price?.value;
  if (typeof value !== 'string' || !/^[0-9]+(\.[0-9]{1,2})?$/.test(value)) return null;
  const [rupees, decimals = ''] = value.split('.');
  return Number(rupees) * 100 + Number(decimals.padEnd(2, '0'));
}

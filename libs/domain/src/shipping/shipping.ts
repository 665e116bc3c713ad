import type { PaymentMethod } from '../checkout/payment-method.js';
import { DomainError } from '../errors/domain.error.js';
import type { Paise } from '../money/money.js';

/**
 * Shipping rates of docs/shipping.md, in paise. See docs/shipping.md for the bands.
 * Online: kg 1 costs 30, kg 2..10 (extra kg 1..9) cost 35 each, kg 11 and beyond cost 30 each.
 * Cash on delivery: 75 for kg 1 plus 35 for every further kg, then 18% handling on that sum.
 */
export const SHIPPING_RATES = {
  online: {
    firstKgPaise: 30_00,
    /** Charged for extra kg 1..{@link SHIPPING_RATES.online.extraKgBand} (kg 2..10). */
    extraKgPaise: 35_00,
    /** How many extra kg are charged at `extraKgPaise`. */
    extraKgBand: 9,
    /** Charged for every kg beyond the 10th (kg 11 and up). */
    beyondBandKgPaise: 30_00,
  },
  cod: {
    firstKgPaise: 75_00,
    extraKgPaise: 35_00,
    /** Handling added on top of the weight charge, in percent. */
    handlingPercent: 18,
  },
} as const;

/** Smallest chargeable weight: a parcel always costs at least one kilogram to ship, even when its lines weigh 0 g. */
export const MIN_CHARGEABLE_KG = 1;

/** A shipping charge with its parts, so invoices and the checkout summary can show them. */
export interface ShippingQuote {
  /** Whole kilograms charged: ceil(grams / 1000), at least 1. */
  chargeableKg: number;
  /** The weight charge before handling. */
  basePaise: Paise;
  /** Cash-on-delivery handling (18% of the base); 0 for online payment. */
  handlingPaise: Paise;
  /** What the buyer pays for shipping. */
  totalPaise: Paise;
}

/** Chargeable kilograms of a parcel: ceil(total grams / 1000), never below {@link MIN_CHARGEABLE_KG}. */
export function chargeableKg(totalWeightGrams: number): number {
  if (!Number.isFinite(totalWeightGrams) || totalWeightGrams < 0) {
    throw new DomainError('invalid_data', 'Weight must be 0 grams or more.');
  }
  return Math.max(MIN_CHARGEABLE_KG, Math.ceil(totalWeightGrams / 1000));
}

/** The shipping charge of a parcel and its parts, for a payment method. */
export function shippingQuote(totalWeightGrams: number, method: PaymentMethod): ShippingQuote {
  const kg = chargeableKg(totalWeightGrams);
  const extraKg = kg - 1;
  if (method === 'online') {
    const rates = SHIPPING_RATES.online;
    const inBand = Math.min(extraKg, rates.extraKgBand);
    const beyond = extraKg - inBand;
    const basePaise = rates.firstKgPaise + inBand * rates.extraKgPaise + beyond * rates.beyondBandKgPaise;
    return { chargeableKg: kg, basePaise, handlingPaise: 0, totalPaise: basePaise };
  }
  const rates = SHIPPING_RATES.cod;
  const basePaise = rates.firstKgPaise + extraKg * rates.extraKgPaise;
  // The base is whole rupees, so 18% of it is a whole number of paise; rounding only guards the arithmetic.
  const handlingPaise = Math.round((basePaise * rates.handlingPercent) / 100);
  return { chargeableKg: kg, basePaise, handlingPaise, totalPaise: basePaise + handlingPaise };
}

/** What the buyer pays for shipping a parcel of `totalWeightGrams`, in paise. */
export function shippingCharge(totalWeightGrams: number, method: PaymentMethod): Paise {
  return shippingQuote(totalWeightGrams, method).totalPaise;
}

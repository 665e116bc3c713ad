import type { Billing, OrderLine } from '@mandi/contracts';
import {
  orderTotals,
  paiseToRupees,
  rupeesToPaise,
  shippingQuote,
  type OrderTotals,
  type Paise,
  type PaymentMethod,
  type ShippingQuote,
} from '@mandi/domain';
import type { Translator } from '../i18n/i18n';
import type { CheckoutLine } from './checkout-items';

/** The payment summary of an order: libs/domain's totals and the shipping quote behind them. */
export interface CheckoutSummary {
  totals: OrderTotals;
  quote: ShippingQuote;
}

/** A rupee price from the API in paise (rounded when an answer carries more than 2 decimals). */
export function pricePaise(rupees: number): Paise {
  try {
    return rupeesToPaise(rupees);
  } catch {
    return Math.round(Number(rupees) * 100);
  }
}

/** The lines' sum of price x quantity, in paise (the preview on checkout step 1). */
export function subtotalPaise(lines: readonly CheckoutLine[]): Paise {
  return lines.reduce((sum, line) => sum + pricePaise(line.price) * line.quantity, 0);
}

/** Prices the lines for a payment method exactly as the server will (libs/domain orderTotals and shippingQuote). */
export function checkoutSummary(lines: readonly CheckoutLine[], method: PaymentMethod): CheckoutSummary | null {
  if (lines.length === 0) return null;
  const totals = orderTotals(
    lines.map((line) => ({
      unitPaise: pricePaise(line.price),
      quantity: line.quantity,
      weightGrams: line.weightGrams,
    })),
    method,
  );
  return { totals, quote: shippingQuote(totals.totalWeightGrams, method) };
}

/** The billing sent with an order, in rupees (docs/payments.md 'Billing'). */
export function billingOf({ totals }: CheckoutSummary): Billing {
  return {
    subtotal: paiseToRupees(totals.subtotal),
    shippingCost: paiseToRupees(totals.shipping),
    grandTotal: paiseToRupees(totals.grandTotal),
  };
}

/** The order lines sent (docs/payments.md 'Order line sent'): productId, productName, quantity, price. */
export function orderLinesOf(lines: readonly CheckoutLine[]): OrderLine[] {
  return lines.map((line) => ({
    productId: line.id,
    productName: line.name,
    quantity: line.quantity,
    price: paiseToRupees(pricePaise(line.price)),
  }));
}

/** A weight in grams for people: '850 g', '1.2 kg' ('850 ग्राम', '1.2 किलो' in Hindi). */
export function weightText(grams: number, { t, locale }: Pick<Translator, 't' | 'locale'>): string {
  if (grams < 1000) return t('checkout.weight.grams', { grams: String(Math.round(grams)) });
  return t('checkout.weight.kg', {
    kg: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(grams / 1000),
  });
}

import { parsePaymentMethod, type PaymentMethod } from '@mandi/domain';
import type { SavedAddress } from '../addresses/address';

/** The router state checkout step 1 hands to /payment-page (docs/payments.md). */
export interface CheckoutState {
  /** The Buy Now product; undefined for the whole cart. */
  productId?: string;
  selectedPayment: PaymentMethod;
  selectedAddress: SavedAddress;
}

/** The payment page's router state, or null when it is missing or incomplete ('Missing checkout information.'). */
export function readCheckoutState(state: unknown): CheckoutState | null {
  if (!state || typeof state !== 'object') return null;
  const { productId, selectedPayment, selectedAddress } = state as Record<string, unknown>;
  const method = typeof selectedPayment === 'string' ? parsePaymentMethod(selectedPayment) : null;
  if (!method) return null;
  if (!selectedAddress || typeof selectedAddress !== 'object' || !('id' in selectedAddress)) return null;
  if (productId !== undefined && productId !== null && typeof productId !== 'string' && typeof productId !== 'number')
    return null;
  return {
    productId: productId === undefined || productId === null || productId === '' ? undefined : String(productId),
    selectedPayment: method,
    selectedAddress: selectedAddress as SavedAddress,
  };
}

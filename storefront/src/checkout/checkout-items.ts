import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../auth/auth-context';
import { cartKey, cartQuery } from '../cart/cart-queries';
import { imagesOf, type ListedProduct } from '../products/product';
import { productKeys, productQuery } from '../products/product-queries';

/** A product or cart line as the API answers it (productById, cartOfUser, the official list). */
export type CheckoutProduct = ListedProduct & {
  quantity?: number | null;
  thumbnails?: string[];
  cardImage?: string | null;
};

/** One line of the order being checked out, as the checkout pages show and price it. */
export interface CheckoutLine {
  id: string;
  name: string;
  /** Unit price in rupees, as the API speaks it. */
  price: number;
  /** Weight of one unit in grams; 0 when the seller gave none. */
  weightGrams: number;
  picture: string | null;
  quantity: number;
  /** Packs left of the product when it was read; null for unlimited. */
  stock: number | null;
}

/** A product as a checkout line with `quantity`. */
export function toCheckoutLine(product: CheckoutProduct, quantity: number): CheckoutLine {
  const weight = Number(product.weight);
  return {
    id: String(product.id),
    name: product.name,
    price: Number(product.price),
    weightGrams: Number.isFinite(weight) && weight > 0 ? weight : 0,
    picture: product.thumbnails?.[0] || product.cardImage || imagesOf(product)[0] || null,
    quantity,
    stock: product.stock ?? null,
  };
}

/**
 * What is being checked out: the one product of Buy Now (productById, quantity 1) or the whole cart
 * (cartOfUser, the cart's quantities). Always read afresh: the prices shown must be the server's.
 */
export function useCheckoutItems(productId: string | undefined) {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const single = useQuery({ ...productQuery(productId ?? ''), enabled: productId !== undefined, staleTime: 0 });
  const cart = useQuery({ ...cartQuery(uid), enabled: productId === undefined && uid !== '', staleTime: 0 });
  const query = productId !== undefined ? single : cart;
  let lines: CheckoutLine[] | undefined;
  if (productId !== undefined && single.data) lines = [toCheckoutLine(single.data, 1)];
  if (productId === undefined && cart.data)
    lines = cart.data.map((line) => toCheckoutLine(line, Number(line.quantity) || 1));
  return { lines, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}

/** Reads the checkout's products again (after the server said the prices changed). */
export function useRefreshCheckoutItems(productId: string | undefined) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: productId !== undefined ? productKeys.one(productId) : cartKey(user?.uid ?? ''),
        }),
        queryClient.invalidateQueries({ queryKey: productKeys.official }),
      ]),
    [queryClient, productId, user],
  );
}

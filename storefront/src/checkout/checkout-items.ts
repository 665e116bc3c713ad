import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFetch } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { imagesOf, productsOf, type ListedProduct } from '../products/product';

/** A product or cart line as the API answers it (GET /api/products/{id}, GET /api/cart/{uid}, the official list). */
export type CheckoutProduct = ListedProduct & { quantity?: number | null; thumbnails?: string[]; cardImage?: string | null };

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
}

/**
 * The brand segment of GET /api/products/{brand}-products, the official products of the '+ Add Product' modal (the
 * API accepts any '<brand>-products').
 */
export const OFFICIAL_PRODUCTS_PATH = '/api/products/mandi-products';

const productKey = (productId: string) => ['products', 'one', productId] as const;
const cartKey = (uid: string) => ['cart', uid] as const;
const officialKey = ['products', 'official'] as const;

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
  };
}

/**
 * What is being checked out: the one product of Buy Now (GET /api/products/{id}, quantity 1) or the whole cart
 * (GET /api/cart/{uid}, the cart's quantities). Always read afresh: the prices shown must be the server's.
 */
export function useCheckoutItems(productId: string | undefined) {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  const single = useQuery({
    queryKey: productKey(productId ?? ''),
    queryFn: ({ signal }) => apiFetch<CheckoutProduct>(`/api/products/${encodeURIComponent(productId!)}`, { signal }),
    enabled: productId !== undefined,
    staleTime: 0,
  });
  const cart = useQuery({
    queryKey: cartKey(uid),
    queryFn: ({ signal }) => apiFetch<CheckoutProduct[]>(`/api/cart/${encodeURIComponent(uid)}`, { auth: true, signal }),
    enabled: productId === undefined && uid !== '',
    staleTime: 0,
  });
  const query = productId !== undefined ? single : cart;
  let lines: CheckoutLine[] | undefined;
  if (productId !== undefined && single.data) lines = [toCheckoutLine(single.data, 1)];
  if (productId === undefined && cart.data) lines = cart.data.map((line) => toCheckoutLine(line, Number(line.quantity) || 1));
  return { lines, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}

/** The official products (official_brand 1) for the '+ Add Product' modal. */
export function useOfficialProducts(enabled: boolean) {
  return useQuery({
    queryKey: officialKey,
    queryFn: ({ signal }) => apiFetch<unknown>(OFFICIAL_PRODUCTS_PATH, { signal }).then((answer) => productsOf(answer) as CheckoutProduct[]),
    enabled,
  });
}

/** Reads the checkout's products again (after the server said the prices changed). */
export function useRefreshCheckoutItems(productId: string | undefined) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productId !== undefined ? productKey(productId) : cartKey(user?.uid ?? '') }),
        queryClient.invalidateQueries({ queryKey: officialKey }),
      ]),
    [queryClient, productId, user],
  );
}

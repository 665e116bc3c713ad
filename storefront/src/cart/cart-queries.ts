import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/api-fetch';
import type { ListedProduct } from '../products/product';

/*
 * The cart calls of the storefront (TanStack Query): the cart's key, its fetcher and the changes the cart page and
 * the product cards make.
 */

/** A cart line as GET /api/cart/{uid} answers it: the product's fields and its quantity. */
export type CartLine = ListedProduct & { quantity: number; thumbnails?: string[]; cardImage?: string | null };

/** Query key of a user's cart. */
export const cartKey = (uid: string) => ['cart', uid] as const;

/** GET /api/cart/{uid} (auth): the cart's lines; callers add `enabled` or `staleTime` where they need them. */
export function cartQuery(uid: string) {
  return queryOptions({
    queryKey: cartKey(uid),
    queryFn: ({ signal }) => apiFetch<CartLine[]>(`/api/cart/${encodeURIComponent(uid)}`, { auth: true, signal }),
  });
}

/** POST /api/cart/add: one product into the signed-in user's cart (the server answers 409 when it is there). */
export function useAddToCartCall(uid: string | undefined) {
  return useMutation({
    mutationFn: (productId: string) =>
      apiFetch('/api/cart/add', { method: 'POST', body: { uid, productId }, auth: true }),
  });
}

/** PUT /api/cart/updateQuantity: the line shows its new quantity as soon as the server accepted it. */
export function useSetCartQuantity(uid: string, onError: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: string; quantity: number }) =>
      apiFetch('/api/cart/updateQuantity', { method: 'PUT', body: { uid, productId, quantity }, auth: true }),
    onSuccess: (_answer, { productId, quantity }) =>
      queryClient.setQueryData<CartLine[]>(cartKey(uid), (lines) =>
        lines?.map((line) => (String(line.id) === productId ? { ...line, quantity } : line)),
      ),
    onError,
  });
}

/** DELETE /api/cart/remove: the cart is read again once the line is gone. */
export function useRemoveFromCart(uid: string, onError: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      apiFetch('/api/cart/remove', { method: 'DELETE', body: { uid, productId }, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKey(uid) }),
    onError,
  });
}

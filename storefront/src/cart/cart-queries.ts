import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api-fetch';
import type { ListedProduct } from '../products/product';

/*
 * The cart calls of the storefront (TanStack Query): the cart's key, its fetcher and the changes the cart page and
 * the product cards make.
 */

/** A cart line as the cartOfUser route answers it: the product's fields and its quantity. */
export type CartLine = ListedProduct & { quantity: number; thumbnails?: string[]; cardImage?: string | null };

/** Query key of a user's cart. */
export const cartKey = (uid: string) => ['cart', uid] as const;

/** The cartOfUser route (auth): the cart's lines; callers add `enabled` or `staleTime` where they need them. */
export function cartQuery(uid: string) {
  return queryOptions({
    queryKey: cartKey(uid),
    queryFn: ({ signal }): Promise<CartLine[]> => api('cartOfUser', { params: { uid }, auth: true, signal }),
  });
}

/** The addToCart route: one product into the signed-in user's cart (the server answers 409 when it is there). */
export function useAddToCartCall() {
  return useMutation({
    mutationFn: (body: { uid: string; productId: string }) => api('addToCart', { body, auth: true }),
  });
}

/** The setCartQuantity route: the line shows its new quantity as soon as the server accepted it. */
export function useSetCartQuantity(uid: string, onError: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: string; quantity: number }) =>
      api('setCartQuantity', { body: { uid, productId, quantity }, auth: true }),
    onSuccess: (_answer, { productId, quantity }) =>
      queryClient.setQueryData<CartLine[]>(cartKey(uid), (lines) =>
        lines?.map((line) => (String(line.id) === productId ? { ...line, quantity } : line)),
      ),
    onError,
  });
}

/** The removeFromCart route: the cart is read again once the line is gone. */
export function useRemoveFromCart(uid: string, onError: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api('removeFromCart', { body: { uid, productId }, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKey(uid) }),
    onError,
  });
}

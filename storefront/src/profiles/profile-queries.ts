import type { UserProfile } from '@mandi/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api/api-fetch';
import { productsOf, type ListedProduct } from '../products/product';

/** Query key of a user's full profile. */
export const profileKey = (uid: string) => ['profiles', 'full', uid] as const;
/** Query key of a user's posts (under 'products', so a saved or deleted product refreshes it). */
export const userProductsKey = (uid: string) => ['products', 'user', uid] as const;

/** GET /api/user-profile/uid/{uid}: username, profileImage, fullname, bio, city. */
export function useProfile(uid: string | undefined) {
  return useQuery({
    queryKey: profileKey(uid ?? ''),
    queryFn: ({ signal }) => apiFetch<UserProfile>(`/api/user-profile/uid/${encodeURIComponent(uid!)}`, { signal }),
    enabled: Boolean(uid),
  });
}

/** GET /api/products/user/{uid}: the user's posts, newest first. */
export function useUserProducts(uid: string | undefined) {
  return useQuery({
    queryKey: userProductsKey(uid ?? ''),
    queryFn: async ({ signal }): Promise<ListedProduct[]> =>
      productsOf(await apiFetch<unknown>(`/api/products/user/${encodeURIComponent(uid!)}`, { signal })),
    enabled: Boolean(uid),
  });
}

import type { MinimalProfile, UpdateProfileBody, UploadProfileImageAnswer, UserProfile } from '@mandi/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/api-fetch';

/*
 * The profile calls of the storefront (TanStack Query): the keys, fetchers and hooks of user profiles. A user's posts
 * are products, so their query lives with the products (products/product-queries.ts).
 */

/** Query keys of profiles. */
export const profileKeys = {
  full: (uid: string) => ['profiles', 'full', uid] as const,
  minimal: (uid: string | undefined) => ['profiles', 'minimal', uid] as const,
};

/** GET /api/user-profile/uid/{uid}: username, profileImage, fullname, bio, city. */
export function useProfile(uid: string | undefined) {
  return useQuery({
    queryKey: profileKeys.full(uid ?? ''),
    queryFn: ({ signal }) => apiFetch<UserProfile>(`/api/user-profile/uid/${encodeURIComponent(uid!)}`, { signal }),
    enabled: Boolean(uid),
  });
}

/** GET /api/user-profile/uid/{uid}?minimal=true: the seller summary a product answer did not carry. */
export function useMinimalProfile(uid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.minimal(uid),
    queryFn: ({ signal }) =>
      apiFetch<MinimalProfile>(`/api/user-profile/uid/${encodeURIComponent(uid!)}?minimal=true`, { signal }),
    enabled,
  });
}

/** PUT /api/user-profile/uid/{uid}: the own profile's text and picture; the profile is read again after it. */
export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      apiFetch(`/api/user-profile/uid/${encodeURIComponent(uid)}`, { method: 'PUT', body, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.full(uid) }),
  });
}

/** POST /api/user-profile/upload-profile/{uid}: stores a new picture and answers its URL (saved by an update). */
export function useUploadProfileImage(uid: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set('profileImage', file);
      return apiFetch<UploadProfileImageAnswer>(`/api/user-profile/upload-profile/${encodeURIComponent(uid)}`, {
        method: 'POST',
        body,
        auth: true,
      });
    },
  });
}

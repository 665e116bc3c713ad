import type { MinimalProfile, UpdateProfileBody, UserProfile } from '@mandi/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api-fetch';

/*
 * The profile calls of the storefront (TanStack Query): the keys, fetchers and hooks of user profiles. A user's posts
 * are products, so their query lives with the products (products/product-queries.ts).
 */

/** Query keys of profiles. */
export const profileKeys = {
  full: (uid: string) => ['profiles', 'full', uid] as const,
  minimal: (uid: string | undefined) => ['profiles', 'minimal', uid] as const,
};

/**
 * The whole profile of a userProfile answer. The route answers either shape; asked without minimal=true it is the
 * whole one, and a summary reads as a profile without a name or bio.
 */
function fullProfileOf(profile: UserProfile | MinimalProfile): UserProfile {
  return 'bio' in profile ? profile : { ...profile, fullname: null, bio: null };
}

/** The userProfile route: username, profileImage, fullname, bio, city. */
export function useProfile(uid: string | undefined) {
  return useQuery({
    queryKey: profileKeys.full(uid ?? ''),
    queryFn: async ({ signal }) => fullProfileOf(await api('userProfile', { params: { uid: uid! }, signal })),
    enabled: Boolean(uid),
  });
}

/** The userProfile route with minimal=true: the seller summary a product answer did not carry. */
export function useMinimalProfile(uid: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.minimal(uid),
    queryFn: ({ signal }) => api('userProfile', { params: { uid: uid! }, query: { minimal: 'true' }, signal }),
    enabled,
  });
}

/** The updateUserProfile route: the own profile's text and picture; the profile is read again after it. */
export function useUpdateProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api('updateUserProfile', { params: { uid }, body, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.full(uid) }),
  });
}

/** The uploadProfileImage route: stores a new picture and answers its URL (saved by an update). */
export function useUploadProfileImage(uid: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set('profileImage', file);
      return api('uploadProfileImage', { params: { uid }, body, auth: true });
    },
  });
}

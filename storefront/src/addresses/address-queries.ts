import type { AddressFields } from '@mandi/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../api/api-fetch';
import type { SavedAddress } from './address';

/*
 * The address calls of the storefront (docs/addresses.md): the address book's key, its query and the calls that change
 * it. The modals run the changes inside their own single-flight steps (one popup or field message per answer), so
 * the changes are plain calls, followed by a refresh of the book.
 */

/** The query key of a user's addresses. */
export const addressesKey = (userId: string) => ['addresses', userId] as const;

/** The signed-in user's active addresses (the addressesOfUser route); waits until userId is known. */
export function useAddresses(userId: string | null) {
  return useQuery({
    queryKey: addressesKey(userId ?? ''),
    queryFn: ({ signal }): Promise<SavedAddress[]> =>
      api('addressesOfUser', { params: { userId: userId! }, auth: true, signal }),
    enabled: userId !== null,
  });
}

/** Reads a user's address book again (after an address was added, changed or deleted). */
export function useRefreshAddresses(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: addressesKey(userId) }), [queryClient, userId]);
}

/** The createAddress route: a new address of the user; the API answers the saved address. */
export function createAddress(userId: string, fields: AddressFields): Promise<SavedAddress> {
  return api('createAddress', { body: { ...fields, user_id: userId }, auth: true });
}

/** The updateAddress route: the changed fields; the API may answer the saved address or nothing. */
export function updateAddress(addressId: string | number, fields: AddressFields): Promise<SavedAddress | null> {
  return api('updateAddress', { params: { id: addressId }, body: fields, auth: true });
}

/** The deleteAddress route. */
export function deleteAddress(addressId: string | number): Promise<unknown> {
  return api('deleteAddress', { params: { id: addressId }, auth: true });
}

/** The setDefaultAddress route: the next checkout starts with this address. */
export function setDefaultAddress(addressId: string | number): Promise<unknown> {
  return api('setDefaultAddress', { params: { id: addressId }, auth: true });
}

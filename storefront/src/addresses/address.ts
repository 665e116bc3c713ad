import type { Address } from '@mandi/contracts';

/** An address as GET /api/addresses/{userId} answers it; the JSON may carry the id as a number. */
export type SavedAddress = Omit<Address, 'id'> & { id: string | number };

/** Texts of the address book that the specification leaves to us (ours, like ADDRESS_MESSAGES' marked ones). */
export const ADDRESS_BOOK_TEXTS = {
  confirmDelete: { title: 'Delete Address?', text: 'Are you sure you want to delete this address?' },
  loadFailed: 'We couldn’t load your saved addresses',
  lookupFailed: 'Could not look up this PIN code. Please try again.',
  noAddresses: 'No saved addresses yet.',
} as const;

/** The same address in two answers, whichever way each carried the id. */
export function sameAddress(a: Pick<SavedAddress, 'id'> | null | undefined, b: Pick<SavedAddress, 'id'> | null | undefined): boolean {
  return a != null && b != null && String(a.id) === String(b.id);
}

/** The default address (is_default 1), else the first one, else null. */
export function defaultAddressOf(addresses: readonly SavedAddress[]): SavedAddress | null {
  return addresses.find((address) => Number(address.is_default) === 1) ?? addresses[0] ?? null;
}

/** The street part of an address on one line: flat, area, landmark. */
export function streetLine(address: SavedAddress): string {
  return [address.flat_house_building, address.area_or_street_or_village, landmarkText(address.landmark)]
    .filter(Boolean)
    .join(', ');
}

/** The region part of an address on one line: taluk, district, state – pincode. */
export function regionLine(address: SavedAddress): string {
  const places = [address.taluk, address.district, address.state].filter(Boolean);
  // A taluk named like its district (Nashik, Nashik) is said once.
  const unique = places.filter((place, index) => places.indexOf(place) === index);
  return `${unique.join(', ')} – ${address.pincode}`;
}

/** A landmark as part of the street line: 'near X', unless the buyer already wrote 'Near X' or 'Opposite X'. */
function landmarkText(landmark: string): string {
  const text = landmark.trim();
  if (!text) return '';
  return /^(near|opp(osite|\.)?|behind|beside|next to|in front of)\b/i.test(text) ? text : `near ${text}`;
}

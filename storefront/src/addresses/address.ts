import type { Address } from '@mandi/contracts';
import { ADDRESS_MESSAGES } from '@mandi/domain';
import type { Translator } from '../i18n/i18n';

/** An address as the addressesOfUser route answers it; the JSON may carry the id as a number. */
export type SavedAddress = Omit<Address, 'id'> & { id: string | number };

/** The same address in two answers, whichever way each carried the id. */
export function sameAddress(
  a: Pick<SavedAddress, 'id'> | null | undefined,
  b: Pick<SavedAddress, 'id'> | null | undefined,
): boolean {
  return a != null && b != null && String(a.id) === String(b.id);
}

/** The default address (is_default 1), else the first one, else null. */
export function defaultAddressOf(addresses: readonly SavedAddress[]): SavedAddress | null {
  return addresses.find((address) => Number(address.is_default) === 1) ?? addresses[0] ?? null;
}

/** The street part of an address on one line: flat, area, landmark. */
export function streetLine(
  address: Pick<SavedAddress, 'flat_house_building' | 'area_or_street_or_village' | 'landmark'>,
  t: Translator['t'],
): string {
  return [address.flat_house_building, address.area_or_street_or_village, landmarkText(address.landmark, t)]
    .filter(Boolean)
    .join(', ');
}

/** The region part of an address on one line: taluk, district, state – pincode. */
export function regionLine(address: Pick<SavedAddress, 'taluk' | 'district' | 'state' | 'pincode'>): string {
  const places = [address.taluk, address.district, address.state].filter(Boolean);
  // A taluk named like its district (Nashik, Nashik) is said once.
  const unique = places.filter((place, index) => places.indexOf(place) === index);
  return `${unique.join(', ')} – ${address.pincode}`;
}

/**
 * A landmark as part of the street line: 'near X' ('X के पास'), unless the buyer already wrote where it is ('Near X',
 * 'Opposite X', 'मंदिर के सामने').
 */
function landmarkText(landmark: string, t: Translator['t']): string {
  const text = landmark.trim();
  if (!text) return '';
  const placed =
    /^(near|opp(osite|\.)?|behind|beside|next to|in front of)\b/i.test(text) ||
    /(पास|सामने|पीछे|बगल|नज़दीक|नजदीक)/.test(text);
  return placed ? text : t('addresses.nearLandmark', { landmark: text });
}

/**
 * A text the address rules give (the contract's form schema and the API share ADDRESS_MESSAGES) in the visitor's
 * language; another text from the server through the catalogues' server texts, else as sent.
 */
export function addressMessageText({ t, locale, serverText }: Translator, message: string): string {
  switch (message) {
    case ADDRESS_MESSAGES.invalidMobile:
      return t('addresses.problem.invalidMobile');
    case ADDRESS_MESSAGES.invalidPincode:
      return t('addresses.problem.invalidPincode');
    case ADDRESS_MESSAGES.fullNameRequired:
      return t('addresses.problem.fullNameRequired');
    case ADDRESS_MESSAGES.fullNameTooLong:
      return t('addresses.problem.fullNameTooLong');
    case ADDRESS_MESSAGES.stateRequired:
      return t('addresses.problem.stateRequired');
    case ADDRESS_MESSAGES.districtRequired:
      return t('addresses.problem.districtRequired');
    case ADDRESS_MESSAGES.talukRequired:
      return t('addresses.problem.talukRequired');
    case ADDRESS_MESSAGES.flatRequired:
      return t('addresses.problem.flatRequired');
    case ADDRESS_MESSAGES.flatTooLong:
      return t('addresses.problem.flatTooLong');
    case ADDRESS_MESSAGES.areaRequired:
      return t('addresses.problem.areaRequired');
    case ADDRESS_MESSAGES.landmarkRequired:
      return t('addresses.problem.landmarkRequired');
    case ADDRESS_MESSAGES.landmarkTooLong:
      return t('addresses.problem.landmarkTooLong');
    case ADDRESS_MESSAGES.pincodeNotFound:
      return t('addresses.problem.pincodeNotFound');
    case ADDRESS_MESSAGES.saveFailed:
      return t('addresses.problem.saveFailed');
    case ADDRESS_MESSAGES.deleteFailed:
      return t('addresses.problem.deleteFailed');
  }
  // The server's check of the state and district against the PIN code's post offices names the places it allows.
  const mismatch = /^(State|District) does not match pincode (\d+) \((.+)\)$/.exec(message);
  if (mismatch) {
    const [, field, pincode, names] = mismatch;
    const places = new Intl.ListFormat(locale, { type: 'disjunction' }).format(names!.split(' or '));
    return field === 'State'
      ? t('addresses.problem.stateMismatch', { pincode, places })
      : t('addresses.problem.districtMismatch', { pincode, places });
  }
  return serverText(message);
}

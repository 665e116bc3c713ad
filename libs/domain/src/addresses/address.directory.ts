import { problem, type FieldProblem } from '../messages/popup-message.js';
import { ADDRESS_MESSAGES } from './address.messages.js';
import type { AddressInput } from './address.validation.js';

/** What the address check needs of one post office of the India Post directory. */
export type DirectoryPlace = Pick<AddressInput, 'state' | 'district'>;

/** A place name as people type it: trimmed, one space between words, any case. */
export function placeNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The distinct names among `names`, in the directory's spelling and first-seen order. */
function distinct(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(placeNameKey(name))) seen.set(placeNameKey(name), name);
  return [...seen.values()];
}

/** An address's place as the directory spells it, or the field that does not match. */
export type DirectoryMatch = { ok: true; state: string; district: string } | { ok: false; problem: FieldProblem };

/**
 * Checks an address against the post offices of its PIN code: the PIN code must have at least one, the state must
 * be one they are in and the district one they are in within that state (names compared trimmed and in any case).
 * On a match, gives the state and district as the directory spells them, which is what gets saved.
 */
export function matchDirectory(
  address: Pick<AddressInput, 'pincode' | 'state' | 'district'>,
  offices: readonly DirectoryPlace[],
): DirectoryMatch {
  if (offices.length === 0) return { ok: false, problem: problem('pincode', ADDRESS_MESSAGES.pincodeNotFound) };
  const inState = offices.filter((office) => placeNameKey(office.state) === placeNameKey(address.state));
  if (inState.length === 0) {
    const states = distinct(offices.map((office) => office.state));
    return { ok: false, problem: problem('state', ADDRESS_MESSAGES.stateMismatch(address.pincode, states)) };
  }
  const office = inState.find((candidate) => placeNameKey(candidate.district) === placeNameKey(address.district));
  if (!office) {
    const districts = distinct(inState.map((candidate) => candidate.district));
    return { ok: false, problem: problem('district', ADDRESS_MESSAGES.districtMismatch(address.pincode, districts)) };
  }
  return { ok: true, state: office.state, district: office.district };
}

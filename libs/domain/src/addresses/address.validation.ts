import { problem, type FieldProblem } from '../messages/popup-message.js';
import { isValidIndianMobile, isValidPincode } from '../validation/patterns.js';
import { ADDRESS_LIMITS } from './address.limits.js';
import { ADDRESS_MESSAGES } from './address.messages.js';

/**
 * The fields of an address, named as the spec's calls name them, in the order the API answers them: the one list
 * every address shape (the contracts' schemas, the API's rows, the front ends' forms) is derived from.
 */
export const ADDRESS_FIELDS = [
  'name',
  'mobile',
  'state',
  'district',
  'taluk',
  'flat_house_building',
  'area_or_street_or_village',
  'landmark',
  'pincode',
] as const;

/** One of {@link ADDRESS_FIELDS}. */
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** An address's fields as text: the address form's input, and an address as saved. */
export type AddressInput = Record<AddressField, string>;

/** Just the address fields of `source` (a form, a saved row, an answer), leaving its other properties behind. */
export function addressFieldsOf(source: AddressInput): AddressInput {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, source[field]])) as AddressInput;
}

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';
const longer = (value: string, max: number): boolean => Array.from(value.trim()).length > max;

/** Every problem of an address form, field -> text, in the form's order; empty when all is well. */
export function addressProblems(input: AddressInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (blank(input.name)) problems.push(problem('name', ADDRESS_MESSAGES.fullNameRequired));
  else if (longer(input.name, ADDRESS_LIMITS.fullNameMax))
    problems.push(problem('name', ADDRESS_MESSAGES.fullNameTooLong));
  if (!isValidIndianMobile(input.mobile ?? '')) problems.push(problem('mobile', ADDRESS_MESSAGES.invalidMobile));
  if (!isValidPincode(input.pincode ?? '')) problems.push(problem('pincode', ADDRESS_MESSAGES.invalidPincode));
  if (blank(input.state)) problems.push(problem('state', ADDRESS_MESSAGES.stateRequired));
  if (blank(input.district)) problems.push(problem('district', ADDRESS_MESSAGES.districtRequired));
  if (blank(input.taluk)) problems.push(problem('taluk', ADDRESS_MESSAGES.talukRequired));
  if (blank(input.flat_house_building)) problems.push(problem('flat_house_building', ADDRESS_MESSAGES.flatRequired));
  else if (longer(input.flat_house_building, ADDRESS_LIMITS.flatHouseBuildingMax)) {
    problems.push(problem('flat_house_building', ADDRESS_MESSAGES.flatTooLong));
  }
  if (blank(input.area_or_street_or_village))
    problems.push(problem('area_or_street_or_village', ADDRESS_MESSAGES.areaRequired));
  if (blank(input.landmark)) problems.push(problem('landmark', ADDRESS_MESSAGES.landmarkRequired));
  else if (longer(input.landmark, ADDRESS_LIMITS.landmarkMax))
    problems.push(problem('landmark', ADDRESS_MESSAGES.landmarkTooLong));
  return problems;
}

/** The first problem of an address form, or null. */
export function validateAddressInput(input: AddressInput): FieldProblem | null {
  return addressProblems(input)[0] ?? null;
}

/** The popup when a user already has the maximum of 10 active addresses, or null when one more fits. */
export function checkAddressLimit(activeAddressCount: number): FieldProblem | null {
  return activeAddressCount >= ADDRESS_LIMITS.maxActive ? problem('_', ADDRESS_MESSAGES.maxAddressesReached) : null;
}

/**
 * Which address becomes the default after deleting one (docs/addresses.md): when the default goes, the first
 * remaining address in the list; otherwise the default stays. Returns the id of the new default, or null.
 */
export function defaultAfterDelete<T extends { id: string; is_default: boolean | 0 | 1 }>(
  addresses: readonly T[],
  deletedId: string,
): string | null {
  const remaining = addresses.filter((address) => address.id !== deletedId);
  const current = remaining.find((address) => Boolean(address.is_default));
  return current?.id ?? remaining[0]?.id ?? null;
}

/** Whether a new address becomes the default: the first active address of a user always does, a later one when asked. */
export function becomesDefault(activeAddressCount: number, requested: boolean): boolean {
  return activeAddressCount === 0 || requested;
}

import { pincodeLookupAnswerSchema, type PostOffice } from '@mandi/contracts';
import { ApiError, api } from '../api/api-fetch';

/** What a PIN code lookup found: its post offices, no office at all, or no answer (network, server fault). */
export type PincodeLookup = { kind: 'found'; offices: PostOffice[] } | { kind: 'not-found' } | { kind: 'failed' };

/**
 * Looks a 6-digit PIN code up in our India Post directory (the pincodeLookup route, the external lookup's answer
 * shape: Status and PostOffice[{Name, State, District, Block}]). Status 'Error', no office, or a 404 mean not found.
 */
export async function lookupPincode(
  pincode: string,
  { silent = false }: { silent?: boolean } = {},
): Promise<PincodeLookup> {
  let answer: unknown;
  try {
    answer = await api('pincodeLookup', { params: { pincode }, silent });
  } catch (error) {
    if (error instanceof ApiError && (error.statusCode === 404 || error.statusCode === 400))
      return { kind: 'not-found' };
    return { kind: 'failed' };
  }
  const parsed = pincodeLookupAnswerSchema.safeParse(answer);
  if (!parsed.success) return { kind: 'failed' };
  const offices = parsed.data.PostOffice ?? [];
  return parsed.data.Status === 'Success' && offices.length > 0 ? { kind: 'found', offices } : { kind: 'not-found' };
}

/** The distinct post office names of a lookup, the suggestions of the Area, Street, Village field. */
export function areaSuggestions(offices: readonly PostOffice[]): string[] {
  return [...new Set(offices.map((office) => office.Name.trim()).filter(Boolean))];
}

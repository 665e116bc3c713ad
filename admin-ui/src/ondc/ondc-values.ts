import type { ADMIN_ONDC_LIMITS, ADMIN_ONDC_MESSAGES, AdminOndcCallsQuery, AdminOndcDirection } from '@mandi/contracts';
import { ONDC_ACTIONS, callbackOf } from '@mandi/domain';

/*
 * The contract's values the Network page needs, without a value import of @mandi/contracts, which would bring zod
 * into the console (docs/frontends.md, "Only method and path at run time"). Each is typed by the contract's own
 * constant or union, so a change there fails to compile here.
 */

/** `values`, checked to be every member of `U` (and nothing else). */
const everyOf =
  <U extends string>() =>
  <const T extends readonly U[]>(values: T & ([U] extends [T[number]] ? unknown : never)): T =>
    values;

/** Calls and orders a page, the calls a network order's page lists, how far the calls list counts. */
export const ONDC_LIMITS: typeof ADMIN_ONDC_LIMITS = {
  page: 20,
  orderCalls: 200,
  callsCounted: 10_000,
  bodyShownBytes: 256_000,
};

/** The server's refusals on these routes, as it words them (the Hindi page says them in Hindi). */
export const ONDC_MESSAGES: typeof ADMIN_ONDC_MESSAGES = {
  orderNotFound: 'No network order has that id.',
  callNotFound: 'No ONDC call has that id.',
};

/** Every action a call may carry: the network's calls, then Mandi's callbacks. */
export const ONDC_CALL_ACTIONS = [...ONDC_ACTIONS, ...ONDC_ACTIONS.map(callbackOf)];

/** Which way a call went. */
export const ONDC_DIRECTIONS = everyOf<AdminOndcDirection>()(['inbound', 'outbound']);

/** The acknowledgements a list filters by. */
export const ONDC_ACK_FILTERS = everyOf<NonNullable<AdminOndcCallsQuery['ack']>>()(['ACK', 'NACK', 'pending']);

import { z } from 'zod';
import { ondcAckBodySchema, ondcNackBodySchema } from '../../ondc/ondc-ack.schema.js';
import { ondcInvoiceLinkParamsSchema } from '../../ondc/ondc-document.schema.js';
import { ondcOnSubscribeAnswerSchema, ondcOnSubscribeBodySchema } from '../../ondc/ondc-registry.schema.js';
import {
  ondcCancelRequestSchema,
  ondcConfirmRequestSchema,
  ondcInitRequestSchema,
  ondcSearchRequestSchema,
  ondcSelectRequestSchema,
  ondcStatusRequestSchema,
  ondcTrackRequestSchema,
  ondcUpdateRequestSchema,
} from '../../ondc/ondc-request.schema.js';
import type { ApiRoute, RouteAnswer } from '../api-route.js';

/*
 * Mandi's seller node on ONDC (issue 33, docs/ondc.md "Receiving calls"), at the subscriber URL PUBLIC_URL/ondc,
 * outside /api: each call of a buyer app is verified by its Authorization header against the sender's key in ONDC's
 * registry, checked as RET10 1.2.0, recorded and acknowledged at once; its answer (on_<action>) is sent later by the
 * worker to the buyer app's bap_uri. Every refusal is a NACK with ONDC's error code, and writes nothing. All of them
 * answer 404 where Mandi is not on the network (production without the ONDC_ settings).
 */

/** ONDC's Authorization header (libs/ondc, signing.ts). */
const signedHeadersSchema = /* @__PURE__ */ z.object({
  authorization: z.string().describe('Signature keyId="<subscriber id>|<unique key id>|ed25519",...'),
});

const nack = (description: string, headers?: Readonly<Record<string, string>>): RouteAnswer => ({
  description,
  schema: ondcNackBodySchema,
  ...(headers ? { headers } : {}),
});

/** What every network call may answer. */
const callAnswers = {
  200: { description: 'ACK: the call is recorded, and its callback will follow', schema: ondcAckBodySchema },
  400: nack(
    'NACK: not JSON, of another content type, against the contract (CONTEXT-ERROR or JSON-SCHEMA-ERROR 30000, with ' +
      "the field's path), or stale (20002)",
  ),
  401: nack('NACK 10001: no signature, a bad or expired one, or a sender the registry does not know', {
    'WWW-Authenticate': 'Signature realm="<our subscriber id>",headers="(created) (expires) digest"',
  }),
  404: nack('Mandi is not on the ONDC network here'),
  413: nack('NACK 30000: a body over 1 MB'),
  503: nack('NACK 31001: the call could not be recorded now; send it again'),
} as const;

function networkCall(action: string, summary: string, body: z.ZodType) {
  return {
    method: 'POST',
    path: `/ondc/${action}`,
    tag: 'ONDC',
    summary,
    access: 'network',
    headers: signedHeadersSchema,
    body,
    answers: callAnswers,
    errors: [],
  } as const satisfies ApiRoute;
}

export const ondcSearch = networkCall(
  'search',
  "A buyer app's search: the full catalogue, or incremental updates (catalog_inc), answered by on_search",
  ondcSearchRequestSchema,
);
export const ondcSelect = networkCall(
  'select',
  "A buyer app's cart to quote, answered by on_select",
  ondcSelectRequestSchema,
);
export const ondcInit = networkCall(
  'init',
  'The quoted cart with billing and the delivery address, answered by on_init with the payment terms',
  ondcInitRequestSchema,
);
export const ondcConfirm = networkCall('confirm', 'The order placed, answered by on_confirm', ondcConfirmRequestSchema);
export const ondcStatus = networkCall('status', "An order's status, answered by on_status", ondcStatusRequestSchema);
export const ondcTrack = networkCall('track', "An order's tracking, answered by on_track", ondcTrackRequestSchema);
export const ondcCancel = networkCall(
  'cancel',
  "The buyer app cancels an order with one of ONDC's reason codes, answered by on_cancel",
  ondcCancelRequestSchema,
);
export const ondcUpdate = networkCall('update', 'A change to an order, answered by on_update', ondcUpdateRequestSchema);

export const ondcOnSubscribe = {
  method: 'POST',
  path: '/ondc/on_subscribe',
  tag: 'ONDC',
  summary:
    "The registry's challenge while Mandi subscribes: answered with the challenge decrypted (X25519 and AES-256-ECB)",
  access: 'public',
  rateLimit: 'exempt',
  body: ondcOnSubscribeBodySchema,
  answers: {
    200: { description: 'The decrypted challenge', schema: ondcOnSubscribeAnswerSchema },
  },
  // 400: another subscriber id, or a challenge that does not decrypt; 404: Mandi is not on the network.
  errors: [404],
} satisfies ApiRoute;

export const ondcSiteVerification = {
  method: 'GET',
  path: '/ondc-site-verification.html',
  tag: 'ONDC',
  summary: "The registry's domain check: the subscribe request's id signed with Mandi's signing key, in a meta tag",
  access: 'public',
  rateLimit: 'exempt',
  answers: { 200: { description: 'The verification page', contentType: 'text/html' } },
  // 404: Mandi is not on the network, or no subscription is under way (ONDC_SUBSCRIBE_REQUEST_ID unset).
  errors: [404],
} satisfies ApiRoute;

export const ondcInvoiceLink = {
  method: 'GET',
  path: '/ondc/invoices/{invoiceId}/{signature}',
  tag: 'ONDC',
  summary:
    "A network order's invoice as PDF, at the link its on_status carries (documents): signed by Mandi's signing key, " +
    'fetched by the buyer app without signing in',
  access: 'network',
  params: ondcInvoiceLinkParamsSchema,
  answers: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
  // 404: a signature that is not Mandi's for this invoice, an invoice of no network order or not printed yet, or
  // Mandi is not on the network.
  errors: [404],
} satisfies ApiRoute;

import { Injectable } from '@nestjs/common';
import type { OndcSettings } from '@mandi/config';
import { authorizationHeader } from '@mandi/ondc';
import type { CallbackAnswer, OutboundCallback } from './ondc-calls.repository.js';

/** Longest a buyer app may take to answer a small post: well inside a request's ttl (PT30S), so a retry still fits. */
export const CALLBACK_TIMEOUT_MS = 5_000;
/** More time for a big body (a full catalogue is megabytes): a second a megabyte, 8 Mbit/s at least. */
const TIMEOUT_MS_PER_MB = 1_000;

/** How long a post of `bytes` may take to be answered. */
export function callbackTimeoutMs(bytes: number): number {
  return CALLBACK_TIMEOUT_MS + Math.ceil(bytes / 1_000_000) * TIMEOUT_MS_PER_MB;
}

/** Where a callback goes: `{bap_uri}/{action}`, the buyer app's URI without its trailing slash. */
export function callbackUrl(callback: Pick<OutboundCallback, 'bapUri' | 'action'>): string {
  let uri = callback.bapUri;
  while (uri.endsWith('/')) uri = uri.slice(0, -1);
  return `${uri}/${callback.action}`;
}

/** Beckn's synchronous answer: `{ message: { ack: { status } }, error? }`. */
interface AckBody {
  message?: { ack?: { status?: unknown } };
  error?: { code?: unknown; message?: unknown };
}

/** Why fetch got no answer: undici's cause (ECONNREFUSED, a time-out) when it gives one. */
function failureText(error: unknown): string {
  const { name, message, cause } = (error ?? {}) as {
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (name === 'TimeoutError') return 'no answer in time';
  return [message, cause?.code ?? cause?.message].filter(Boolean).join(': ') || String(error);
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/**
 * Posts Mandi's callbacks to buyer apps, signed with Mandi's key (libs/ondc's Authorization header over the exact
 * bytes sent), and reads their answer: a NACK in the body is an answer, whatever the status; any other 2xx is an ACK;
 * no answer, a time-out or another status is a failed post.
 */
@Injectable()
export class BuyerAppClient {
  async post(callback: OutboundCallback, identity: OndcSettings): Promise<CallbackAnswer> {
    const body = JSON.stringify(callback.body);
    const authorization = authorizationHeader(body, {
      subscriberId: identity.subscriberId,
      uniqueKeyId: identity.uniqueKeyId,
      privateKey: identity.signingPrivateKey,
    });
    let response: Response;
    try {
      response = await fetch(callbackUrl(callback), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body,
        signal: AbortSignal.timeout(callbackTimeoutMs(Buffer.byteLength(body))),
      });
    } catch (error) {
      return { kind: 'failed', reason: `no answer: ${failureText(error)}` };
    }
    // A body that is no JSON at all counts as no NACK.
    const answer = (await response.json().catch(() => null)) as AckBody | null;
    if (answer?.message?.ack?.status === 'NACK')
      return { kind: 'nack', code: text(answer.error?.code), message: text(answer.error?.message) };
    if (response.ok) return { kind: 'ack' };
    return { kind: 'failed', reason: `HTTP ${response.status}` };
  }
}

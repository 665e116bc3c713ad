import type { AppConfig } from '@mandi/config';
import { ONDC_CORE_VERSION, ONDC_COUNTRY, ONDC_DEFAULT_TTL, type OndcCallback } from '@mandi/domain';

/** A Beckn `context` as a call or a callback carries it (RET 1.2.0). */
export interface BecknContext {
  domain: string;
  country: string;
  city: string;
  action: string;
  core_version: string;
  bap_id: string;
  bap_uri: string;
  bpp_id?: string;
  bpp_uri?: string;
  transaction_id: string;
  message_id: string;
  timestamp: string;
  ttl?: string;
}

/** Mandi as a seller node: its subscriber id and the URI buyer apps call (`PUBLIC_URL/ondc`). */
export interface SellerNode {
  id: string;
  uri: string;
}

/** The path under PUBLIC_URL where Mandi takes the network's calls (issue 33). */
export const ONDC_SUBSCRIBER_PATH = '/ondc';

/** Mandi's node as `config` sets it, or null when Mandi is not on the network (no ONDC settings). */
export function sellerNodeOf(config: Pick<AppConfig, 'ondc' | 'PUBLIC_URL'>): SellerNode | null {
  return config.ondc ? { id: config.ondc.subscriberId, uri: `${config.PUBLIC_URL}${ONDC_SUBSCRIBER_PATH}` } : null;
}

/** The context of a recorded call's body (the API checked its shape before recording it). */
export function contextOf(body: unknown): BecknContext {
  return (body as { context: BecknContext }).context;
}

/**
 * The context of the callback `action` answering `request`: the request's domain, city, buyer app, transaction and
 * message id (a solicited answer keeps them) and ttl (the validator requires one on a callback too), Mandi's bpp_id
 * and bpp_uri, our version and the time now. `change` gives an unsolicited callback its own message id, or an
 * incremental catalogue its city `*`.
 */
export function callbackContext(
  request: BecknContext,
  action: OndcCallback,
  node: SellerNode,
  now: Date,
  change: { messageId?: string; city?: string } = {},
): BecknContext {
  return {
    domain: request.domain,
    country: request.country || ONDC_COUNTRY,
    city: change.city ?? request.city,
    action,
    core_version: ONDC_CORE_VERSION,
    bap_id: request.bap_id,
    bap_uri: request.bap_uri,
    bpp_id: node.id,
    bpp_uri: node.uri,
    transaction_id: request.transaction_id,
    message_id: change.messageId ?? request.message_id,
    timestamp: now.toISOString(),
    ttl: request.ttl ?? ONDC_DEFAULT_TTL,
  };
}

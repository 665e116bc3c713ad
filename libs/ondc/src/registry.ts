import { ONDC_COUNTRY, ONDC_DOMAIN } from '@mandi/domain';

/*
 * A client of ONDC's registry lookup (developer-docs registry/, "lookup"): who a network participant is and its
 * public keys. `POST {registry}/lookup` with the subscriber id, its type, domain and country answers every record of
 * that subscriber; `POST {registry}/v2.0/lookup` with the subscriber id and unique key id answers the key's record.
 * The first is asked; a registry that does not offer it (404) is asked the second.
 */

/** How long a lookup may take before the call that needs it is refused (the caller answers a NACK). */
export const REGISTRY_LOOKUP_TIMEOUT_MS = 2_000;
/** The largest lookup answer read: a subscriber's records are a few kB. */
const LOOKUP_ANSWER_MAX_BYTES = 256 * 1024;

/** The kinds of network participant: buyer apps (BAP), seller nodes (BPP), the gateway (BG). */
export type RegistrySubscriberType = 'BAP' | 'BPP' | 'BG';

/** One record of a registry lookup, as ONDC's registry answers it. */
export interface RegistryRecord {
  subscriber_id: string;
  ukId: string;
  subscriber_url?: string;
  type?: string;
  domain?: string;
  city?: string;
  country?: string;
  signing_public_key: string;
  encr_public_key?: string;
  valid_from?: string;
  valid_until?: string;
  status?: string;
  created?: string;
  updated?: string;
}

/** Why a lookup gave no answer: the registry did not answer in time, answered an error, or answered no records. */
export class RegistryUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryUnavailableError';
  }
}

export interface RegistryClientOptions {
  timeoutMs?: number;
  /** Defaults to the global fetch; a test may count or delay calls. */
  fetch?: typeof fetch;
}

/** The registry lookups a seller node makes. */
export class RegistryClient {
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(
    /** The registry's base URL, e.g. https://prod.registry.ondc.org (no trailing slash). */
    private readonly registryUrl: string,
    options: RegistryClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? REGISTRY_LOOKUP_TIMEOUT_MS;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * The signing public key (base64 of 32 raw bytes) of `subscriberId`'s key `uniqueKeyId`, if the registry has that
   * key SUBSCRIBED and valid at `now`; null if it has not. Throws {@link RegistryUnavailableError} when the registry
   * cannot say.
   */
  async signingKeyOf(
    subscriberId: string,
    uniqueKeyId: string,
    type: RegistrySubscriberType,
    now = new Date(),
  ): Promise<string | null> {
    const records = await this.lookup(subscriberId, uniqueKeyId, type);
    return validSigningKey(records, subscriberId, uniqueKeyId, now);
  }

  /** The records the registry answers for one subscriber (and its key, where the registry narrows by key). */
  async lookup(subscriberId: string, uniqueKeyId: string, type: RegistrySubscriberType): Promise<RegistryRecord[]> {
    const v1 = await this.post('/lookup', {
      subscriber_id: subscriberId,
      type,
      domain: ONDC_DOMAIN,
      country: ONDC_COUNTRY,
    });
    if (v1 !== 'not_offered') return v1;
    const v2 = await this.post('/v2.0/lookup', { subscriber_id: subscriberId, ukId: uniqueKeyId });
    if (v2 === 'not_offered') throw new RegistryUnavailableError('the registry offers no lookup (404)');
    return v2;
  }

  private async post(path: string, query: object): Promise<RegistryRecord[] | 'not_offered'> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.registryUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(query),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return 'not_offered';
      }
      text = await response.text();
    } catch (error) {
      // A DOMException, which need not be an Error of this realm.
      const name = (error as { name?: unknown } | null)?.name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new RegistryUnavailableError(
        timedOut ? `the registry did not answer within ${this.timeoutMs} ms` : `the registry is unreachable`,
      );
    }
    if (!response.ok) throw new RegistryUnavailableError(`the registry answered ${response.status}`);
    if (text.length > LOOKUP_ANSWER_MAX_BYTES) throw new RegistryUnavailableError('the registry answered too much');
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new RegistryUnavailableError('the registry answered no JSON');
    }
    // An empty lookup is an array; some registries answer an unknown subscriber with a NACK object instead.
    return Array.isArray(answer) ? answer.filter(isRecord) : [];
  }
}

/**
 * The signing key of the record of `subscriberId` with key id `uniqueKeyId` that is SUBSCRIBED and valid at `now`,
 * or null.
 */
export function validSigningKey(
  records: readonly RegistryRecord[],
  subscriberId: string,
  uniqueKeyId: string,
  now: Date,
): string | null {
  const at = now.getTime();
  const record = records.find(
    (candidate) =>
      candidate.subscriber_id === subscriberId &&
      candidate.ukId === uniqueKeyId &&
      candidate.status === 'SUBSCRIBED' &&
      (candidate.valid_from === undefined || Date.parse(candidate.valid_from) <= at) &&
      (candidate.valid_until === undefined || at <= Date.parse(candidate.valid_until)),
  );
  return record?.signing_public_key ?? null;
}

function isRecord(value: unknown): value is RegistryRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  // v2.0 answers name the key id unique_key_id; read it as ukId.
  if (record.ukId === undefined && typeof record.unique_key_id === 'string') record.ukId = record.unique_key_id;
  return (
    typeof record.subscriber_id === 'string' &&
    typeof record.ukId === 'string' &&
    typeof record.signing_public_key === 'string'
  );
}

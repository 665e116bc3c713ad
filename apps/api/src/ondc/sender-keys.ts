import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  RegistryClient,
  RegistryUnavailableError,
  signatureProblem,
  type AuthorizationParts,
  type SignatureProblem,
} from '@mandi/ondc';
import { RedisCircuit } from '../redis/redis-circuit.js';
import { REDIS } from '../redis/redis.module.js';

/** How long a sender's key from the registry is trusted before it is looked up again. */
export const SENDER_KEY_CACHE_SECONDS = 600;
/**
 * After a signature failed against a cached key and the registry gave the same key again, how long further failures
 * with that key are refused without asking it once more: a stream of forged calls costs one lookup per key per this.
 */
const RECHECK_PAUSE_MS = 5_000;
/** The most keys whose last recheck is remembered in this process (the oldest is forgotten first). */
const RECHECKS_MAX = 10_000;

/** Whether a call's signature holds, or why not. */
export type SenderVerdict =
  { ok: true } | { ok: false; problem: SignatureProblem | 'unknown_sender' | 'registry_unavailable'; detail: string };

/**
 * The signing keys of buyer apps, from ONDC's registry, cached in Redis (REDIS_PREFIX:ondc:key:<subscriber>|<key id>)
 * for {@link SENDER_KEY_CACHE_SECONDS}. A signature that fails against a cached key is checked once more against the
 * registry's key of now (the sender may have rotated it) before it is refused. Concurrent lookups of one key share
 * one request; without Redis every call asks the registry.
 */
@Injectable()
export class SenderKeys {
  private readonly logger = new Logger(SenderKeys.name);
  private readonly registry: RegistryClient | null;
  private readonly circuit: RedisCircuit;
  private readonly lookups = new Map<string, Promise<string | null>>();
  private readonly rechecked = new Map<string, number>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.registry = config.ondc ? new RegistryClient(config.ondc.registryUrl) : null;
    this.circuit = RedisCircuit.of(redis);
  }

  /** Checks a call's Authorization header against the exact body and the sender's key in the registry. */
  async verify(parts: AuthorizationParts, body: Buffer, nowMs: number): Promise<SenderVerdict> {
    const nowSeconds = Math.floor(nowMs / 1000);
    // Without a key, signatureProblem says what the header gets wrong by itself (algorithm, expiry): no lookup needed.
    const own = signatureProblem(parts, body, '', nowSeconds);
    if (own !== 'signature')
      return { ok: false, problem: own ?? 'signature', detail: HEADER_PROBLEMS[own ?? 'signature'] };
    const name = `${parts.subscriberId}|${parts.uniqueKeyId}`;
    try {
      const cached = await this.cached(name);
      if (cached !== null) {
        if (signatureProblem(parts, body, cached, nowSeconds) === null) return { ok: true };
        if (nowMs - (this.rechecked.get(name) ?? 0) < RECHECK_PAUSE_MS) return badSignature;
      }
      const key = await this.lookup(name, parts.subscriberId, parts.uniqueKeyId, nowMs);
      if (key === null) {
        return {
          ok: false,
          problem: 'unknown_sender',
          detail: `the registry has no valid key ${parts.uniqueKeyId} of ${parts.subscriberId}`,
        };
      }
      if (cached !== null) this.noteRecheck(name, nowMs);
      return signatureProblem(parts, body, key, nowSeconds) === null ? { ok: true } : badSignature;
    } catch (error) {
      if (!(error instanceof RegistryUnavailableError)) throw error;
      this.logger.warn(`ONDC registry lookup of ${name} failed: ${error.message}`);
      return { ok: false, problem: 'registry_unavailable', detail: `could not look the sender up: ${error.message}` };
    }
  }

  private cacheKey(name: string): string {
    return `${this.config.REDIS_PREFIX}:ondc:key:${name}`;
  }

  private cached(name: string): Promise<string | null> {
    return this.circuit.run(
      (redis) => redis.get(this.cacheKey(name)),
      () => null,
    );
  }

  /** The registry's key of now, stored in the cache (or dropped from it when the registry has none). */
  private lookup(name: string, subscriberId: string, uniqueKeyId: string, nowMs: number): Promise<string | null> {
    const pending = this.lookups.get(name);
    if (pending) return pending;
    const registry = this.registry;
    if (!registry) return Promise.resolve(null);
    const lookup = (async () => {
      const key = await registry.signingKeyOf(subscriberId, uniqueKeyId, 'BAP', new Date(nowMs));
      const cacheKey = this.cacheKey(name);
      await this.circuit.run<unknown>(
        (redis) => (key === null ? redis.del(cacheKey) : redis.set(cacheKey, key, 'EX', SENDER_KEY_CACHE_SECONDS)),
        () => null,
      );
      return key;
    })().finally(() => this.lookups.delete(name));
    this.lookups.set(name, lookup);
    return lookup;
  }

  private noteRecheck(name: string, nowMs: number): void {
    this.rechecked.delete(name);
    if (this.rechecked.size >= RECHECKS_MAX) this.rechecked.delete(this.rechecked.keys().next().value!);
    this.rechecked.set(name, nowMs);
  }
}

const badSignature: SenderVerdict = {
  ok: false,
  problem: 'signature',
  detail: "the signature does not verify against the sender's key",
};

const HEADER_PROBLEMS: Record<SignatureProblem, string> = {
  malformed: 'the Authorization header is not ed25519 over "(created) (expires) digest"',
  expired: 'the signature has expired',
  not_yet_valid: 'the signature is created in the future',
  signature: "the signature does not verify against the sender's key",
};

import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { RedisCircuit } from '../../redis/redis-circuit.js';
import { REDIS } from '../../redis/redis.module.js';

/**
 * How long a list of suggestions is reused. Buyers type the same few prefixes ('a', 'al', 'alo', ...) over and
 * over; a minute-old list misses at most a product posted in that minute, and the dropdown is a hint, not the search.
 */
export const SUGGESTIONS_TTL_SECONDS = 60;

/** Suggestion lists in Redis under `<prefix>:suggest:<terms>`, shared by every API replica. */
@Injectable()
export class SuggestionsCache {
  private readonly circuit: RedisCircuit;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.circuit = RedisCircuit.of(redis);
  }

  /** The cached list for these terms, or null. A Redis failure (see RedisCircuit) reads as a miss: suggestions never fail over a cache. */
  async get(terms: string[]): Promise<string[] | null> {
    const cached = await this.circuit.run((redis) => redis.get(this.key(terms)), () => null);
    return cached === null ? null : (JSON.parse(cached) as string[]);
  }

  /** Keeps a list for {@link SUGGESTIONS_TTL_SECONDS}; a Redis failure is ignored (the next call asks the database). */
  async set(terms: string[], names: string[]): Promise<void> {
    const list = JSON.stringify(names);
    await this.circuit.run((redis) => redis.set(this.key(terms), list, 'EX', SUGGESTIONS_TTL_SECONDS), () => null);
  }

  private key(terms: string[]): string {
    // Terms hold no spaces other than inside a synonyms name, so a tab cannot be part of one.
    return `${this.config.REDIS_PREFIX}:suggest:${terms.join('\t')}`;
  }
}

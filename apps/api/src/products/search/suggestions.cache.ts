import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { REDIS } from '../../redis/redis.module.js';

/**
 * How long a list of suggestions is reused. Buyers type the same few prefixes ('a', 'al', 'alo', ...) over and
 * over; a minute-old list misses at most a product posted in that minute, and the dropdown is a hint, not the search.
 */
export const SUGGESTIONS_TTL_SECONDS = 60;

/** Suggestion lists in Redis under `<prefix>:suggest:<terms>`, shared by every API replica. */
@Injectable()
export class SuggestionsCache {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The cached list for these terms, or null. A Redis failure reads as a miss: suggestions never fail over a cache. */
  async get(terms: string[]): Promise<string[] | null> {
    const cached = await this.redis.get(this.key(terms)).catch(() => null);
    return cached === null ? null : (JSON.parse(cached) as string[]);
  }

  /** Keeps a list for {@link SUGGESTIONS_TTL_SECONDS}; a Redis failure is ignored (the next call asks the database). */
  async set(terms: string[], names: string[]): Promise<void> {
    await this.redis.set(this.key(terms), JSON.stringify(names), 'EX', SUGGESTIONS_TTL_SECONDS).catch(() => undefined);
  }

  private key(terms: string[]): string {
    // Terms hold no spaces other than inside a synonyms name, so a tab cannot be part of one.
    return `${this.config.REDIS_PREFIX}:suggest:${terms.join('\t')}`;
  }
}

import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { RedisCircuit } from '../../redis/redis-circuit.js';
import { REDIS } from '../../redis/redis.module.js';
import type { SuggestionCandidate, TermMeaning } from './product-search.sql.js';

/**
 * How long a list of suggestions, and the candidate names of a meaning, are reused. Buyers type the same few prefixes
 * ('a', 'al', 'alo', ...) over and over; a minute-old list misses at most a product posted in that minute, and the
 * dropdown is a hint, not the search.
 */
export const SUGGESTIONS_TTL_SECONDS = 60;

/** What one read of the cache found: the ranked list for the typed terms, else the candidates of their meanings. */
export interface CachedSuggestions {
  names: string[] | null;
  candidates: SuggestionCandidate[] | null;
}

/**
 * Suggestions in Redis, shared by every API replica: the ranked list per typed terms (`<prefix>:suggest:<terms>`),
 * and the candidate names per meaning of the terms (`<prefix>:suggest-names:<digest>`), which texts never typed
 * before share with those of the same meaning ('tomat' and 'tomato' both mean tomatoes, tomato, tamatar, ...).
 */
@Injectable()
export class SuggestionsCache {
  private readonly circuit: RedisCircuit;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.circuit = RedisCircuit.of(redis);
  }

  /** The list for these terms and the candidates of these meanings, in one round trip; a Redis failure reads as misses. */
  async read(terms: string[], meanings: readonly (readonly TermMeaning[])[]): Promise<CachedSuggestions> {
    const [names, candidates] = await this.circuit.run(
      (redis) => redis.mget(this.listKey(terms), this.candidatesKey(meanings)),
      () => [null, null],
    );
    return {
      names: names ? (JSON.parse(names) as string[]) : null,
      candidates: candidates ? (JSON.parse(candidates) as SuggestionCandidate[]) : null,
    };
  }

  /** Keeps a list for {@link SUGGESTIONS_TTL_SECONDS}; a Redis failure is ignored (the next call asks the database). */
  async set(terms: string[], names: string[]): Promise<void> {
    const list = JSON.stringify(names);
    await this.circuit.run((redis) => redis.set(this.listKey(terms), list, 'EX', SUGGESTIONS_TTL_SECONDS), () => null);
  }

  /** Keeps a list and the candidates it was ranked from, in one round trip. */
  async setWithCandidates(terms: string[], names: string[], meanings: readonly (readonly TermMeaning[])[], candidates: SuggestionCandidate[]): Promise<void> {
    await this.circuit.run(
      (redis) =>
        redis
          .multi()
          .set(this.listKey(terms), JSON.stringify(names), 'EX', SUGGESTIONS_TTL_SECONDS)
          .set(this.candidatesKey(meanings), JSON.stringify(candidates), 'EX', SUGGESTIONS_TTL_SECONDS)
          .exec(),
      () => null,
    );
  }

  private listKey(terms: string[]): string {
    // Terms hold no spaces other than inside a synonyms name, so a tab cannot be part of one.
    return `${this.config.REDIS_PREFIX}:suggest:${terms.join('\t')}`;
  }

  /** One key per meaning whatever the order of the terms or of their words (the query is an AND of ORs). */
  private candidatesKey(meanings: readonly (readonly TermMeaning[])[]): string {
    const canonical = meanings
      .map((ofTerm) => ofTerm.map(({ word, best }) => `${best ? '+' : '~'}${word}`).sort().join('|'))
      .sort()
      .join('&');
    return `${this.config.REDIS_PREFIX}:suggest-names:${createHash('sha1').update(canonical).digest('base64url')}`;
  }
}

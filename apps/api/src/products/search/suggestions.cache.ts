import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { RedisCircuit } from '../../redis/redis-circuit.js';
import { REDIS } from '../../redis/redis.module.js';
import { catalogVersionKey } from '../listing.cache.js';
import type { SuggestionCandidate, TermMeaning } from './product-search.sql.js';

/**
 * How long a list of suggestions, and the candidate names of a meaning, are reused. Buyers type the same few prefixes
 * ('a', 'al', 'alo', ...) over and over; a minute-old list misses at most a product posted in that minute, and the
 * dropdown is a hint, not the search.
 */
export const SUGGESTIONS_TTL_SECONDS = 60;

/** What one read of the cache found: the ranked list for the typed terms, else the candidates of their meanings. */
export interface CachedSuggestions {
  /** The catalog version they were read under (null: Redis is unavailable, store nothing). */
  version: string | null;
  names: string[] | null;
  candidates: SuggestionCandidate[] | null;
}

/** Reads the catalog version and the list and candidates cached under it, in one round trip. */
const READ_SUGGESTIONS = `
local version = redis.call('GET', KEYS[1]) or '0'
return {version, redis.call('GET', ARGV[1] .. version), redis.call('GET', ARGV[2] .. version)}`;

/** The client with the script defined. */
type SuggestionsReader = Redis & {
  suggestionsRead(
    versionKey: string,
    listKey: string,
    candidatesKey: string,
  ): Promise<[string, string | null, string | null]>;
};

/**
 * Suggestions in Redis, shared by every API replica: the ranked list per typed terms (`<prefix>:suggest:<terms>`),
 * and the candidate names per meaning of the terms (`<prefix>:suggest-names:<digest>`), which texts never typed
 * before share with those of the same meaning ('tomat' and 'tomato' both mean tomatoes, tomato, tamatar, ...). Both
 * are kept under the catalog version, so an unlisted or renamed product leaves the dropdown at once, as it leaves the
 * listing.
 */
@Injectable()
export class SuggestionsCache {
  private readonly circuit: RedisCircuit;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (!('suggestionsRead' in redis))
      redis.defineCommand('suggestionsRead', { numberOfKeys: 1, lua: READ_SUGGESTIONS });
    this.circuit = RedisCircuit.of(redis);
  }

  /**
   * The list for these terms and the candidates of these meanings under the current catalog version, in one round
   * trip; a Redis failure reads as misses.
   */
  async read(terms: string[], meanings: readonly (readonly TermMeaning[])[]): Promise<CachedSuggestions> {
    const [version, names, candidates] = await this.circuit.run<[string | null, string | null, string | null]>(
      (redis) =>
        (redis as SuggestionsReader).suggestionsRead(
          catalogVersionKey(this.config.REDIS_PREFIX),
          this.listKey(terms),
          this.candidatesKey(meanings),
        ),
      () => [null, null, null],
    );
    return {
      version,
      names: names ? (JSON.parse(names) as string[]) : null,
      candidates: candidates ? (JSON.parse(candidates) as SuggestionCandidate[]) : null,
    };
  }

  /**
   * Keeps a list, and the candidates it was ranked from when given, for {@link SUGGESTIONS_TTL_SECONDS} under the
   * version they were read under (a lookup that raced a product change is stored where nobody reads any more); a
   * Redis failure is ignored (the next call asks the database).
   */
  async set(
    version: string,
    terms: string[],
    names: string[],
    withCandidates?: { meanings: readonly (readonly TermMeaning[])[]; candidates: SuggestionCandidate[] },
  ): Promise<void> {
    await this.circuit.run(
      (redis) => {
        const batch = redis
          .multi()
          .set(`${this.listKey(terms)}${version}`, JSON.stringify(names), 'EX', SUGGESTIONS_TTL_SECONDS);
        if (withCandidates) {
          const { meanings, candidates } = withCandidates;
          batch.set(
            `${this.candidatesKey(meanings)}${version}`,
            JSON.stringify(candidates),
            'EX',
            SUGGESTIONS_TTL_SECONDS,
          );
        }
        return batch.exec();
      },
      () => null,
    );
  }

  private listKey(terms: string[]): string {
    // Terms hold no spaces other than inside a synonyms name, so a tab cannot be part of one.
    return `${this.config.REDIS_PREFIX}:suggest:${terms.join('\t')}:v`;
  }

  /** One key per meaning whatever the order of the terms or of their words (the query is an AND of ORs). */
  private candidatesKey(meanings: readonly (readonly TermMeaning[])[]): string {
    const canonical = meanings
      .map((ofTerm) =>
        ofTerm
          .map(({ word, best }) => `${best ? '+' : '~'}${word}`)
          .sort()
          .join('|'),
      )
      .sort()
      .join('&');
    return `${this.config.REDIS_PREFIX}:suggest-names:${createHash('sha1').update(canonical).digest('base64url')}:v`;
  }
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { RedisCircuit } from '../redis/redis-circuit.js';
import { REDIS } from '../redis/redis.module.js';
import { CallerChanges } from './caller-changes.js';
import { CallersRepository, type CallerRecord } from './callers.repository.js';

/**
 * The longest a process reuses a caller it read. Changes are told at once (see {@link CallerCache}); this bounds what
 * a lost notification or a lost Redis write could leave behind.
 */
export const CALLER_KEPT_MS = 30_000;

/** How many callers a process keeps (about 300 bytes each). */
export const CALLERS_KEPT_MAX = 50_000;

/** How long Redis keeps a caller's version once nobody asks for it; a missing version is made again. */
const CALLER_VERSION_TTL_SECONDS = 86_400;

interface KeptCaller {
  /** The caller's version in Redis when the row was read. */
  version: string;
  record: CallerRecord;
}

/**
 * The access guard's callers (docs/security.md, "Who the caller is"): each process keeps the active users it read and
 * reuses one while two things say nothing changed since:
 * - PostgreSQL tells every API of each change to a user's role, status, deletion, e-mail or uid, whatever made it (the
 *   trigger users_caller_changed, {@link CallerChanges}), and the API forgets that caller;
 * - Redis holds a version per caller, and a change made through the API (suspension, reactivation, deletion) writes
 *   a new one after its commit and before its answer. A caller is reused only under the version it was read with, so
 *   from the moment a suspension is answered no replica serves the suspended user, however late its notification.
 * The version's read is a Redis round trip instead of PostgreSQL's, and it leaves with the request's other Redis
 * commands (the write limit) in one write. Nothing is reused without Redis or while the notifications are not heard,
 * and what was kept is dropped when either comes back. Refusals (no account, suspended, deleted) are never kept.
 */
@Injectable()
export class CallerCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CallerCache.name);
  private readonly circuit: RedisCircuit;
  private readonly kept = new LRUCache<string, KeptCaller>({ max: CALLERS_KEPT_MAX, ttl: CALLER_KEPT_MS });
  private readonly changes: CallerChanges;
  /**
   * Moves with every change told and every loss of the notifications: a row read while it moved may be older than
   * the change, so it is not kept (changes are rare; the next request keeps it).
   */
  private changeCount = 0;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly callers: CallersRepository,
  ) {
    this.circuit = RedisCircuit.of(redis);
    this.circuit.onRecovery(() => this.kept.clear());
    this.changes = new CallerChanges(
      config.DATABASE_URL,
      (uid) => this.forget(uid),
      () => this.forget(),
    );
  }

  onModuleInit(): Promise<void> {
    return this.changes.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.changes.close();
  }

  /** The user behind `uid`, reused while their version stands, else read from PostgreSQL. */
  async find(uid: string): Promise<CallerRecord | null> {
    const version = await this.versionOf(uid);
    const reusable = version !== null && this.changes.listening;
    const kept = this.kept.get(uid);
    if (reusable && kept?.version === version) return kept.record;

    const changesBefore = this.changeCount;
    const record = await this.callers.findByFirebaseUid(uid);
    const keepable = reusable && this.changes.listening && this.changeCount === changesBefore;
    if (keepable && record && !record.suspended && !record.deleted) this.kept.set(uid, { version, record });
    else this.kept.delete(uid);
    return record;
  }

  /**
   * After a change to who `uid` is has committed (and before it is answered): a new version, so that no replica
   * reuses what it kept. Should Redis fail, this process forgets the caller; other replicas, which cannot reach Redis
   * either, read every caller from PostgreSQL until it is back, and drop what they kept then.
   */
  async changed(uid: string): Promise<void> {
    this.forget(uid);
    const written = await this.circuit.run(
      (redis) => redis.set(this.key(uid), randomUUID(), 'EX', CALLER_VERSION_TTL_SECONDS),
      () => null,
    );
    if (written === null) {
      this.logger.warn(
        { uid },
        `Redis did not take the caller's new version; replicas see it within ${CALLER_KEPT_MS} ms`,
      );
    }
  }

  /**
   * The version Redis holds for `uid`; null (nothing may be reused) when Redis fails or holds none. A missing one is
   * made for the next request, never used by this one: a change may have happened since it was lost.
   */
  private async versionOf(uid: string): Promise<string | null> {
    const key = this.key(uid);
    const version = await this.circuit.run(
      (redis) => redis.get(key),
      () => null,
    );
    if (version === null) {
      void this.circuit.run(
        (redis) => redis.set(key, randomUUID(), 'EX', CALLER_VERSION_TTL_SECONDS, 'NX'),
        () => null,
      );
    }
    return version;
  }

  /** Forgets `uid`, or every caller without one. */
  private forget(uid?: string): void {
    this.changeCount += 1;
    if (uid === undefined) this.kept.clear();
    else this.kept.delete(uid);
  }

  private key(uid: string): string {
    return `${this.config.REDIS_PREFIX}:caller:${uid}`;
  }
}

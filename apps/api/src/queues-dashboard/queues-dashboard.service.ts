import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { ACCESS_MESSAGES, DomainError } from '@mandi/domain';
import { queueNames } from '@mandi/events';
import { CallersRepository } from '../auth/callers.repository.js';
import { logConnectionOutages } from '../redis/redis.module.js';
import type { Caller, Identity } from '../auth/caller.js';
import {
  QUEUES_DASHBOARD_PATH,
  queuesSessionCookie,
  queuesSessionEnd,
  signQueuesSession,
  verifyQueuesSession,
} from './queues-session.js';

/** A new session: the cookie to set and where the dashboard is. */
export interface IssuedSession {
  cookie: string;
  url: string;
  expiresAt: string;
}

/**
 * The queue dashboard's side of the API: the worker's BullMQ queues (every queue of the job registry, under
 * REDIS_PREFIX) for bull-board to show, and the sessions that let an admin's browser in. A browser navigating to
 * /adminpanel/queues sends no bearer token, so an admin first asks for a signed cookie with their token.
 */
@Injectable()
export class QueuesDashboard implements OnApplicationShutdown {
  /** One connection for every queue: the dashboard only reads and changes jobs, it never blocks waiting for one. */
  private readonly redis: Redis;
  readonly queues: readonly Queue[];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly callers: CallersRepository,
  ) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
    this.queues = queueNames.map((name) => new Queue(name, { connection: this.redis, prefix: config.REDIS_PREFIX }));
    // While Redis is away BullMQ re-emits each failed reconnection on every queue, printed when nobody listens: the
    // connection's outage is logged once instead.
    logConnectionOutages(this.redis, new Logger(QueuesDashboard.name));
    for (const queue of this.queues) queue.on('error', () => undefined);
  }

  /**
   * Signs a session for the admin `caller`, ending 8 hours after they signed in (`identity.authTime`), however often
   * it is asked for. Past that, 401: the admin signs in again.
   */
  issue(caller: Caller, identity: Pick<Identity, 'authTime'>, now = new Date()): IssuedSession {
    const exp = queuesSessionEnd(identity.authTime, now);
    if (exp === null) throw new DomainError('unauthenticated', ACCESS_MESSAGES.invalidToken);
    return {
      cookie: this.cookieFor(caller.uid, exp, now),
      url: `${QUEUES_DASHBOARD_PATH}/`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /**
   * The uid of a dashboard request's session when its cookie verifies, has not expired, and names a user who is still
   * an active admin in our database (a suspended or demoted admin is out at once, whatever the cookie says). Never
   * renewed: the session ends when it was issued to end. Null means 403.
   */
  async check(cookie: string | undefined, now = new Date()): Promise<string | null> {
    const session = verifyQueuesSession(cookie, this.config.QUEUES_SESSION_SECRET, now);
    if (!session) return null;
    const user = await this.callers.findByFirebaseUid(session.uid);
    if (!user || user.role !== 'admin' || user.suspended || user.deleted) return null;
    return session.uid;
  }

  /** The cookie of a session ending at `exp`: the browser drops it then too. Secure when the public URL is https. */
  private cookieFor(uid: string, exp: number, now: Date): string {
    const secure = this.config.PUBLIC_URL.startsWith('https:');
    const maxAge = Math.max(1, exp - Math.floor(now.getTime() / 1000));
    return queuesSessionCookie(signQueuesSession({ uid, exp }, this.config.QUEUES_SESSION_SECRET), maxAge, secure);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

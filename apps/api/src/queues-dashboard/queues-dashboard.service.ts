import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { queueNames } from '@mandi/events';
import { CallersRepository } from '../auth/callers.repository.js';
import type { Caller } from '../auth/caller.js';
import {
  QUEUES_DASHBOARD_PATH,
  QUEUES_SESSION_TTL_SECONDS,
  queuesSessionCookie,
  signQueuesSession,
  verifyQueuesSession,
} from './queues-session.js';

/** A session the dashboard accepted, and the fresh cookie to send when it was renewed. */
export interface DashboardAccess {
  uid: string;
  renewedCookie: string | null;
}

/** A new session: the cookie to set and where the dashboard is. */
export interface IssuedSession {
  cookie: string;
  url: string;
  expiresAt: string;
}

/**
 * The queue dashboard's side of the API: the worker's BullMQ queues (every queue of the job registry, under
 * REDIS_PREFIX) for bull-board to show, and the sessions that let an admin's browser in. A browser navigating to
 * /adminpanel/queues sends no bearer token, so an admin first asks for a short-lived signed cookie with their token.
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
  }

  /** Signs a session for the admin `caller`. */
  issue(caller: Caller, now = new Date()): IssuedSession {
    const exp = Math.floor(now.getTime() / 1000) + QUEUES_SESSION_TTL_SECONDS;
    return {
      cookie: this.cookieFor(caller.uid, exp),
      url: `${QUEUES_DASHBOARD_PATH}/`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /**
   * Lets a dashboard request in when its cookie verifies, has not expired, and names a user who is still an active
   * admin in our database (a suspended or demoted admin is out at once, whatever the cookie says). A session past half
   * its life is renewed, so an admin watching the dashboard is not sent away mid-work. Null means 403.
   */
  async check(cookie: string | undefined, now = new Date()): Promise<DashboardAccess | null> {
    const session = verifyQueuesSession(cookie, this.config.QUEUES_SESSION_SECRET, now);
    if (!session) return null;
    const user = await this.callers.findByFirebaseUid(session.uid);
    if (!user || user.role !== 'admin' || user.suspended || user.deleted) return null;
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const renew = session.exp - nowSeconds < QUEUES_SESSION_TTL_SECONDS / 2;
    return { uid: session.uid, renewedCookie: renew ? this.cookieFor(session.uid, nowSeconds + QUEUES_SESSION_TTL_SECONDS) : null };
  }

  private cookieFor(uid: string, exp: number): string {
    const secure = this.config.PUBLIC_URL.startsWith('https:');
    return queuesSessionCookie(signQueuesSession({ uid, exp }, this.config.QUEUES_SESSION_SECRET), QUEUES_SESSION_TTL_SECONDS, secure);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the queue dashboard's cookie carries: whose session it is and until when (epoch seconds). */
export interface QueuesSession {
  uid: string;
  exp: number;
}

/** The cookie's name. */
export const QUEUES_SESSION_COOKIE = 'mandi_queues_session';

/** Where the dashboard lives; the cookie is sent to this path (and below it) only. */
export const QUEUES_DASHBOARD_PATH = '/adminpanel/queues';

/**
 * How long after the admin's sign-in a dashboard session ends: a working day. Never renewed, and asking for the cookie
 * again does not move the end, so a stolen cookie or token opens the dashboard for a bounded time only.
 */
export const QUEUES_SESSION_LIFETIME_SECONDS = 8 * 60 * 60;

/**
 * When a session of an admin who signed in at `authTime` (the ID token's auth_time, epoch seconds; refreshed tokens
 * keep it) ends, in epoch seconds; null when that is already past at `now` (the admin must sign in again).
 */
export function queuesSessionEnd(authTime: number, now: Date): number | null {
  const end = authTime + QUEUES_SESSION_LIFETIME_SECONDS;
  return Number.isFinite(end) && end * 1000 > now.getTime() ? end : null;
}

const mac = (data: string, secret: string): Buffer => createHmac('sha256', secret).update(data).digest();

/** `<payload>.<signature>`: base64url JSON of the session and base64url HMAC-SHA256 of the payload text. */
export function signQueuesSession(session: QueuesSession, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ uid: session.uid, exp: session.exp })).toString('base64url');
  return `${payload}.${mac(payload, secret).toString('base64url')}`;
}

/**
 * The session of a cookie value when its signature verifies and it has not expired at `now`; null otherwise. The
 * signature is compared in constant time, before the payload is even parsed.
 */
export function verifyQueuesSession(token: string | undefined, secret: string, now: Date): QueuesSession | null {
  if (!token) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let session: unknown;
  try {
    session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { uid, exp } = (session ?? {}) as Partial<QueuesSession>;
  if (typeof uid !== 'string' || uid === '' || typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  if (exp * 1000 <= now.getTime()) return null;
  return { uid, exp };
}

/** The Set-Cookie value of a session: HttpOnly, SameSite=Strict, for the dashboard's path only; Secure over HTTPS. */
export function queuesSessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${QUEUES_SESSION_COOKIE}=${token}`,
    `Path=${QUEUES_DASHBOARD_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The value of cookie `name` in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

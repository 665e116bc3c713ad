import { createHmac } from 'node:crypto';
import {
  queuesSessionCookie,
  queuesSessionEnd,
  readCookie,
  signQueuesSession,
  verifyQueuesSession,
  type QueuesSession,
} from './queues-session.js';

describe('the queue dashboard session', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const now = new Date('2026-11-25T10:00:00.000Z');
  const session: QueuesSession = { uid: 'admin-uid', exp: now.getTime() / 1000 + 60 };

  it('verifies what it signed until it expires', () => {
    const token = signQueuesSession(session, secret);
    expect(verifyQueuesSession(token, secret, now)).toEqual(session);
    expect(verifyQueuesSession(token, secret, new Date(now.getTime() + 59_999))).toEqual(session);
    expect(verifyQueuesSession(token, secret, new Date(now.getTime() + 60_000))).toBeNull();
  });

  it('refuses another secret, a changed payload or signature, and anything malformed', () => {
    const token = signQueuesSession(session, secret);
    const [payload, signature] = token.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ uid: 'someone-else', exp: session.exp })).toString('base64url');
    for (const bad of [
      signQueuesSession(session, `${secret}-other`),
      `${forgedPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      `${payload}.`,
      payload,
      `${token}.x`,
      '',
      undefined,
    ]) {
      expect(verifyQueuesSession(bad, secret, now)).toBeNull();
    }
  });

  it('refuses a correctly signed payload without a uid or a numeric expiry', () => {
    const signed = (value: unknown) => {
      const body = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    };
    expect(verifyQueuesSession(signed({ uid: 'a', exp: session.exp }), secret, now)).toEqual({
      uid: 'a',
      exp: session.exp,
    });
    for (const value of [{ exp: session.exp }, { uid: '', exp: session.exp }, { uid: 'a', exp: '9999999999' }, null]) {
      expect(verifyQueuesSession(signed(value), secret, now)).toBeNull();
    }
    const notJson = Buffer.from('not json').toString('base64url');
    expect(
      verifyQueuesSession(
        `${notJson}.${createHmac('sha256', secret).update(notJson).digest('base64url')}`,
        secret,
        now,
      ),
    ).toBeNull();
  });

  it('makes an HttpOnly, SameSite=Strict cookie for the dashboard path, Secure over HTTPS', () => {
    expect(queuesSessionCookie('t.s', 1800, false)).toBe(
      'mandi_queues_session=t.s; Path=/adminpanel/queues; Max-Age=1800; HttpOnly; SameSite=Strict',
    );
    expect(queuesSessionCookie('t.s', 1800, true)).toMatch(/; Secure$/);
  });

  it('ends a session 8 hours after the sign-in, wherever in those hours it is issued, and none after them', () => {
    const signedIn = now.getTime() / 1000 - 3600;
    const end = signedIn + 8 * 3600;
    expect(queuesSessionEnd(signedIn, now)).toBe(end);
    expect(queuesSessionEnd(signedIn, new Date(now.getTime() + 6 * 3600_000))).toBe(end);
    expect(queuesSessionEnd(signedIn, new Date(end * 1000 - 1))).toBe(end);
    expect(queuesSessionEnd(signedIn, new Date(end * 1000))).toBeNull();
    expect(queuesSessionEnd(Number.NaN, now)).toBeNull();
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; mandi_queues_session=t.s; b=2', 'mandi_queues_session')).toBe('t.s');
    expect(readCookie('a=1', 'mandi_queues_session')).toBeUndefined();
    expect(readCookie(undefined, 'mandi_queues_session')).toBeUndefined();
  });
});

import type { FastifyRequest } from 'fastify';
import { DomainError } from '@mandi/domain';
import { assertOwnIds } from './access.guard.js';
import type { Caller } from './caller.js';

const caller: Caller = { id: 7, uid: 'firebase-uid-7', email: 'ravi@mandi.test', role: 'user' };
const request = (params: unknown, body: unknown) => ({ params, body }) as unknown as FastifyRequest;

describe('assertOwnIds: a uid or userId in the path or body must be the caller own', () => {
  it.each([
    ['path uid', { uid: 'firebase-uid-7' }, undefined],
    ['path userId', { userId: '7' }, undefined],
    ['body userId as a number', {}, { userId: 7 }],
    ['body user_id', {}, { user_id: '7' }],
    ['no ids at all', { id: '99' }, { productId: 3 }],
  ])('accepts the %s', (_case, params, body) => {
    expect(() => assertOwnIds(request(params, body), caller)).not.toThrow();
  });

  it.each([
    ['path uid', { uid: 'someone-else' }, undefined],
    ['path userId', { userId: '8' }, undefined],
    ['body uid', {}, { uid: 'someone-else' }],
    ['body userId', {}, { userId: 8 }],
    ['body user_id', {}, { user_id: '70' }],
  ])("refuses another user's %s as not_allowed", (_case, params, body) => {
    let thrown: unknown;
    try {
      assertOwnIds(request(params, body), caller);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('not_allowed');
    expect((thrown as DomainError).message).toBe('You can only access your own account.');
  });
});

describe('assertOwnIds for a verified identity without a user row yet', () => {
  const identity = { uid: 'firebase-uid-new' };

  it("accepts the token's own uid", () => {
    expect(() => assertOwnIds(request({}, { uid: 'firebase-uid-new' }), identity)).not.toThrow();
  });

  it('refuses another uid, and any userId (there is none to own yet)', () => {
    expect(() => assertOwnIds(request({}, { uid: 'someone-else' }), identity)).toThrow(
      'You can only access your own account.',
    );
    expect(() => assertOwnIds(request({ userId: '1' }, undefined), identity)).toThrow(
      'You can only access your own account.',
    );
  });
});

import { showInterestBodySchema } from '../sellers/seller.schema.js';
import { contactBodySchema } from './contact.schema.js';

describe('contactBodySchema', () => {
  it('accepts a message', () => {
    expect(contactBodySchema.parse({ name: ' Ravi ', email: 'ravi@example.in', message: 'Hello' })).toEqual({
      name: 'Ravi',
      email: 'ravi@example.in',
      message: 'Hello',
    });
  });

  it('names each missing field', () => {
    const result = contactBodySchema.safeParse({ name: '', email: '', message: ' ' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Full Name is required'],
      ['email', 'Email is required'],
      ['message', 'Message is required'],
    ]);
    expect(contactBodySchema.safeParse({ name: 'R', email: 'ravi', message: 'x' }).error?.issues[0]?.message).toBe(
      'Invalid email address format.',
    );
  });
});

describe('showInterestBodySchema', () => {
  it('needs an e-mail and a uid', () => {
    expect(showInterestBodySchema.parse({ email: 'a@b.in', displayName: 'Asha', uid: 'u1' })).toEqual({
      email: 'a@b.in',
      displayName: 'Asha',
      uid: 'u1',
    });
    expect(showInterestBodySchema.safeParse({ email: 'a@b.in' }).success).toBe(false);
  });
});

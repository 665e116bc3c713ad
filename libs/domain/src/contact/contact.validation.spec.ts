import { validateContactInput } from './contact.validation.js';

describe('validateContactInput', () => {
  const good = { name: 'Ravi', email: 'ravi@example.in', message: 'Do you deliver to Pune?' };

  it.each([
    [{}, null],
    [{ name: '' }, { field: 'name', text: 'Full Name is required' }],
    [{ email: ' ' }, { field: 'email', text: 'Email is required' }],
    [{ email: 'ravi' }, { field: 'email', text: 'Invalid email address format.' }],
    [{ message: '' }, { field: 'message', text: 'Message is required' }],
  ])('%j -> %j', (change, expected) => {
    expect(validateContactInput({ ...good, ...change })).toEqual(expected);
  });
});

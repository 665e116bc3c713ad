import { invitesSentMessage } from './people.messages.js';

describe('invitesSentMessage', () => {
  it.each([
    [1, 0, 'Invites sent to 1 seller.'],
    [3, 0, 'Invites sent to 3 sellers.'],
    [2, 1, 'Invites sent to 2 sellers. 1 already onboarded seller was left out.'],
    [1, 4, 'Invites sent to 1 seller. 4 already onboarded sellers were left out.'],
  ])('%i invited, %i onboarded -> %s', (invited, onboarded, text) => {
    expect(invitesSentMessage(invited, onboarded)).toBe(text);
  });
});

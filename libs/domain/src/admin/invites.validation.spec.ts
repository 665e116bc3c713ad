import { validateInviteSelection } from './invites.validation.js';

describe('validateInviteSelection', () => {
  it('needs at least one seller', () => {
    expect(validateInviteSelection([])).toEqual({ field: 'sellerIds', text: 'Select at least one seller.' });
    expect(validateInviteSelection(['7'])).toBeNull();
  });
});

import { problem } from './popup-message.js';

describe('problem', () => {
  it('takes the title and text of a popup message, or a bare text', () => {
    expect(problem('mobile', { title: 'Invalid Phone Number', text: 'Enter a number' })).toEqual({
      field: 'mobile',
      title: 'Invalid Phone Number',
      text: 'Enter a number',
    });
    expect(problem('pincode', 'Enter a valid 6-digit Indian PIN code')).toEqual({
      field: 'pincode',
      text: 'Enter a valid 6-digit Indian PIN code',
    });
  });
});

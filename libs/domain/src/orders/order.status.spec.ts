import { isOrderStatus, isPaid, paymentStatusLabel } from './order.status.js';

describe('order and payment statuses', () => {
  it.each([
    ['paid', true],
    ['success', true],
    ['captured', true],
    ['unpaid', false],
    ['failed', false],
    [null, false],
    [undefined, false],
  ])('%p counts as paid: %p', (status, paid) => {
    expect(isPaid(status)).toBe(paid);
    expect(paymentStatusLabel(status)).toBe(paid ? 'Paid' : 'Unpaid');
  });

  it('knows the six order states and nothing else', () => {
    for (const status of ['pending', 'confirmed', 'shipped', 'delivered', 'cancel_requested', 'cancelled']) {
      expect(isOrderStatus(status)).toBe(true);
    }
    expect(isOrderStatus('returned')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});

import { domainEvents, eventTypes, isEventType } from './events.js';

describe('the domain event registry', () => {
  it('holds the events the product needs, named <aggregate>.<past-tense>', () => {
    expect(eventTypes).toEqual(
      expect.arrayContaining([
        'user.created',
        'user.deleted',
        'user.suspended',
        'product.created',
        'product.updated',
        'product.deleted',
        'order.placed',
        'order.confirmed',
        'order.paid',
        'order.cancel_requested',
        'order.cancelled',
        'order.shipped',
        'order.delivered',
        'payment.captured',
        'refund.requested',
        'invoice.issued',
        'credit_note.issued',
        'invoice.rendered',
        'credit_note.rendered',
        'seller.interest_recorded',
        'contact.message_received',
        'signup.verification_requested',
        'account.password_reset_requested',
      ]),
    );
    for (const type of eventTypes) expect(type).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });

  it('gives every event a payload of ids only, one of which names the aggregate', () => {
    for (const type of eventTypes) {
      const { payload, aggregate } = domainEvents[type];
      const fields = Object.keys(payload.shape);
      for (const field of fields) expect(`${type}: ${field}`).toMatch(/: [a-z][A-Za-z]*Id$/);
      expect(fields).toContain(aggregate);
    }
  });

  it('names the aggregate after the part before the dot', () => {
    expect(domainEvents['order.paid'].aggregate).toBe('orderId');
    expect(domainEvents['payment.captured'].aggregate).toBe('paymentId');
    expect(domainEvents['credit_note.issued'].aggregate).toBe('creditNoteId');
    expect(domainEvents['invoice.rendered'].aggregate).toBe('invoiceId');
    expect(domainEvents['credit_note.rendered'].aggregate).toBe('creditNoteId');
    expect(domainEvents['contact.message_received'].aggregate).toBe('contactMessageId');
  });

  it('refuses a payload carrying data besides ids, or missing an id', () => {
    const placed = domainEvents['order.placed'].payload;
    expect(placed.parse({ orderId: 42 })).toEqual({ orderId: 42 });
    expect(placed.safeParse({ orderId: 42, total: 12000 }).success).toBe(false);
    expect(placed.safeParse({}).success).toBe(false);
    expect(placed.safeParse({ orderId: '42' }).success).toBe(false);
    expect(placed.safeParse({ orderId: 0 }).success).toBe(false);
    expect(placed.safeParse({ orderId: 4.2 }).success).toBe(false);
    expect(domainEvents['credit_note.issued'].payload.safeParse({ creditNoteId: 7, orderId: 42 }).success).toBe(false);
  });

  it('tells known event names from others', () => {
    expect(isEventType('order.placed')).toBe(true);
    expect(isEventType('order.exploded')).toBe(false);
    expect(isEventType('toString')).toBe(false);
  });
});

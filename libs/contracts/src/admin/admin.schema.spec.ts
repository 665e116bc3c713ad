import { adminOrdersQuerySchema, bulkInvitesBodySchema, markPaidBodySchema, toggleUserAnswerSchema } from './admin.schema.js';

describe('admin schemas', () => {
  it('default the order filter to 24h and know the six filters', () => {
    expect(adminOrdersQuerySchema.parse({})).toEqual({ filter: '24h' });
    for (const filter of ['1h', '24h', '7d', '1m', '6m', '1y']) {
      expect(adminOrdersQuerySchema.parse({ filter })).toEqual({ filter });
    }
    expect(adminOrdersQuerySchema.safeParse({ filter: '2d' }).success).toBe(false);
  });

  it('need at least one seller for bulk invites', () => {
    expect(bulkInvitesBodySchema.parse({ sellerIds: [4, '5'] })).toEqual({ sellerIds: ['4', '5'] });
    expect(bulkInvitesBodySchema.safeParse({ sellerIds: [] }).error?.issues[0]?.message).toBe('Select at least one seller.');
    expect(bulkInvitesBodySchema.safeParse({}).error?.issues[0]?.message).toBe('Select at least one seller.');
  });

  it('only mark as paid', () => {
    expect(markPaidBodySchema.parse({ status: 'paid' })).toEqual({ status: 'paid' });
    expect(markPaidBodySchema.safeParse({ status: 'unpaid' }).success).toBe(false);
  });

  it('answer a toggle with the new status', () => {
    expect(toggleUserAnswerSchema.parse({ newStatus: 'suspended', message: 'User suspended' }).newStatus).toBe('suspended');
  });
});

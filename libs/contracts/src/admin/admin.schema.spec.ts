import {
  adminOrdersQuerySchema,
  bulkInvitesBodySchema,
  markPaidBodySchema,
  toggleUserAnswerSchema,
} from './admin.schema.js';

describe('admin schemas', () => {
  it('default the order filter to 24h and know the six filters', () => {
    expect(adminOrdersQuerySchema.parse({})).toEqual({ filter: '24h', page: 1, perPage: 100 });
    for (const filter of ['1h', '24h', '7d', '1m', '6m', '1y']) {
      expect(adminOrdersQuerySchema.parse({ filter })).toMatchObject({ filter });
    }
    expect(adminOrdersQuerySchema.safeParse({ filter: '2d' }).success).toBe(false);
  });

  it('page the order list (at most 500 a page) and trim the search', () => {
    expect(adminOrdersQuerySchema.parse({ page: '3', perPage: '25', search: '  Asha ' })).toEqual({
      filter: '24h',
      page: 3,
      perPage: 25,
      search: 'Asha',
    });
    expect(adminOrdersQuerySchema.parse({ search: '   ' }).search).toBeUndefined();
    expect(adminOrdersQuerySchema.safeParse({ perPage: '501' }).error?.issues[0]?.message).toBe(
      'perPage must be a whole number from 1 to 500',
    );
    expect(adminOrdersQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('need at least one seller for bulk invites', () => {
    expect(bulkInvitesBodySchema.parse({ sellerIds: [4, '5'] })).toEqual({ sellerIds: ['4', '5'] });
    expect(bulkInvitesBodySchema.safeParse({ sellerIds: [] }).error?.issues[0]?.message).toBe(
      'Select at least one seller.',
    );
    expect(bulkInvitesBodySchema.safeParse({}).error?.issues[0]?.message).toBe('Select at least one seller.');
  });

  it('only mark as paid', () => {
    expect(markPaidBodySchema.parse({ status: 'paid' })).toEqual({ status: 'paid' });
    expect(markPaidBodySchema.safeParse({ status: 'unpaid' }).success).toBe(false);
  });

  it('answer a toggle with the new status', () => {
    expect(toggleUserAnswerSchema.parse({ newStatus: 'suspended', message: 'User suspended' }).newStatus).toBe(
      'suspended',
    );
  });
});

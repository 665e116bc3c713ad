import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/network';
import { createDataProvider } from './data-provider';

const order = (order_id: number, username: string, created_at: string) => ({
  order_id,
  username,
  email: `${username}@mandi.test`,
  address_name: username,
  area_or_street_or_village: 'MG Road',
  district: 'Bengaluru Urban',
  pincode: '560001',
  status: 'pending',
  payment_status: 'unpaid',
  created_at,
  cancel_reason: null,
  items: [],
});

const token = async () => 'admin-token';
const page = { page: 1, perPage: 25 };

describe('dataProvider', () => {
  it('reads orders from /api/admin/orders with the chosen filter and the bearer token, keyed by order_id', async () => {
    const calls = stubFetch({
      'GET /api/admin/orders?filter=7d': {
        body: [order(101, 'asha', '2025-06-01T10:00:00.000Z'), order(102, 'ravi', '2025-06-02T10:00:00.000Z')],
      },
    });
    const provider = createDataProvider(token);

    const result = await provider.getList('orders', {
      filter: { filter: '7d' },
      sort: { field: 'created_at', order: 'DESC' },
      pagination: page,
    });

    expect(calls).toEqual([{ method: 'GET', url: '/api/admin/orders?filter=7d', authorization: 'Bearer admin-token', body: undefined }]);
    expect(result.total).toBe(2);
    expect(result.data.map((row) => row.id)).toEqual([102, 101]);
  });

  it('uses the 24h filter when none or an unknown one is chosen', async () => {
    const calls = stubFetch({ 'GET /api/admin/orders?filter=24h': { body: [] } });
    const provider = createDataProvider(token);

    await provider.getList('orders', { filter: {}, pagination: page, sort: { field: 'id', order: 'ASC' } });
    await provider.getList('orders', { filter: { filter: '2w' }, pagination: page, sort: { field: 'id', order: 'ASC' } });

    expect(calls.map((call) => call.url)).toEqual(['/api/admin/orders?filter=24h', '/api/admin/orders?filter=24h']);
  });

  it('maps users and interested sellers to their admin routes, searching and paging the array', async () => {
    const calls = stubFetch({
      'GET /api/admin/users': {
        body: [
          { id: 1, uid: 'u1', username: 'asha', email: 'asha@mandi.test', created_at: '2025-01-01T00:00:00Z', status: 'active', role: 'user' },
          { id: 2, uid: 'u2', username: 'ravi', email: 'ravi@mandi.test', created_at: '2025-01-02T00:00:00Z', status: 'suspended', role: 'user' },
          { id: 3, uid: 'u3', username: 'meera', email: 'meera@mandi.test', created_at: '2025-01-03T00:00:00Z', status: 'active', role: 'admin' },
        ],
      },
      'GET /api/admin/interested-sellers': {
        body: [{ id: 9, username: 'kisan', email: 'kisan@mandi.test', status: 'invited', interest_date: '2025-02-01T00:00:00Z', invite_sent: true }],
      },
    });
    const provider = createDataProvider(token);

    const found = await provider.getList('users', { filter: { q: 'RAVI' }, pagination: page, sort: { field: 'id', order: 'ASC' } });
    expect(found).toEqual({ data: [expect.objectContaining({ id: 2, username: 'ravi' })], total: 1 });

    const second = await provider.getList('users', { filter: {}, pagination: { page: 2, perPage: 2 }, sort: { field: 'id', order: 'ASC' } });
    expect(second.data.map((row) => row.id)).toEqual([3]);
    expect(second.total).toBe(3);

    const sellers = await provider.getList('interested-sellers', { filter: {}, pagination: page, sort: { field: 'id', order: 'ASC' } });
    expect(sellers.data[0]).toMatchObject({ id: 9, status: 'invited', invite_sent: true });

    expect(calls.map((call) => `${call.url} ${call.authorization}`)).toEqual([
      '/api/admin/users Bearer admin-token',
      '/api/admin/users Bearer admin-token',
      '/api/admin/interested-sellers Bearer admin-token',
    ]);
  });

  it("passes the server's message and status on a failure", async () => {
    stubFetch({ 'GET /api/admin/users': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You are not allowed to access this page.' } } });
    const provider = createDataProvider(token);

    await expect(provider.getList('users', { filter: {}, pagination: page, sort: { field: 'id', order: 'ASC' } })).rejects.toMatchObject({
      message: 'You are not allowed to access this page.',
      status: 403,
    });
  });

  it('offers no generic edits: status changes go through the transition endpoints', async () => {
    const calls = stubFetch({});
    const provider = createDataProvider(token);

    await expect(provider.update('orders', { id: 1, data: { status: 'shipped' }, previousData: { id: 1 } })).rejects.toMatchObject({ status: 405 });
    expect(calls).toEqual([]);
  });
});

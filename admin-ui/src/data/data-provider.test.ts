import { routeKey, routeUrl } from '@mandi/contracts/client';
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
  it('reads orders from adminOrders with the filter, search and page, the bearer token and the server total', async () => {
    const calls = stubFetch({
      [routeKey('adminOrders', { query: { filter: '7d', search: 'asha', page: 2, perPage: 25 } })]: {
        body: [order(102, 'asha', '2025-06-02T10:00:00.000Z'), order(101, 'asha', '2025-06-01T10:00:00.000Z')],
        headers: { 'X-Total-Count': '27' },
      },
    });
    const provider = createDataProvider(token);

    const result = await provider.getList('orders', {
      filter: { filter: '7d', q: ' asha ' },
      sort: { field: 'created_at', order: 'DESC' },
      pagination: { page: 2, perPage: 25 },
    });

    expect(calls).toEqual([
      {
        method: 'GET',
        url: routeUrl('adminOrders', { query: { filter: '7d', search: 'asha', page: 2, perPage: 25 } }),
        route: 'adminOrders',
        authorization: 'Bearer admin-token',
        body: undefined,
      },
    ]);
    expect(result.total).toBe(27);
    // The server's order (newest first) is kept, keyed by order_id.
    expect(result.data.map((row) => row.id)).toEqual([102, 101]);
  });

  it('uses the 24h filter when none or an unknown one is chosen, and counts the rows without a total header', async () => {
    const calls = stubFetch({
      [routeKey('adminOrders', { query: { filter: '24h', page: 1, perPage: 25 } })]: {
        body: [order(7, 'ravi', '2025-06-01T10:00:00.000Z')],
      },
    });
    const provider = createDataProvider(token);

    const first = await provider.getList('orders', {
      filter: {},
      pagination: page,
      sort: { field: 'id', order: 'ASC' },
    });
    await provider.getList('orders', {
      filter: { filter: '2w', q: '  ' },
      pagination: page,
      sort: { field: 'id', order: 'ASC' },
    });

    expect(first.total).toBe(1);
    expect(calls.map((call) => call.url)).toEqual([
      routeUrl('adminOrders', { query: { filter: '24h', page: 1, perPage: 25 } }),
      routeUrl('adminOrders', { query: { filter: '24h', page: 1, perPage: 25 } }),
    ]);
  });

  it('maps users and interested sellers to their admin routes, searching and paging the array', async () => {
    const calls = stubFetch({
      [routeKey('adminUsers')]: {
        body: [
          {
            id: 1,
            uid: 'u1',
            username: 'asha',
            email: 'asha@mandi.test',
            created_at: '2025-01-01T00:00:00Z',
            status: 'active',
            role: 'user',
          },
          {
            id: 2,
            uid: 'u2',
            username: 'ravi',
            email: 'ravi@mandi.test',
            created_at: '2025-01-02T00:00:00Z',
            status: 'suspended',
            role: 'user',
          },
          {
            id: 3,
            uid: 'u3',
            username: 'meera',
            email: 'meera@mandi.test',
            created_at: '2025-01-03T00:00:00Z',
            status: 'active',
            role: 'admin',
          },
        ],
      },
      [routeKey('interestedSellers')]: {
        body: [
          {
            id: 9,
            username: 'kisan',
            email: 'kisan@mandi.test',
            status: 'invited',
            interest_date: '2025-02-01T00:00:00Z',
            invite_sent: true,
          },
        ],
      },
    });
    const provider = createDataProvider(token);

    const found = await provider.getList('users', {
      filter: { q: 'RAVI' },
      pagination: page,
      sort: { field: 'id', order: 'ASC' },
    });
    expect(found).toEqual({ data: [expect.objectContaining({ id: 2, username: 'ravi' })], total: 1 });

    const second = await provider.getList('users', {
      filter: {},
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'id', order: 'ASC' },
    });
    expect(second.data.map((row) => row.id)).toEqual([3]);
    expect(second.total).toBe(3);

    const sellers = await provider.getList('interested-sellers', {
      filter: {},
      pagination: page,
      sort: { field: 'id', order: 'ASC' },
    });
    expect(sellers.data[0]).toMatchObject({ id: 9, status: 'invited', invite_sent: true });

    expect(calls.map((call) => `${call.route} ${call.authorization}`)).toEqual([
      'adminUsers Bearer admin-token',
      'adminUsers Bearer admin-token',
      'interestedSellers Bearer admin-token',
    ]);
  });

  it("passes the server's message and status on a failure", async () => {
    stubFetch({
      [routeKey('adminUsers')]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'You are not allowed to access this page.' },
      },
    });
    const provider = createDataProvider(token);

    await expect(
      provider.getList('users', { filter: {}, pagination: page, sort: { field: 'id', order: 'ASC' } }),
    ).rejects.toMatchObject({
      message: 'You are not allowed to access this page.',
      status: 403,
    });
  });

  it('sends each order move to its route by its action, with the body the route implies', async () => {
    const answer = { body: { message: 'Done' } };
    const calls = stubFetch({
      [routeKey('confirmOrder', { params: { id: 5 } })]: answer,
      [routeKey('markOrderPaid', { params: { id: 5 } })]: answer,
      [routeKey('markOrderShipped', { params: { id: 5 } })]: answer,
      [routeKey('markOrderDelivered', { params: { id: 5 } })]: answer,
      [routeKey('cancelOrderByAdmin', { params: { id: 5 } })]: answer,
    });
    const provider = createDataProvider(token);

    for (const action of ['confirm', 'mark_paid', 'mark_shipped', 'mark_delivered', 'cancel'] as const) {
      await expect(provider.orderAction(5, action)).resolves.toEqual({ message: 'Done' });
    }
    await provider.orderAction('5', 'cancel', '  Out of stock ');

    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'PUT', url: routeUrl('confirmOrder', { params: { id: 5 } }), body: undefined },
      { method: 'PUT', url: routeUrl('markOrderPaid', { params: { id: 5 } }), body: { status: 'paid' } },
      // The status of these two is their path: the route takes no body for it.
      { method: 'PUT', url: routeUrl('markOrderShipped', { params: { id: 5 } }), body: undefined },
      { method: 'PUT', url: routeUrl('markOrderDelivered', { params: { id: 5 } }), body: undefined },
      { method: 'PUT', url: routeUrl('cancelOrderByAdmin', { params: { id: 5 } }), body: undefined },
      { method: 'PUT', url: routeUrl('cancelOrderByAdmin', { params: { id: 5 } }), body: { reason: 'Out of stock' } },
    ]);
  });

  it('toggles users, sends invites and opens the queue dashboard session through the admin routes', async () => {
    const calls = stubFetch({
      [routeKey('toggleUser')]: { body: { newStatus: 'suspended', message: 'User suspended.' } },
      [routeKey('sendBulkInvites')]: { body: { message: 'Invites sent to 2 sellers.' } },
      [routeKey('queuesSession')]: { body: { url: '/adminpanel/queues/', expiresAt: '2026-11-25T10:30:00.000Z' } },
    });
    const provider = createDataProvider(token);

    await expect(provider.toggleUser(3)).resolves.toEqual({ newStatus: 'suspended', message: 'User suspended.' });
    await expect(provider.sendInvites([4, '9'])).resolves.toEqual({ message: 'Invites sent to 2 sellers.' });
    await expect(provider.openQueuesSession()).resolves.toMatchObject({ url: '/adminpanel/queues/' });
    expect(calls.map(({ url, body, authorization }) => ({ url, body, authorization }))).toEqual([
      { url: routeUrl('toggleUser'), body: { userId: '3' }, authorization: 'Bearer admin-token' },
      { url: routeUrl('sendBulkInvites'), body: { sellerIds: ['4', '9'] }, authorization: 'Bearer admin-token' },
      { url: routeUrl('queuesSession'), body: undefined, authorization: 'Bearer admin-token' },
    ]);
  });

  it("reads sellers' profiles in the review state asked (pending unless asked), keyed by uid, and one whole profile", async () => {
    const row = (uid: string, status: string, submitted_at: string) => ({
      uid,
      username: uid,
      email: `${uid}@mandi.test`,
      legal_name: `Legal ${uid}`,
      business_kind: 'proprietor',
      gst_registered: false,
      state: 'Karnataka',
      status,
      submitted_at,
      reviewed_at: null,
    });
    const calls = stubFetch({
      [routeKey('adminSellerProfiles', { query: { status: 'pending' } })]: {
        body: [
          row('uid-b', 'pending', '2026-11-24T00:00:00.000Z'),
          row('uid-a', 'pending', '2026-11-20T00:00:00.000Z'),
        ],
      },
      [routeKey('adminSellerProfiles', { query: { status: 'rejected' } })]: {
        body: [row('uid-c', 'rejected', '2026-11-01T00:00:00.000Z')],
      },
      [routeKey('adminSellerProfile', { params: { uid: 'uid-a' } })]: { body: { uid: 'uid-a', pan: '******234F' } },
    });
    const provider = createDataProvider(token);
    const sort = { field: 'submitted_at', order: 'ASC' } as const;

    const pending = await provider.getList('seller-reviews', { filter: {}, pagination: page, sort });
    await provider.getList('seller-reviews', { filter: { status: 'everyone' }, pagination: page, sort });
    const rejected = await provider.getList('seller-reviews', {
      filter: { status: 'rejected' },
      pagination: page,
      sort,
    });
    const one = await provider.getOne('seller-reviews', { id: 'uid-a' });

    expect(pending.data.map((profile) => profile.id)).toEqual(['uid-a', 'uid-b']);
    expect(pending.total).toBe(2);
    expect(rejected.data.map((profile) => profile.id)).toEqual(['uid-c']);
    expect(one.data).toEqual({ uid: 'uid-a', pan: '******234F', id: 'uid-a' });
    expect(calls.map(({ url, authorization }) => `${url} ${authorization}`)).toEqual([
      `${routeUrl('adminSellerProfiles', { query: { status: 'pending' } })} Bearer admin-token`,
      `${routeUrl('adminSellerProfiles', { query: { status: 'pending' } })} Bearer admin-token`,
      `${routeUrl('adminSellerProfiles', { query: { status: 'rejected' } })} Bearer admin-token`,
      `${routeUrl('adminSellerProfile', { params: { uid: 'uid-a' } })} Bearer admin-token`,
    ]);
  });

  it('approves a profile with no body and rejects one with its reason', async () => {
    const uid = 'uid/with space';
    const calls = stubFetch({
      [routeKey('approveSellerProfile', { params: { uid } })]: { body: { uid, status: 'approved' } },
      [routeKey('rejectSellerProfile', { params: { uid } })]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'This profile is not waiting for a review' },
      },
    });
    const provider = createDataProvider(token);

    await expect(provider.approveSellerProfile(uid)).resolves.toMatchObject({ status: 'approved' });
    await expect(provider.rejectSellerProfile(uid, 'Blurred PAN')).rejects.toMatchObject({
      status: 409,
      message: 'This profile is not waiting for a review',
    });
    expect(calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: routeUrl('approveSellerProfile', { params: { uid } }), body: undefined },
      { method: 'POST', url: routeUrl('rejectSellerProfile', { params: { uid } }), body: { reason: 'Blurred PAN' } },
    ]);
    // The uid is one path segment, however it is spelled.
    expect(calls.every(({ url }) => url.includes('/uid%2Fwith%20space/'))).toBe(true);
  });

  it("reads an order's shipments from orderShipments with the bearer token, and passes a refusal's message", async () => {
    const parts = [{ shipment_id: '21', order_id: '101', status: 'packed', order_item_ids: ['1'] }];
    const calls = stubFetch({
      [routeKey('orderShipments', { params: { orderId: 101 } })]: { body: parts },
      [routeKey('orderShipments', { params: { orderId: 999 } })]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Order not found.' },
      },
    });
    const provider = createDataProvider(token);

    await expect(provider.orderShipments(101)).resolves.toEqual(parts);
    await expect(provider.orderShipments('999')).rejects.toMatchObject({ status: 404, message: 'Order not found.' });
    expect(calls.map(({ method, url, authorization }) => `${method} ${url} ${authorization}`)).toEqual([
      `GET ${routeUrl('orderShipments', { params: { orderId: 101 } })} Bearer admin-token`,
      `GET ${routeUrl('orderShipments', { params: { orderId: 999 } })} Bearer admin-token`,
    ]);
  });

  it('offers no generic edits: status changes go through the transition endpoints', async () => {
    const calls = stubFetch({});
    const provider = createDataProvider(token);

    await expect(
      provider.update('orders', { id: 1, data: { status: 'shipped' }, previousData: { id: 1 } }),
    ).rejects.toMatchObject({ status: 405 });
    expect(calls).toEqual([]);
  });
});

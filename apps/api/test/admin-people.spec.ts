import { ApiHarness, type TestUser } from './harness.js';
import { newProduct } from '@mandi/database';
import { bearer } from './catalog.testing.js';

// The people side of the console (docs/console.md): the Users tab with suspend/unsuspend, and the
// Interested Sellers tab with bulk invites, each invite one outbox row (and so one mail job) per seller.

describe('admin: users and interested sellers', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, buyer] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);
  });
  afterAll(async () => {
    await api.stop();
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    api.request({ method, url, headers: bearer(user), payload });
  const toggle = (user: TestUser, userId: unknown) => call(user, 'PUT', '/api/admin/toggle-user', { userId });
  const invite = (sellerIds: unknown) => call(admin, 'POST', '/api/admin/send-bulk-invites', { sellerIds });
  const outbox = (type: string) =>
    api.db.prisma.outboxEvent.findMany({
      where: { type },
      orderBy: { id: 'asc' },
      select: { aggregateId: true, payload: true },
    });
  const auditOf = (objectType: string, objectId: number) =>
    api.db.prisma.auditEntry.findMany({
      where: { objectType, objectId: String(objectId) },
      orderBy: { id: 'asc' },
      select: { adminId: true, action: true, before: true, after: true },
    });
  const interested = async (user: TestUser, status: 'interested' | 'invited' | 'onboarded' = 'interested') => {
    const row = await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    return api.db.prisma.interestedSeller.create({
      data: { userId: user.id, username: row.username, email: row.email, status },
    });
  };

  describe('the users list and the suspend toggle', () => {
    it('lists users with the admin user fields of 001', async () => {
      const response = await call(admin, 'GET', '/api/admin/users');
      expect(response.statusCode).toBe(200);
      const row = response.json().find((user: { id: string }) => user.id === String(buyer.id));
      expect(row).toEqual({
        id: String(buyer.id),
        uid: buyer.uid,
        username: expect.any(String),
        email: buyer.email,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        status: 'active',
        role: 'user',
      });
    });

    it('suspends an active user, who then gets 403 on every call, and unsuspends them again', async () => {
      const target = await api.newUser();
      expect((await call(target, 'GET', `/api/cart/${target.uid}`)).statusCode).toBe(200);

      const suspended = await toggle(admin, target.id);
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json()).toEqual({ newStatus: 'suspended', message: 'User suspended.' });
      expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).status).toBe('suspended');
      const refused = await call(target, 'GET', `/api/cart/${target.uid}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Your account has been suspended. Contact support.');

      const reactivated = await toggle(admin, String(target.id));
      expect(reactivated.json()).toEqual({ newStatus: 'active', message: 'User unsuspended.' });
      expect((await call(target, 'GET', `/api/cart/${target.uid}`)).statusCode).toBe(200);

      expect(await outbox('user.suspended')).toContainEqual({
        aggregateId: String(target.id),
        payload: { userId: target.id },
      });
      expect(await outbox('user.reactivated')).toContainEqual({
        aggregateId: String(target.id),
        payload: { userId: target.id },
      });
      expect(await auditOf('user', target.id)).toEqual([
        { adminId: admin.id, action: 'user.suspend', before: { status: 'active' }, after: { status: 'suspended' } },
        { adminId: admin.id, action: 'user.unsuspend', before: { status: 'suspended' }, after: { status: 'active' } },
      ]);
    });

    it("takes a suspended seller's products off the shop in the same statement, and brings them back on unsuspension", async () => {
      const seller = await api.newUser();
      const other = await api.newUser();
      const [first, second] = [
        await newProduct(api.db.prisma, { sellerId: seller.id }),
        await newProduct(api.db.prisma, { sellerId: seller.id }),
      ];
      const untouched = await newProduct(api.db.prisma, { sellerId: other.id });
      const flags = async () =>
        (
          await api.db.prisma.product.findMany({
            where: { id: { in: [first.id, second.id, untouched.id] } },
            orderBy: { id: 'asc' },
          })
        ).map((product) => product.sellerSuspended);

      await toggle(admin, seller.id);
      expect(await flags()).toEqual([true, true, false]);
      await toggle(admin, seller.id);
      expect(await flags()).toEqual([false, false, false]);
    });

    it('flips once per call when two admins toggle the same user at once', async () => {
      const target = await api.newUser();
      const [first, second] = await Promise.all([toggle(admin, target.id), toggle(admin, target.id)]);
      expect([first.json().newStatus, second.json().newStatus].sort()).toEqual(['active', 'suspended']);
      expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).status).toBe('active');
      expect((await auditOf('user', target.id)).map((entry) => entry.action).sort()).toEqual([
        'user.suspend',
        'user.unsuspend',
      ]);
    });

    it('refuses to let an admin suspend their own account', async () => {
      const response = await toggle(admin, admin.id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, message: 'You cannot suspend your own account.' });
      expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).status).toBe('active');
    });

    it('answers 404 for an unknown or deleted account and 400 without a userId', async () => {
      const gone = await api.newUser();
      await api.db.prisma.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
      for (const userId of [gone.id, 99_999_999, 'not-a-number']) {
        const response = await toggle(admin, userId);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('User not found.');
      }
      const missing = await call(admin, 'PUT', '/api/admin/toggle-user', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: 'Invalid id', fields: { userId: 'Invalid id' } });
    });
  });

  describe('interested sellers and bulk invites', () => {
    it('lists interested sellers with the fields of 001, the latest interest first', async () => {
      const [first, second] = [await api.newUser(), await api.newUser()];
      const older = await interested(first);
      await api.db.prisma.interestedSeller.update({
        where: { id: older.id },
        data: { interestDate: new Date(Date.now() - 60_000) },
      });
      const newer = await interested(second);

      const response = await call(admin, 'GET', '/api/admin/interested-sellers');
      expect(response.statusCode).toBe(200);
      const rows = response.json() as { id: string }[];
      const ids = rows.map((row) => row.id);
      expect(ids.indexOf(String(newer.id))).toBeLessThan(ids.indexOf(String(older.id)));
      expect(rows.find((row) => row.id === String(newer.id))).toEqual({
        id: String(newer.id),
        username: newer.username,
        email: second.email,
        status: 'interested',
        interest_date: newer.interestDate.toISOString(),
        invite_sent: false,
      });
    });

    it('invites the selected sellers: each is marked invited and gets one outbox row (one invite mail)', async () => {
      const sellers = [
        await interested(await api.newUser()),
        await interested(await api.newUser()),
        await interested(await api.newUser()),
      ];
      const before = (await outbox('seller.invited')).length;

      const response = await invite(sellers.map((seller) => String(seller.id)));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Invites sent to 3 sellers.' });

      const rows = await api.db.prisma.interestedSeller.findMany({
        where: { id: { in: sellers.map((seller) => seller.id) } },
      });
      for (const row of rows)
        expect(row).toMatchObject({ status: 'invited', inviteSent: true, invitedAt: expect.any(Date) });
      const events = (await outbox('seller.invited')).slice(before);
      expect(events).toEqual(
        sellers.map((seller) => ({ aggregateId: String(seller.id), payload: { interestedSellerId: seller.id } })),
      );
      for (const seller of sellers) {
        expect(await auditOf('interested_seller', seller.id)).toEqual([
          {
            adminId: admin.id,
            action: 'seller.invite',
            before: { status: 'interested' },
            after: { status: 'invited' },
          },
        ]);
      }
    });

    it('leaves onboarded sellers out, and answers 409 when nobody is left to invite', async () => {
      const onboarded = await interested(await api.newUser(), 'onboarded');
      const fresh = await interested(await api.newUser());
      const before = (await outbox('seller.invited')).length;

      const mixed = await invite([onboarded.id, fresh.id]);
      expect(mixed.json()).toEqual({ message: 'Invites sent to 1 seller. 1 already onboarded seller was left out.' });
      expect((await api.db.prisma.interestedSeller.findUniqueOrThrow({ where: { id: onboarded.id } })).status).toBe(
        'onboarded',
      );

      const none = await invite([onboarded.id]);
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe('The selected sellers are already onboarded.');
      expect((await outbox('seller.invited')).slice(before)).toEqual([
        { aggregateId: String(fresh.id), payload: { interestedSellerId: fresh.id } },
      ]);
    });

    it('needs at least one seller (400 with the rule of 001 section 5) and changes nothing for an unknown one (404)', async () => {
      const before = (await outbox('seller.invited')).length;
      for (const body of [{ sellerIds: [] }, {}, { sellerIds: 'all' }]) {
        const response = await call(admin, 'POST', '/api/admin/send-bulk-invites', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: 'Select at least one seller.' });
      }
      const known = await interested(await api.newUser());
      const unknown = await invite([known.id, 99_999_999]);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(
        'One or more of the selected sellers no longer exist. Reload the list and try again.',
      );
      expect((await api.db.prisma.interestedSeller.findUniqueOrThrow({ where: { id: known.id } })).status).toBe(
        'interested',
      );
      expect((await outbox('seller.invited')).length).toBe(before);
    });
  });

  it('is for admins only: a user gets 403 and a visitor 401 on every people call, changing nothing', async () => {
    const target = await api.newUser();
    const seller = await interested(await api.newUser());
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown][] = [
      ['GET', '/api/admin/users'],
      ['PUT', '/api/admin/toggle-user', { userId: target.id }],
      ['GET', '/api/admin/interested-sellers'],
      ['POST', '/api/admin/send-bulk-invites', { sellerIds: [seller.id] }],
    ];
    for (const [method, url, payload] of calls) {
      const refused = await call(buyer, method, url, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You are not allowed to access this page.');
      expect((await api.request({ method, url, payload })).statusCode).toBe(401);
    }
    expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).status).toBe('active');
    expect((await api.db.prisma.interestedSeller.findUniqueOrThrow({ where: { id: seller.id } })).status).toBe(
      'interested',
    );
  });
});

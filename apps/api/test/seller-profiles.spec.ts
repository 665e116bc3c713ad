import { newOrder, newProduct } from '@mandi/database';
import { sellerProfileSchema, sellerProfileSummaryListSchema } from '@mandi/contracts';
import { ACCESS_MESSAGES, SELLER_PROFILE_MESSAGES as M, sellerRecordsKeptUntil } from '@mandi/domain';
import { bearer } from './catalog.testing.js';
import { ACCOUNT, BAD_PROFILE_VALUES, GSTIN, gstinOf, PAN, profile } from './seller-profiles.testing.js';
import { ApiHarness, type TestResponse, type TestUser } from './harness.js';

// Sellers as businesses (issue 31): the business profile a seller fills in from their dashboard (every field checked
// as its authority defines it), sealed at rest, masked to everyone but its owner, and the console's review of it.

describe("a seller's business profile", () => {
  let api: ApiHarness;
  let seller: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let secondAdmin: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [seller, other, admin, secondAdmin] = await Promise.all([
      api.newUser(),
      api.newUser(),
      api.newUser({ role: 'admin' }),
      api.newUser({ role: 'admin' }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await api.stop();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) =>
    api.request({ method, url, headers: user ? bearer(user) : {}, payload });
  const own = (user: TestUser) => `/api/seller-dashboard/${user.uid}/profile`;
  const save = (user: TestUser, body: unknown, as: TestUser | null = user) => call('PUT', own(user), as, body);
  const auditOf = (action: string, user: TestUser) =>
    api.db.prisma.auditEntry.findMany({ where: { action, objectId: String(user.id) } });
  const events = (type: string, user: TestUser) =>
    api.db.prisma.outboxEvent.findMany({ where: { type, aggregateId: String(user.id) } });
  const refusal = (response: TestResponse) => [response.statusCode, response.json().fields];

  it('refuses every field once with a bad value, each a 400 naming the field, and saves nothing', async () => {
    const bad = BAD_PROFILE_VALUES;
    for (const [what, change, fields] of bad) {
      const response = await save(seller, { ...profile, ...change });
      expect([what, ...refusal(response)]).toEqual([what, 400, fields]);
    }
    expect(await api.db.prisma.sellerProfile.count()).toBe(0);
    expect((await call('GET', own(seller), seller)).statusCode).toBe(404);
  });

  it('saves a profile for review: whole to its owner, sealed at rest with only the last four characters in the clear', async () => {
    const response = await save(seller, { ...profile, pan: 'abcpe 1234f', ifsc: 'sbin0000001' });
    expect(response.statusCode).toBe(200);
    const answer = sellerProfileSchema.parse(response.json());
    expect(answer).toMatchObject({
      uid: seller.uid,
      pan: PAN,
      gstin: GSTIN,
      bank_account_number: ACCOUNT,
      ifsc: 'SBIN0000001',
      bank_name: 'State Bank of India',
      status: 'pending',
      rejection_reason: null,
      reviewed_at: null,
      masked: false,
    });
    expect((await call('GET', own(seller), seller)).json()).toEqual(answer);

    const row = await api.db.prisma.sellerProfile.findUniqueOrThrow({ where: { userId: seller.id } });
    expect([row.panLast4, row.gstinLast4, row.bankAccountLast4]).toEqual(['234F', GSTIN.slice(-4), '9012']);
    for (const [sealed, plain] of [
      [row.panSealed, PAN],
      [row.gstinSealed!, GSTIN],
      [row.bankAccountSealed, ACCOUNT],
    ] as const) {
      expect(Buffer.from(sealed).toString('latin1')).not.toContain(plain);
    }
    // Neither the API's log nor the outbox carries the numbers.
    expect(api.logs()).not.toMatch(new RegExp(`${PAN}|${ACCOUNT}|${GSTIN}`));
  });

  it('is the seller’s own: masked and audited for an admin, 403 for another user or an admin writing it, 401 signed out', async () => {
    const byAdmin = await call('GET', own(seller), admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      pan: '******234F',
      gstin: `******${GSTIN.slice(-4)}`,
      bank_account_number: '******9012',
      masked: true,
    });
    expect(await auditOf('seller_profile.read', seller)).toHaveLength(1);

    expect((await call('GET', own(seller), other)).statusCode).toBe(403);
    expect((await save(seller, profile, other)).statusCode).toBe(403);
    const adminWrites = await save(seller, profile, admin);
    expect([adminWrites.statusCode, adminWrites.json().message]).toEqual([403, ACCESS_MESSAGES.notYours]);
    expect((await call('GET', own(seller), null)).statusCode).toBe(401);
    expect((await save(seller, profile, null)).statusCode).toBe(401);
  });

  it('names the bank of an IFSC as it is typed, 404 for no branch, for signed-in users only', async () => {
    expect((await call('GET', '/api/ifsc/hdfc0000001', other)).json()).toEqual({
      ifsc: 'HDFC0000001',
      bank_name: 'HDFC Bank',
    });
    const unknown = await call('GET', '/api/ifsc/SBIN0ZZZZZZ', other);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, M.ifscUnknown]);
    expect((await call('GET', '/api/ifsc/HDFC0000001', null)).statusCode).toBe(401);
  });

  it('lists who waits for review in the console, without any identifier; admins only', async () => {
    const pending = await call('GET', '/api/admin/seller-profiles', admin);
    expect(pending.statusCode).toBe(200);
    const rows = sellerProfileSummaryListSchema.parse(pending.json());
    expect(rows.map((row) => [row.uid, row.legal_name, row.gst_registered, row.state, row.status])).toEqual([
      [seller.uid, 'Asha Rao', true, 'Karnataka', 'pending'],
    ]);
    expect(pending.body).not.toMatch(/234F|9012|ABCPE/);
    expect((await call('GET', '/api/admin/seller-profiles?status=approved', admin)).json()).toEqual([]);
    expect((await call('GET', '/api/admin/seller-profiles?status=later', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/seller-profiles', seller)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/seller-profiles', null)).statusCode).toBe(401);

    const read = await call('GET', `/api/admin/seller-profiles/${seller.uid}`, admin);
    expect(read.json()).toMatchObject({ pan: '******234F', masked: true, status: 'pending' });
    expect(await auditOf('seller_profile.read', seller)).toHaveLength(2);
    expect((await call('GET', `/api/admin/seller-profiles/${other.uid}`, admin)).statusCode).toBe(404);
  });

  it('rejects with a reason (audited, mailed through the outbox), then takes the corrected profile back for review', async () => {
    const url = `/api/admin/seller-profiles/${seller.uid}/reject`;
    expect(refusal(await call('POST', url, admin, { reason: '  ' }))).toEqual([
      400,
      { reason: M.rejectionReasonRequired },
    ]);
    expect((await call('POST', url, seller, { reason: 'mine' })).statusCode).toBe(403);
    const rejected = await call('POST', url, admin, { reason: 'The PAN card photo does not match the name.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The PAN card photo does not match the name.',
      masked: true,
    });
    expect(await events('seller_profile.rejected', seller)).toHaveLength(1);
    const [audit] = await auditOf('seller_profile.reject', seller);
    expect([audit!.adminId, audit!.after]).toEqual([
      admin.id,
      { status: 'rejected', reason: 'The PAN card photo does not match the name.' },
    ]);
    // Reviewed already: a second review is a conflict, and changes nothing.
    const again = await call('POST', `/api/admin/seller-profiles/${seller.uid}/approve`, admin);
    expect([again.statusCode, again.json().message]).toEqual([409, M.notPending]);

    const mine = (await call('GET', own(seller), seller)).json();
    expect(mine).toMatchObject({ status: 'rejected', rejection_reason: 'The PAN card photo does not match the name.' });
    const resent = await save(seller, { ...profile, legal_name: 'Asha K. Rao' });
    expect(resent.json()).toMatchObject({ status: 'pending', rejection_reason: null, legal_name: 'Asha K. Rao' });
  });

  it('is approved by exactly one of two admins approving at once: one event, one audit row, the other a 409', async () => {
    const url = `/api/admin/seller-profiles/${seller.uid}/approve`;
    const answers = await Promise.all([call('POST', url, admin), call('POST', url, secondAdmin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await events('seller_profile.approved', seller)).toHaveLength(1);
    expect(await auditOf('seller_profile.approve', seller)).toHaveLength(1);
    expect((await call('GET', own(seller), seller)).json()).toMatchObject({
      status: 'approved',
      reviewed_at: expect.any(String),
    });
    expect((await call('GET', '/api/admin/seller-profiles?status=approved', admin)).json()).toHaveLength(1);
  });

  it('on account deletion erases the profile, keeping only the tax identity of a seller who sold, as long as the law says', async () => {
    // `other` fills in a profile and sells once; a third seller fills one in and never sells.
    const silent = await api.newUser();
    const otherGstin = gstinOf('29', 'ABCPE5678G');
    for (const [user, pan, gstin] of [
      [other, 'ABCPE5678G', otherGstin],
      [silent, 'ABCPE4321H', ''],
    ] as const)
      expect((await save(user, { ...profile, pan, gstin })).statusCode).toBe(200);
    const product = await newProduct(api.db.prisma, { sellerId: other.id });
    const sale = await newOrder(api.db.prisma, { userId: seller.id, lines: [{ product, quantity: 1 }] });

    for (const user of [other, silent])
      expect((await call('DELETE', `/api/user/delete-account/${user.uid}`, user)).statusCode).toBe(200);

    expect(await api.db.prisma.sellerProfile.count({ where: { userId: { in: [other.id, silent.id] } } })).toBe(0);
    const kept = await api.db.prisma.sellerTaxRecord.findMany();
    expect(kept.map((row) => [row.userId, row.legalName, row.panLast4, row.gstinLast4])).toEqual([
      [other.id, 'Asha Rao', '678G', otherGstin.slice(-4)],
    ]);
    expect(kept[0]!.keepUntil.toISOString().slice(0, 10)).toBe(sellerRecordsKeptUntil(sale.createdAt));
  });
});

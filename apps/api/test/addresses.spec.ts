import { addressBookChangeSchema, addressSchema } from '@mandi/contracts';
import { ApiHarness, type TestUser } from './harness.js';
import { BENGALURU_ADDRESS } from './addresses.testing.js';
import { bearer } from './catalog.testing.js';

// The address book of docs/addresses.md (sections 4, 5 and 7) on the server: at most 10 active addresses, one default (the
// first address; after deleting it, the first remaining one), soft deletion, only the owner or an admin, and every
// address's state and district checked against its pincode in the India Post directory.

const LIMIT_MESSAGE = 'Maximum Addresses Reached: You can only save up to 10 active addresses.';

const bengaluru = BENGALURU_ADDRESS;

describe('addresses', () => {
  let api: ApiHarness;
  let admin: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    admin = await api.newUser({ role: 'admin' });
  });
  afterAll(async () => {
    await api.stop();
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    api.request({ method, url, headers: bearer(user), payload });
  const create = (user: TestUser, fields: Record<string, unknown> = {}) =>
    call(user, 'POST', '/api/addresses', { ...bengaluru, ...fields, user_id: user.id });
  const created = async (user: TestUser, fields: Record<string, unknown> = {}) => {
    const response = await create(user, fields);
    expect(response.statusCode).toBe(201);
    return addressSchema.parse(response.json());
  };
  const list = async (user: TestUser) => {
    const response = await call(user, 'GET', `/api/addresses/${user.id}`);
    expect(response.statusCode).toBe(200);
    return addressSchema.array().parse(response.json());
  };
  const rows = (user: TestUser) =>
    api.db.prisma.address.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } });
  /** Adds `count` addresses straight into the table, the first one the default. */
  const seedAddresses = (user: TestUser, count: number) =>
    api.db.prisma.address.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        userId: user.id,
        name: `Seeded ${i}`,
        mobile: bengaluru.mobile,
        pincode: bengaluru.pincode,
        state: bengaluru.state,
        district: bengaluru.district,
        taluk: bengaluru.taluk,
        flatHouseBuilding: `House ${i}`,
        areaOrStreetOrVillage: bengaluru.area_or_street_or_village,
        landmark: bengaluru.landmark,
        isDefault: i === 0,
      })),
    });

  it('creates addresses: 201 with the contract fields; the first becomes the default, the next do not', async () => {
    const buyer = await api.newUser();
    const first = await created(buyer);
    expect(first).toEqual({ ...bengaluru, id: expect.stringMatching(/^\d+$/), is_default: 1, is_deleted: 0 });
    const second = await created(buyer, {
      name: 'Office',
      pincode: '500001',
      state: 'Telangana',
      district: 'Hyderabad',
      taluk: 'Nampally',
    });
    expect(second).toMatchObject({ name: 'Office', is_default: 0 });

    expect((await list(buyer)).map((address) => [address.id, address.is_default])).toEqual([
      [first.id, 1],
      [second.id, 0],
    ]);
  });

  it('saves the state and district as the directory spells them, whatever the case and spacing typed', async () => {
    const buyer = await api.newUser();
    expect(await created(buyer, { state: '  karnataka ', district: 'BANGALORE' })).toMatchObject({
      state: 'Karnataka',
      district: 'Bangalore',
    });
  });

  it('a new address asked to be the default takes over from the current one', async () => {
    const buyer = await api.newUser();
    const first = await created(buyer);
    const second = await created(buyer, { is_default: 1 });
    expect(second.is_default).toBe(1);
    expect((await list(buyer)).filter((address) => address.is_default).map((address) => address.id)).toEqual([
      second.id,
    ]);
    expect(first.id).not.toBe(second.id);
  });

  it('updates an address and answers it as saved; is_default 1 makes it the default', async () => {
    const buyer = await api.newUser();
    const home = await created(buyer);
    const office = await created(buyer, { name: 'Office' });

    const response = await call(buyer, 'PUT', `/api/addresses/${office.id}`, {
      ...bengaluru,
      name: 'Office, 3rd floor',
      landmark: 'Near the bank',
      is_default: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(addressSchema.parse(response.json())).toEqual({
      ...bengaluru,
      id: office.id,
      name: 'Office, 3rd floor',
      landmark: 'Near the bank',
      is_default: 1,
      is_deleted: 0,
    });
    expect((await list(buyer)).map((address) => [address.id, address.is_default])).toEqual([
      [home.id, 0],
      [office.id, 1],
    ]);

    // is_default 0 does not leave the book without a default.
    const again = await call(buyer, 'PUT', `/api/addresses/${office.id}`, { ...bengaluru, is_default: 0 });
    expect(again.json()).toMatchObject({ is_default: 1, name: bengaluru.name });
  });

  it('set-default moves the default and answers 200 with the new default id', async () => {
    const buyer = await api.newUser();
    const home = await created(buyer);
    const office = await created(buyer);

    const response = await call(buyer, 'PUT', `/api/addresses/${office.id}/set-default`);
    expect(response.statusCode).toBe(200);
    expect(addressBookChangeSchema.parse(response.json())).toEqual({
      success: true,
      message: 'Default address updated.',
      default_id: office.id,
    });
    expect((await list(buyer)).map((address) => [address.id, address.is_default])).toEqual([
      [home.id, 0],
      [office.id, 1],
    ]);
    // Setting it again changes nothing.
    expect((await call(buyer, 'PUT', `/api/addresses/${office.id}/set-default`)).statusCode).toBe(200);
    expect((await rows(buyer)).filter((row) => row.isDefault)).toHaveLength(1);
  });

  it('deleting the default makes the first remaining (oldest) address the default; the row stays, marked deleted', async () => {
    const buyer = await api.newUser();
    const a = await created(buyer, { name: 'A' });
    const b = await created(buyer, { name: 'B' });
    const c = await created(buyer, { name: 'C' });
    await call(buyer, 'PUT', `/api/addresses/${c.id}/set-default`);

    const response = await call(buyer, 'DELETE', `/api/addresses/${c.id}`);
    expect(response.statusCode).toBe(200);
    expect(addressBookChangeSchema.parse(response.json())).toEqual({
      success: true,
      message: 'Address deleted.',
      default_id: a.id,
    });
    expect((await list(buyer)).map((address) => [address.name, address.is_default])).toEqual([
      ['A', 1],
      ['B', 0],
    ]);
    expect((await rows(buyer)).map((row) => [row.name, row.isDeleted, row.isDefault])).toEqual([
      ['A', false, true],
      ['B', false, false],
      ['C', true, false],
    ]);

    // Deleting one that is not the default leaves the default alone.
    expect((await call(buyer, 'DELETE', `/api/addresses/${b.id}`)).json()).toMatchObject({ default_id: a.id });
    // The last one: no default is left.
    expect((await call(buyer, 'DELETE', `/api/addresses/${a.id}`)).json()).toMatchObject({ default_id: null });
    expect(await list(buyer)).toEqual([]);
    expect(await api.db.prisma.address.count({ where: { userId: buyer.id } })).toBe(3);

    // A deleted address is gone for every call.
    for (const [method, url] of [
      ['DELETE', `/api/addresses/${a.id}`],
      ['PUT', `/api/addresses/${a.id}/set-default`],
    ] as const) {
      expect((await call(buyer, method, url)).statusCode).toBe(404);
    }
    const edit = await call(buyer, 'PUT', `/api/addresses/${a.id}`, bengaluru);
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ message: 'Address not found.' });
    // After all are deleted, the next address is the default again.
    expect((await created(buyer)).is_default).toBe(1);
  });

  it('refuses an 11th active address with the spec message and writes nothing; deleted ones do not count', async () => {
    const buyer = await api.newUser();
    await seedAddresses(buyer, 10);

    const response = await create(buyer, { name: 'Eleventh' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, message: LIMIT_MESSAGE });
    expect(await api.db.prisma.address.count({ where: { userId: buyer.id } })).toBe(10);

    const [oldest] = await list(buyer);
    await call(buyer, 'DELETE', `/api/addresses/${oldest!.id}`);
    expect((await create(buyer, { name: 'Tenth again' })).statusCode).toBe(201);
    expect(await list(buyer)).toHaveLength(10);
  });

  it('two creates at once near the limit: never more than 10, never two defaults', async () => {
    const buyer = await api.newUser();
    await seedAddresses(buyer, 8);
    const statuses = (
      await Promise.all(Array.from({ length: 5 }, (_, i) => create(buyer, { name: `Racer ${i}` })))
    ).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await list(buyer)).toHaveLength(10);

    const fresh = await api.newUser();
    const firsts = await Promise.all(Array.from({ length: 4 }, () => create(fresh)));
    expect(firsts.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await rows(fresh)).filter((row) => row.isDefault)).toHaveLength(1);
  });

  it("only the owner or an admin reads or changes an address book: another user's gets 403 and changes nothing", async () => {
    const [owner, intruder] = [await api.newUser(), await api.newUser()];
    const home = await created(owner);
    const before = await rows(owner);

    const attempts = [
      await call(intruder, 'GET', `/api/addresses/${owner.id}`),
      await call(intruder, 'POST', '/api/addresses', { ...bengaluru, user_id: owner.id }),
      await call(intruder, 'PUT', `/api/addresses/${home.id}`, { ...bengaluru, name: 'Mine now' }),
      await call(intruder, 'PUT', `/api/addresses/${home.id}/set-default`),
      await call(intruder, 'DELETE', `/api/addresses/${home.id}`),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(await rows(owner)).toEqual(before);
    expect(await rows(intruder)).toEqual([]);

    // An admin may act for the owner.
    expect((await call(admin, 'GET', `/api/addresses/${owner.id}`)).json()).toHaveLength(1);
    expect(
      (await call(admin, 'POST', '/api/addresses', { ...bengaluru, user_id: owner.id, name: 'By admin' })).statusCode,
    ).toBe(201);
    expect(
      (await call(admin, 'PUT', `/api/addresses/${home.id}`, { ...bengaluru, name: 'Fixed by admin' })).json(),
    ).toMatchObject({ name: 'Fixed by admin' });
    expect((await call(admin, 'GET', '/api/addresses/2147483000')).statusCode).toBe(404);

    // Without a token: 401.
    expect((await api.request({ method: 'GET', url: `/api/addresses/${owner.id}` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown address id', async () => {
    const buyer = await api.newUser();
    for (const id of ['2147483000', '99999999999', 'abc']) {
      expect((await call(buyer, 'PUT', `/api/addresses/${id}`, bengaluru)).statusCode).toBe(404);
      expect((await call(buyer, 'PUT', `/api/addresses/${id}/set-default`)).statusCode).toBe(404);
      expect((await call(buyer, 'DELETE', `/api/addresses/${id}`)).statusCode).toBe(404);
    }
  });

  it('refuses a pincode the directory does not hold, or a state or district none of its offices is in, naming the field', async () => {
    const buyer = await api.newUser();
    const cases: [Record<string, string>, string, string][] = [
      [{ pincode: '999999' }, 'pincode', 'No address found for this PIN code.'],
      [{ state: 'Kerala' }, 'state', 'State does not match pincode 560001 (Karnataka)'],
      [{ district: 'Mysore' }, 'district', 'District does not match pincode 560001 (Bangalore)'],
      [
        { pincode: '605106', state: 'Pondicherry', district: 'Cuddalore' },
        'district',
        'District does not match pincode 605106 (Pondicherry)',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await create(buyer, change);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, fields: { [field]: message } });
    }
    expect(await rows(buyer)).toEqual([]);

    // A pincode whose offices span two states accepts either.
    expect((await create(buyer, { pincode: '605106', state: 'Tamil Nadu', district: 'Cuddalore' })).statusCode).toBe(
      201,
    );

    const [saved] = await list(buyer);
    const edit = await call(buyer, 'PUT', `/api/addresses/${saved!.id}`, { ...bengaluru, district: 'Bangalore Rural' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ district: 'District does not match pincode 560001 (Bangalore)' });
    expect((await list(buyer))[0]).toEqual(saved);
  });

  it('checks the form with the spec messages', async () => {
    const buyer = await api.newUser();
    const mobile = await create(buyer, { mobile: '5876543210' });
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json()).toMatchObject({
      message: 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9',
      fields: { mobile: 'Enter a valid 10-digit Indian mobile number starting with 6, 7, 8, or 9' },
    });
    const pincode = await create(buyer, { pincode: '56001' });
    expect(pincode.statusCode).toBe(400);
    expect(pincode.json()).toMatchObject({
      message: 'Enter a valid 6-digit Indian PIN code',
      fields: { pincode: 'Enter a valid 6-digit Indian PIN code' },
    });
    const blank = await create(buyer, { name: ' ', landmark: '' });
    expect(blank.json().fields).toMatchObject({ name: 'Full Name is required', landmark: 'Landmark is required' });
    expect(await rows(buyer)).toEqual([]);
  });
});

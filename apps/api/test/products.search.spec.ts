import {
  createQueryCountingClient,
  createTestDatabase,
  newProduct,
  newUser,
  type PrismaService,
  type QueryCountingClient,
  type TestDatabase,
} from '@mandi/database';
import { searchTerms, synonymRows } from '@mandi/domain';
import { ProductSearchRepository } from '../src/products/search/product-search.repository.js';
import { ApiHarness } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const live = () => new Date(Date.now() + 7 * DAY_MS);
const expired = () => new Date(Date.now() - DAY_MS);

describe('product search through the API', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start();
    const db = api.db.prisma;
    const farmer = await newUser(db, { username: 'kolar_farms' });
    const official = await newUser(db, { username: 'mandi_official', role: 'admin' });
    const add = (name: string, options: { validUntil?: Date; officialBrand?: boolean; minutesAgo?: number } = {}) =>
      newProduct(db, {
        sellerId: options.officialBrand ? official.id : farmer.id,
        name,
        validUntil: options.validUntil ?? live(),
        officialBrand: options.officialBrand ?? false,
        createdAt: new Date(Date.now() - (options.minutesAgo ?? 0) * 60_000),
      });
    await add('Desi Tamatar', { minutesAgo: 50 });
    await add('Hybrid Tomatoes', { minutesAgo: 40 });
    await add('Tomato Ketchup Homemade', { validUntil: expired(), minutesAgo: 30 });
    await add('Pahadi Aloo', { minutesAgo: 20 });
    await add('Potato Chips Masala', { officialBrand: true, minutesAgo: 10 });
    await add('Fresh Bhindi');
    await add('Alphonso Aam');
    await add('A2 Cow Ghee', { officialBrand: true });
    await add('Nashik Pyaz');
    await add('Organic Tamatar', { officialBrand: true });
    // Twelve kinds of one produce, two of them expired: more than the dropdown shows.
    for (let i = 1; i <= 12; i += 1) await add(`Kesar Mango Grade ${i}`, { validUntil: i <= 2 ? expired() : live() });
    // The same name twice: one suggestion.
    await add('Nashik Pyaz');
  });
  afterAll(() => api.stop());

  const suggest = async (q: string): Promise<string[]> => {
    const response = await api.request({ method: 'GET', url: `/api/products/suggestions?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const byName = async (name: string, query = ''): Promise<{ name: string; validUntil: string }[]> => {
    const response = await api.request({
      method: 'GET',
      url: `/api/products/by-name/${encodeURIComponent(name)}${query}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const names = (products: { name: string }[]) => products.map((product) => product.name);

  it('suggests names beginning with what is typed, the closest first', async () => {
    expect((await suggest('toma'))[0]).toBe('Hybrid Tomatoes');
    expect(await suggest('bhi')).toEqual(['Fresh Bhindi']);
    expect(await suggest('ALPH')).toEqual(['Alphonso Aam']);
  });

  it('suggests through typos', async () => {
    expect(await suggest('tomatoe')).toEqual(expect.arrayContaining(['Hybrid Tomatoes', 'Desi Tamatar']));
    expect(await suggest('tamtar')).toEqual(
      expect.arrayContaining(['Desi Tamatar', 'Organic Tamatar', 'Hybrid Tomatoes']),
    );
    expect(await suggest('bhindee')).toEqual(['Fresh Bhindi']);
  });

  it('understands Hindi names in Latin letters both ways', async () => {
    expect(await suggest('aloo')).toEqual(expect.arrayContaining(['Pahadi Aloo', 'Potato Chips Masala']));
    expect(await suggest('potato')).toEqual(expect.arrayContaining(['Pahadi Aloo', 'Potato Chips Masala']));
    expect(await suggest('onion')).toEqual(['Nashik Pyaz']);
    expect(await suggest('pyaj')).toEqual(['Nashik Pyaz']);
    expect(await suggest('lady finger')).toEqual(['Fresh Bhindi']);
    const aam = await suggest('aam');
    expect(aam[0]).toBe('Alphonso Aam');
    expect(aam).toContain('Kesar Mango Grade 3');
  });

  it('shows at most 10 distinct names, expired ones after the live ones', async () => {
    const mangoes = await suggest('kesar mango');
    expect(mangoes).toHaveLength(10);
    expect(new Set(mangoes).size).toBe(10);
    expect(mangoes).not.toContain('Kesar Mango Grade 1');
    expect(mangoes).not.toContain('Kesar Mango Grade 2');

    const tomatoes = await suggest('tomato');
    expect(tomatoes.at(-1)).toBe('Tomato Ketchup Homemade');
    expect(tomatoes).toEqual(expect.arrayContaining(['Hybrid Tomatoes', 'Desi Tamatar', 'Organic Tamatar']));
  });

  it('answers nothing for a blank query or one that matches nothing', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
    expect(await suggest('%_')).toEqual([]);
    expect(await suggest('qwxz')).toEqual([]);
  });

  it('finds products by name in the listing shape, live before expired', async () => {
    const found = await byName('tomatoe');
    expect(names(found)).toHaveLength(4);
    expect(names(found).at(-1)).toBe('Tomato Ketchup Homemade');
    expect(names(found)).toEqual(expect.arrayContaining(['Desi Tamatar', 'Hybrid Tomatoes', 'Organic Tamatar']));
    expect(found[0]).toMatchObject({
      price: 40,
      official_brand: expect.any(Number),
      seller: { username: expect.any(String) },
    });
    expect(found[0]!.validUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(names(await byName('potato'))).toEqual(expect.arrayContaining(['Pahadi Aloo', 'Potato Chips Masala']));
  });

  it('pages the by-name results with page and limit, 24 by default', async () => {
    const all = names(await byName('mango'));
    expect(all).toHaveLength(13);
    const first = names(await byName('mango', '?limit=5'));
    const second = names(await byName('mango', '?page=2&limit=5'));
    const third = names(await byName('mango', '?page=3&limit=5'));
    expect([...first, ...second, ...third]).toEqual(all);
    expect(third.slice(-2).sort()).toEqual(['Kesar Mango Grade 1', 'Kesar Mango Grade 2']);
    expect(await byName('mango', '?page=4&limit=5')).toEqual([]);
    expect((await api.request({ method: 'GET', url: '/api/products/by-name/mango?limit=500' })).statusCode).toBe(400);
  });

  it('searches the home listing the same way, with the Original filter', async () => {
    const listing = await api.request({ method: 'GET', url: '/api/products?search=tamtar' });
    expect(names(listing.json())).toEqual(names(await byName('tamtar')));
    const original = await api.request({ method: 'GET', url: '/api/products?search=aloo&filter=Original' });
    expect(names(original.json())).toEqual(['Potato Chips Masala']);
    const tomatoes = await api.request({ method: 'GET', url: '/api/products?search=tomato&filter=Original' });
    expect(names(tomatoes.json())).toEqual(['Organic Tamatar']);
  });
});

describe('search data in the database', () => {
  let db: TestDatabase;
  let counting: QueryCountingClient;
  let repository: ProductSearchRepository;
  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createQueryCountingClient(db.url);
    repository = new ProductSearchRepository(counting.prisma as unknown as PrismaService);
  });
  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
  });

  const words = async () =>
    Object.fromEntries(
      (await db.prisma.searchWord.findMany({ orderBy: { word: 'asc' } })).map((row) => [row.word, row.productCount]),
    );

  it('holds the synonyms list of libs/domain, row for row', async () => {
    const rows = await db.prisma.$queryRaw<{ term: string; canonical: string }[]>`
      SELECT term, canonical FROM synonyms ORDER BY term COLLATE "C"`;
    expect(rows).toEqual(synonymRows());
  });

  it('keeps search_words counting the words of product names on insert, rename and delete', async () => {
    const seller = await newUser(db.prisma);
    const tamatar = await newProduct(db.prisma, { sellerId: seller.id, name: 'Desi Tamatar' });
    await newProduct(db.prisma, { sellerId: seller.id, name: 'Desi Ghee 1kg' });
    expect(await words()).toEqual({ '1kg': 1, desi: 2, ghee: 1, tamatar: 1 });

    await db.prisma.product.update({ where: { id: tamatar.id }, data: { name: 'Pahadi Tamatar' } });
    await db.prisma.product.updateMany({ data: { pricePaise: 5000 } });
    expect(await words()).toEqual({ '1kg': 1, desi: 1, ghee: 1, pahadi: 1, tamatar: 1 });

    await db.prisma.product.delete({ where: { id: tamatar.id } });
    expect(await words()).toEqual({ '1kg': 1, desi: 1, ghee: 1 });
  });

  it('keeps search_names: each name once, with its product count and the validity of its latest product', async () => {
    const seller = await newUser(db.prisma);
    const names = async () =>
      Object.fromEntries(
        (
          await db.prisma.searchName.findMany({ where: { name: { startsWith: 'Lauki' } }, orderBy: { name: 'asc' } })
        ).map((row) => [row.name, [row.productCount, row.liveUntil.toISOString()]]),
      );
    const soon = new Date('2030-01-01T00:00:00.000Z');
    const later = new Date('2031-01-01T00:00:00.000Z');
    const first = await newProduct(db.prisma, { sellerId: seller.id, name: 'Lauki', validUntil: soon });
    const second = await newProduct(db.prisma, { sellerId: seller.id, name: 'Lauki', validUntil: later });
    expect(await names()).toEqual({ Lauki: [2, later.toISOString()] });

    // The latest product leaves the name: its validity falls back to the other's, then the name goes with the last.
    await db.prisma.product.update({ where: { id: second.id }, data: { name: 'Lauki Fresh' } });
    expect(await names()).toEqual({ Lauki: [1, soon.toISOString()], 'Lauki Fresh': [1, later.toISOString()] });
    await db.prisma.product.update({ where: { id: first.id }, data: { validUntil: later } });
    expect(await names()).toEqual({ Lauki: [1, later.toISOString()], 'Lauki Fresh': [1, later.toISOString()] });
    await db.prisma.product.delete({ where: { id: first.id } });
    expect(await names()).toEqual({ 'Lauki Fresh': [1, later.toISOString()] });
  });

  it('answers suggestions and a page of cards in one statement each, whatever the page size', async () => {
    const seller = await newUser(db.prisma);
    for (let i = 0; i < 30; i += 1) await newProduct(db.prisma, { sellerId: seller.id, name: `Kesar Aam ${i}` });
    const search = { terms: searchTerms('mango'), text: 'mango' };

    counting.reset();
    expect(await repository.suggestions(search, 10)).toHaveLength(10);
    expect(counting.count()).toBe(1);

    counting.reset();
    expect(await repository.page(search, { officialOnly: false, skip: 0, take: 1 })).toHaveLength(1);
    expect(counting.count()).toBe(1);
    counting.reset();
    expect(await repository.page(search, { officialOnly: false, skip: 0, take: 24 })).toHaveLength(24);
    expect(counting.count()).toBe(1);
  });
});

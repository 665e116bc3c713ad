import { ApiHarness, type TestResponse, type TestUser } from '../harness.js';

/**
 * Hole 6 of issue 13: paging values an attacker picks. `GET /api/products?page=9007199254740991&limit=100` answered
 * 500 (an OFFSET PostgreSQL cannot hold). Every list route must answer a bad page, size or search text with a 400 in
 * the one error shape, never a 5xx, and a page beyond the cap instead of a deep, slow OFFSET scan.
 */
describe('paging attacks on every list route', () => {
  let api: ApiHarness;
  let buyer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [buyer, admin] = await Promise.all([api.newUser(), api.newUser({ role: 'admin' })]);
  });
  afterAll(() => api.stop());

  /** Every list route with its page-size parameter and who may read it. */
  const listRoutes = () => [
    { path: '/api/products', size: 'limit', user: null },
    { path: '/api/products/by-name/mango', size: 'limit', user: null },
    { path: `/api/products/user/${buyer.uid}`, size: 'limit', user: null },
    { path: `/api/orders/${buyer.id}`, size: 'perPage', user: buyer },
    { path: '/api/admin/orders', size: 'perPage', user: admin },
  ];

  const get = (url: string, user: TestUser | null) =>
    api.request({ method: 'GET', url, headers: user ? { authorization: `Bearer ${user.token}` } : {} });

  /** A refusal as a client reads it: 400, the one error shape, a message naming the parameter, nothing internal. */
  function expectRefused(response: TestResponse, parameter: string): void {
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: expect.objectContaining({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringContaining(parameter),
      }),
    });
    expect(response.body).not.toMatch(/stack|prisma|SELECT|OFFSET|at .*\.js/i);
  }

  const badNumbers = [
    '9007199254740991',
    '1e308',
    '99999999999999999999999',
    '-1',
    '0',
    '1.5',
    'abc',
    '0x10',
    ' 2',
    'NaN',
    'Infinity',
    '%00',
  ];

  it('refuses a huge, negative, fractional or non-numeric page with a 400 naming page', async () => {
    for (const route of listRoutes()) {
      for (const value of badNumbers) {
        const response = await get(`${route.path}?page=${value}`, route.user);
        expect([route.path, value, response.statusCode]).toEqual([route.path, value, 400]);
        expectRefused(response, 'page');
      }
    }
  });

  it('refuses a repeated page (?page=1&page=2) instead of guessing which one was meant', async () => {
    for (const route of listRoutes()) {
      expectRefused(await get(`${route.path}?page=1&page=2`, route.user), 'page');
      expectRefused(await get(`${route.path}?${route.size}=5&${route.size}=6`, route.user), route.size);
    }
  });

  it('refuses a bad page size with a 400 naming it', async () => {
    for (const route of listRoutes()) {
      for (const value of [...badNumbers, '100000']) {
        const response = await get(`${route.path}?${route.size}=${value}`, route.user);
        expect([route.path, value, response.statusCode]).toEqual([route.path, value, 400]);
        expectRefused(response, route.size);
      }
    }
  });

  it("refuses the issue's request and any page past the deepest one served, so no deep OFFSET scan runs", async () => {
    expectRefused(await get('/api/products?page=9007199254740991&limit=100', null), 'page');
    // The product lists serve the pages that start within their first 10,000 results: 100 pages of 100, 417 of 24.
    expectRefused(await get('/api/products?page=101&limit=100', null), 'page');
    expectRefused(await get('/api/products?page=418&limit=24', null), 'page');
    expectRefused(await get('/api/products/by-name/mango?page=101&limit=100', null), 'page');
    expectRefused(await get(`/api/products/user/${buyer.uid}?page=101&limit=100`, null), 'page');
    // Orders lists: at most page 10,000.
    expectRefused(await get(`/api/orders/${buyer.id}?page=10001`, buyer), 'page');
    expectRefused(await get('/api/admin/orders?page=10001', admin), 'page');
  });

  it('still serves the last page within the cap, and pages beyond the data as an empty list', async () => {
    for (const url of [
      '/api/products?page=100&limit=100',
      '/api/products?page=417&limit=24',
      '/api/products/by-name/mango?page=100&limit=100',
    ]) {
      const response = await get(url, null);
      expect([url, response.statusCode, response.json()]).toEqual([url, 200, []]);
    }
    expect((await get(`/api/orders/${buyer.id}?page=10000&perPage=100`, buyer)).json()).toEqual([]);
    expect((await get('/api/admin/orders?page=10000&perPage=500', admin)).json()).toEqual([]);
  });

  it('refuses a repeated or overlong search text with a 400, never a 5xx', async () => {
    expectRefused(await get('/api/products?search=a&search=b', null), 'search');
    expectRefused(await get(`/api/products?search=${'a'.repeat(101)}`, null), 'search');
    expectRefused(await get('/api/products?filter=All&filter=Original', null), 'filter');
    expectRefused(await get('/api/products/suggestions?q=a&q=b', null), 'q');
    expectRefused(await get(`/api/products/suggestions?q=${'a'.repeat(101)}`, null), 'q');
    // A path segment over 100 characters is refused by the router itself, before the search's own bound.
    const longName = await get(`/api/products/by-name/${'a'.repeat(101)}`, null);
    expect([longName.statusCode, longName.json().error]).toEqual([404, 'Not Found']);
    expectRefused(await get('/api/admin/orders?search=a&search=b', admin), 'search');
    expectRefused(await get(`/api/admin/orders?search=${'a'.repeat(101)}`, admin), 'search');
  });
});

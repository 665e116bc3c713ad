import { Validator } from '@seriousme/openapi-schema-validator';
import puppeteer from 'puppeteer-core';
import { API_ROUTES, ROUTES, buildOpenApiDocument, type ApiRoute } from '@mandi/contracts';
import { ONDC_ACTIONS } from '@mandi/domain';
import { ApiHarness, productionEnv } from '../harness.js';
import { registeredRoutes } from './registered-routes.js';

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('The route registry and the OpenAPI document', () => {
  it('mounts every controller handler through a registry entry, where it says, and every entry on one handler', () => {
    const handlers = registeredRoutes();
    expect(handlers.length).toBeGreaterThan(40);
    // Every handler is mounted by @Endpoint with an entry, at the entry's method and path (no controller prefix).
    expect(handlers.filter((handler) => handler.route === undefined).map((handler) => handler.handler)).toEqual([]);
    expect(
      handlers.filter((handler) => key(handler) !== key(handler.route!)).map((handler) => handler.handler),
    ).toEqual([]);
    // Both ways, by name: an entry no handler mounts fails on the left, a handler of an entry the registry lacks (or a
    // second handler of one entry) on the right.
    const nameOf = new Map(Object.entries(ROUTES).map(([name, route]) => [route as ApiRoute, name]));
    expect(Object.keys(ROUTES).sort()).toEqual(
      handlers.map((handler) => nameOf.get(handler.route!) ?? `not in the registry: ${key(handler)}`).sort(),
    );
    expect(new Set(API_ROUTES.map(key)).size).toBe(API_ROUTES.length);
  });

  it("validates every input an entry declares: each handler reads its entry's body, params and query", () => {
    const unread = registeredRoutes().flatMap(({ route, reads }) =>
      (['body', 'params', 'query'] as const)
        .filter((part) => route?.[part] !== undefined && !reads.includes(part))
        .map((part) => `${key(route!)} ${part}`),
    );
    // The webhook reads the raw bytes Razorpay signed and parses them itself once the signature verifies; so do the
    // ONDC network's calls, which answer a bad body with ONDC's NACK naming the field (docs/ondc.md).
    expect(unread).toEqual([
      'POST /api/payment/webhook body',
      ...ONDC_ACTIONS.map((action) => `POST /ondc/${action} body`),
    ]);
  });

  it('declares each path parameter a route has, and answers and errors for every route', () => {
    for (const route of API_ROUTES) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = route.params ? Object.keys((route.params as unknown as { shape: object }).shape) : [];
      expect({ route: key(route), params: declared.sort() }).toEqual({ route: key(route), params: [...names].sort() });
      expect(Object.keys(route.answers).length).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/openapi.json and /api/docs in production mode', () => {
  let api: ApiHarness;
  const env = productionEnv();
  beforeAll(async () => {
    api = await ApiHarness.start(env);
  });
  afterAll(() => api.stop());

  it('serves, without sign-in, a valid OpenAPI 3.1 document built from the contracts, with no secret in it', async () => {
    const response = await api.request({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json();
    const validation = await new Validator().validate(document);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document).toEqual(buildOpenApiDocument({ version: document.info.version, serverUrl: env.PUBLIC_URL }));
    const operations = Object.values(document.paths as Record<string, Record<string, unknown>>).flatMap(Object.values);
    expect(operations).toHaveLength(API_ROUTES.length);
    for (const name of [
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'QUEUES_SESSION_SECRET',
      'SELLER_DATA_KEY',
      'DATABASE_URL',
    ] as const) {
      const value = name === 'DATABASE_URL' ? api.db.url : env[name]!;
      expect(response.body).not.toContain(value);
    }
  });

  it('documents each route with its access, its inputs, its answers and the error shape', async () => {
    const document = (await api.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const cartAdd = document.paths['/api/cart/add'].post;
    expect(cartAdd['x-mandi-access']).toBe('user');
    expect(cartAdd.security).toEqual([{ firebaseIdToken: [] }]);
    expect(cartAdd.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['uid', 'productId']),
    );
    expect(Object.keys(cartAdd.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '409']));
    const posting = document.paths['/api/products'].post.requestBody.content['multipart/form-data'].schema;
    expect(posting.properties.images).toMatchObject({ type: 'array', maxItems: 4 });
    const listing = document.paths['/api/products'].get;
    expect(listing.security).toEqual([]);
    expect(listing.parameters.find((parameter: { name: string }) => parameter.name === 'limit').schema.maximum).toBe(
      100,
    );
    expect(document.components.schemas.ErrorBody.required).toEqual(['statusCode', 'error', 'message']);
    expect(document.paths['/api/admin/users'].get['x-mandi-access']).toBe('admin');
  });

  it('renders the reference page in Chromium from our own origin only, inside the content security policy', async () => {
    const page = await api.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>|https?:\/\//);
    const unknown = await api.request({ method: 'GET', url: '/api/docs/..%2F..%2Fpackage.json' });
    expect(unknown.statusCode).toBe(400);

    const browser = await puppeteer.launch({
      executablePath: process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
    try {
      const tab = await browser.newPage();
      const elsewhere: string[] = [];
      const refusals: string[] = [];
      await tab.setRequestInterception(true);
      tab.on('request', (request) => {
        const sameOrigin = request.url().startsWith(api.baseUrl) || request.url().startsWith('data:');
        if (!sameOrigin) elsewhere.push(request.url());
        void (sameOrigin ? request.continue() : request.abort());
      });
      tab.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
      });
      tab.on('pageerror', (error) => refusals.push(String(error)));
      await tab.goto(`${api.baseUrl}/api/docs`, { waitUntil: 'networkidle0' });
      await tab.waitForSelector('.opblock', { timeout: 15_000 });
      const shown = await tab.$$eval('.opblock', (blocks) => blocks.length);
      expect(shown).toBe(API_ROUTES.length);
      expect(await tab.$eval('.title', (title) => title.textContent)).toContain('Mandi API');
      // The renderer's own complaints about the document (an unsupported field, an invalid reference) show as a box.
      expect(
        await tab.$$eval('.errors-wrapper, .version-pragma', (boxes) => boxes.map((box) => box.textContent)),
      ).toEqual([]);
      expect(elsewhere).toEqual([]);
      expect(refusals).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

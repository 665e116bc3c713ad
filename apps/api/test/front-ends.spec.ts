import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { ApiHarness } from './harness.js';

const BIG_ASSET = `export const produce = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `tamatar-${i}`))};`;

/** Two tiny built apps, shaped like Vite's output, so the serving rules are tested without a Vite build. */
function fakeBuild(title: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mandi-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // As scripts/compress-assets.mjs leaves a larger asset: with its Brotli copy beside it.
  writeFileSync(join(dir, 'assets', 'vendor-def456.js'), BIG_ASSET);
  writeFileSync(join(dir, 'assets', 'vendor-def456.js.br'), brotliCompressSync(BIG_ASSET));
  return dir;
}

describe('one origin: storefront at /, console at /adminpanel, API at /api', () => {
  let api: ApiHarness;
  const builds = { STOREFRONT_DIST: fakeBuild('Storefront'), ADMIN_UI_DIST: fakeBuild('Console') };
  beforeAll(async () => {
    api = await ApiHarness.start(builds);
  });
  afterAll(async () => {
    await api.stop();
    for (const dir of Object.values(builds)) rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => api.request({ method: 'GET', url });

  it.each(['/', '/signin', '/product/42', '/orders/7', '/payment-page'])(
    'serves the storefront for %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Storefront</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/adminpanel', '/adminpanel/', '/adminpanel/orders'])('serves the console for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Console</title>');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const admin = await get('/adminpanel/assets/app-abc123.js');
    expect(admin.statusCode).toBe(200);
  });

  it('serves the pre-compressed Brotli copy to a browser that accepts it', async () => {
    const response = await api.request({
      method: 'GET',
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toBe(BIG_ASSET);
  });
});

describe("the storefront's page in the visitor's language", () => {
  let api: ApiHarness;
  const dir = mkdtempSync(join(tmpdir(), 'mandi-language-'));
  beforeAll(async () => {
    // A storefront build with its Vite manifest naming the catalogue chunks, and a renderer that prints its language.
    mkdirSync(join(dir, 'dist', '.vite'), { recursive: true });
    writeFileSync(
      join(dir, 'dist', 'index.html'),
      '<!doctype html><html lang="en-IN"><head><title>Mandi</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(dir, 'dist', '.vite', 'manifest.json'),
      JSON.stringify({
        'virtual:catalogue/en-start': { file: 'assets/en-start-111.js' },
        'virtual:catalogue/hi-start': { file: 'assets/hi-start-222.js' },
      }),
    );
    writeFileSync(
      join(dir, 'entry-server.mjs'),
      'export async function renderHome(products, renderedAt, search, language) {\n  return `<main>${language}</main>`;\n}\n',
    );
    api = await ApiHarness.start({ STOREFRONT_DIST: join(dir, 'dist'), STOREFRONT_SSR: join(dir, 'entry-server.mjs') });
  });
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) => api.request({ method: 'GET', url, headers });

  it.each([
    ['a saved choice', { cookie: 'theme=dark; mandi-lang=hi' }, 'hi'],
    ['a first visit from a Hindi browser', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' }, 'hi'],
    ['a saved choice over the browser', { cookie: 'mandi-lang=en', 'accept-language': 'hi-IN' }, 'en'],
    ['any other browser', { 'accept-language': 'ta-IN,fr;q=0.5' }, 'en'],
    ['no preference at all', {}, 'en'],
  ])('renders the home page for %s', async (_, headers, language) => {
    const response = await page('/', headers);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<html lang="${language}-IN">`);
    expect(response.body).toContain(`<div id="root" data-language="${language}"><main>${language}</main></div>`);
    // Only the chosen language's catalogue is preloaded, after the pictures: the rendered page paints without it.
    expect(response.body).toContain(
      `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${language}-`,
    );
    expect(response.body.match(/assets\/(en|hi)-start-\d+\.js/g)).toHaveLength(1);
    expect(response.headers.vary).toBe('Cookie, Accept-Language');
  });

  it('names the language on every other storefront page too', async () => {
    const response = await page('/cartpage', { cookie: 'mandi-lang=hi' });
    expect(response.body).toContain('<html lang="hi-IN">');
    // A page the browser renders needs its scripts first.
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/hi-start-222.js">');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('ignores a cookie or header of any other shape', async () => {
    const odd = await page('/', { cookie: 'mandi-lang=<script>', 'accept-language': `${'q;'.repeat(5000)}` });
    expect(odd.statusCode).toBe(200);
    expect(odd.body).toContain('<html lang="en-IN">');
  });
});

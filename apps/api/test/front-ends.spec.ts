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

  it.each(['/', '/signin', '/product/42', '/orders/7', '/payment-page'])('serves the storefront for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Storefront</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

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
    const response = await api.request({ method: 'GET', url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toBe(BIG_ASSET);
  });
});

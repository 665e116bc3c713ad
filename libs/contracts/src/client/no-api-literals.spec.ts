import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The front ends call the API through the typed client alone (docs/frontends.md, "Calling the API"): no source or
// test of the storefront or the console names an API path, in code or in a comment. A call names its route
// (`api('addToCart', ...)`), a test stub its route's key (`routeKey('cartOfUser', ...)`), a comment the route's name.

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const FRONT_ENDS = ['storefront/src', 'admin-ui/src'];

/**
 * '/api' (or '\/api' in a regular expression) starting a path, as in '/api/cart/add', 'GET /api/health' or
 * `${base}/api`; not a folder named api inside a module path ('../api/api-fetch', 'src/api/').
 */
const API_PATH = /(?<![.\w-])\\?\/api\b/;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|css|html)$/.test(entry.name) ? [path] : [];
  });
}

describe('the front ends', () => {
  it('name no API path: every call goes through the route registry’s client', () => {
    const found = FRONT_ENDS.flatMap(sources).flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (API_PATH.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('would see a path in a call, a template, a stub key and a pattern', () => {
    for (const line of [
      "apiFetch('/api/cart/add')",
      'fetch(`/api/orders/${id}`)',
      "'GET /api/health': {}",
      '/^\\/api\\/products\\//',
      '// PUT /api/orders/cancel-request/{orderId}',
    ])
      expect(API_PATH.test(line)).toBe(true);
    for (const line of ["import { api } from '../api/api-fetch';", '`storefront/src/api/`', 'apiFetch(name)'])
      expect(API_PATH.test(line)).toBe(false);
  });
});

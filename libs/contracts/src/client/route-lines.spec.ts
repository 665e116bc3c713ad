import { ROUTES } from '../openapi/api-routes.js';
import { API_PREFIX } from './api-client.js';
import { routeLineOf } from './route-line.js';
import { ROUTE_LINES } from './route-lines.js';

describe('ROUTE_LINES', () => {
  it('is the registry’s method, path, body and answer of every route (else run `npm run routes:lines`)', () => {
    const fromRegistry = Object.fromEntries(Object.entries(ROUTES).map(([name, route]) => [name, routeLineOf(route)]));
    expect({ ...ROUTE_LINES }).toEqual(fromRegistry);
  });

  it('keeps every route under the API prefix', () => {
    for (const line of Object.values(ROUTE_LINES)) expect(line.path.startsWith(`${API_PREFIX}/`)).toBe(true);
  });
});

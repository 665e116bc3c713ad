import { ADMIN_ORDER_ACTIONS } from '@mandi/domain';
import { outsideApiPrefix } from '../openapi/api-route.js';
import { ROUTES } from '../openapi/api-routes.js';
import { ORDER_MOVE_ROUTES } from '../openapi/order-move-routes.js';
import { API_PREFIX } from './api-client.js';
import { routeLineOf } from './route-line.js';
import { ORDER_MOVE_ROUTE_NAMES, ROUTE_LINES } from './route-lines.js';

describe('ROUTE_LINES', () => {
  it('is the registry’s method, path, body and answer of every route (else run `npm run routes:lines`)', () => {
    const fromRegistry = Object.fromEntries(Object.entries(ROUTES).map(([name, route]) => [name, routeLineOf(route)]));
    expect({ ...ROUTE_LINES }).toEqual(fromRegistry);
  });

  it('names the route of every console order move as ORDER_MOVE_ROUTES holds it (else `npm run routes:lines`)', () => {
    expect(Object.keys(ORDER_MOVE_ROUTE_NAMES).sort()).toEqual([...ADMIN_ORDER_ACTIONS].sort());
    for (const action of ADMIN_ORDER_ACTIONS)
      expect(ROUTES[ORDER_MOVE_ROUTE_NAMES[action]]).toBe(ORDER_MOVE_ROUTES[action]);
  });

  it("keeps every route under the API prefix, but for the ONDC network's paths", () => {
    for (const line of Object.values(ROUTE_LINES))
      expect({ path: line.path, under: line.path.startsWith(`${API_PREFIX}/`) || outsideApiPrefix(line.path) }).toEqual(
        {
          path: line.path,
          under: true,
        },
      );
  });
});

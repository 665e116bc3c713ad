import { RATE_LIMIT_NAMES, routeErrorStatuses, routeRateLimit } from './api-route.js';
import { API_ROUTES, ROUTES } from './api-routes.js';

describe('the rate limit of a route', () => {
  it('is the per-address public limit on a public route, none on a signed-in one, unless the entry names one', () => {
    expect(routeRateLimit({ access: 'public' })).toBe('public');
    expect(routeRateLimit({ access: 'public', rateLimit: 'exempt' })).toBeNull();
    expect(routeRateLimit({ access: 'user' })).toBeNull();
    expect(routeRateLimit({ access: 'user', rateLimit: 'cartAdds' })).toBe('cartAdds');
    expect(routeRateLimit({ access: 'public', rateLimit: 'contact' })).toBe('contact');
  });

  it('is what the registry says, and a limited route answers 429', () => {
    const limits = Object.fromEntries(Object.entries(ROUTES).map(([name, route]) => [name, routeRateLimit(route)]));
    expect(limits).toMatchObject({
      health: null,
      pincodeLookup: null,
      razorpayWebhook: null,
      metrics: null,
      listProducts: 'public',
      userStatus: 'accountLookup',
      resetPassword: 'passwordReset',
      sendVerification: 'sendVerification',
      addToCart: 'cartAdds',
      placeCodOrder: 'orders',
      editProduct: 'productEdits',
      restockProduct: 'productEdits',
      adminOrders: null,
    });
    for (const route of API_ROUTES) {
      // 'exempt' only takes a public route out of the default; a signed-in route has none to be exempt from.
      if (route.rateLimit === 'exempt') expect(route.access).toBe('public');
      expect(routeErrorStatuses(route).includes(429)).toBe(routeRateLimit(route) !== null);
    }
    const named = new Set(API_ROUTES.flatMap((route) => route.rateLimit ?? []));
    expect([...named].filter((name) => name !== 'exempt').sort()).toEqual([...RATE_LIMIT_NAMES].sort());
  });
});

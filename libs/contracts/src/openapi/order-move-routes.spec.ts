import { ADMIN_ORDER_ACTIONS } from '@mandi/domain';
import { API_ROUTES } from './api-routes.js';
import { ORDER_MOVE_ROUTES } from './order-move-routes.js';

describe('ORDER_MOVE_ROUTES', () => {
  it("gives each console move its route of the registry, on the spec's path (001 section 7)", () => {
    expect(Object.keys(ORDER_MOVE_ROUTES).sort()).toEqual([...ADMIN_ORDER_ACTIONS].sort());
    const moves = Object.fromEntries(
      Object.entries(ORDER_MOVE_ROUTES).map(([action, route]) => [action, `${route.method} ${route.path}`]),
    );
    expect(moves).toEqual({
      confirm: 'PUT /api/admin/orders/confirm/{id}',
      mark_paid: 'PUT /api/admin/orders/payment/{id}',
      mark_shipped: 'PUT /api/admin/orders/shipped/{id}',
      mark_delivered: 'PUT /api/admin/orders/delivered/{id}',
      cancel: 'PUT /api/admin/orders/cancel/{id}',
    });
    for (const route of Object.values(ORDER_MOVE_ROUTES)) {
      expect(API_ROUTES).toContain(route);
      expect(route.access).toBe('admin');
    }
  });

  it('keeps what each move sends: nothing to confirm, the status to mark paid, optional bodies otherwise', () => {
    expect('body' in ORDER_MOVE_ROUTES.confirm).toBe(false);
    expect(ORDER_MOVE_ROUTES.mark_paid.body.safeParse({ status: 'paid' }).success).toBe(true);
    expect('bodyOptional' in ORDER_MOVE_ROUTES.mark_paid).toBe(false);
    for (const action of ['mark_shipped', 'mark_delivered', 'cancel'] as const) {
      expect(ORDER_MOVE_ROUTES[action].bodyOptional).toBe(true);
    }
    expect(ORDER_MOVE_ROUTES.cancel.body.parse({ reason: 'Out of stock' })).toEqual({ reason: 'Out of stock' });
  });
});

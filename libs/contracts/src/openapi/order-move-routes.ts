import type { AdminOrderAction } from '@mandi/domain';
import type { ApiRoute } from './api-route.js';
import {
  cancelOrderByAdmin,
  confirmOrder,
  markOrderDelivered,
  markOrderPaid,
  markOrderShipped,
} from './routes/admin.routes.js';

/**
 * The route of each console move, by the move's action (ADMIN_ORDER_ACTIONS of libs/domain): the console calls
 * `ORDER_MOVE_ROUTES[action]` for a button, and the API mounts each move's handler on the same entry. Each entry keeps
 * its literal types (path, params, body), which the typed client reads. A new admin move of ORDER_TRANSITIONS fails to
 * compile here until it has a route.
 */
export const ORDER_MOVE_ROUTES = {
  confirm: confirmOrder,
  mark_paid: markOrderPaid,
  mark_shipped: markOrderShipped,
  mark_delivered: markOrderDelivered,
  cancel: cancelOrderByAdmin,
} as const satisfies { readonly [A in AdminOrderAction]: ApiRoute };

/** The route of a console move `A`, e.g. `OrderMoveRoute<'mark_shipped'>`. */
export type OrderMoveRoute<A extends AdminOrderAction> = (typeof ORDER_MOVE_ROUTES)[A];

import type { AdminOrderAction } from '@mandi/domain';
import {
  adminCancelBodySchema,
  adminOrderActionAnswerSchema,
  adminOrderIdParamsSchema,
  adminOrderListSchema,
  adminOrdersQuerySchema,
  adminUserListSchema,
  bulkInvitesBodySchema,
  interestedSellerListSchema,
  markDeliveredBodySchema,
  markPaidBodySchema,
  markShippedBodySchema,
  toggleUserBodySchema,
  toggleUserAnswerSchema,
} from '../../admin/admin.schema.js';
import { adminPipelineAnswerSchema } from '../../admin/pipeline.schema.js';
import { queuesSessionAnswerSchema } from '../../admin/queues-session.schema.js';
import { messageAnswerSchema } from '../../common/fields.js';
import type { ApiRoute, RouteAnswer } from '../api-route.js';

const actionDone = {
  200: { description: 'Done: a message and the order afterwards', schema: adminOrderActionAnswerSchema },
} as const satisfies Record<number, RouteAnswer>;

/** The path segment of each console move, PUT /api/admin/orders/{segment}/{id}, as docs/console.md names it. */
const MOVE_SEGMENTS = {
  confirm: 'confirm',
  mark_paid: 'payment',
  mark_shipped: 'shipped',
  mark_delivered: 'delivered',
  cancel: 'cancel',
} as const satisfies Record<AdminOrderAction, string>;

/**
 * The route of the console move `action` (ORDER_MOVE_ROUTES gathers them by action): 404 for no such order, 409 (the
 * current state in details) when the order process does not allow it now. Its literal types stay, the body's too.
 */
function orderMove<
  const A extends AdminOrderAction,
  const B extends Pick<ApiRoute, 'body' | 'bodyOptional'> = Record<never, never>,
>(action: A, summary: string, body: B = {} as B) {
  return {
    method: 'PUT',
    path: `/api/admin/orders/${MOVE_SEGMENTS[action]}/{id}` as const,
    tag: 'Admin',
    summary,
    access: 'admin',
    params: adminOrderIdParamsSchema,
    ...body,
    answers: actionDone,
    errors: [404, 409],
  } as const satisfies ApiRoute;
}

/* The admin console's calls: orders, users, interested sellers, the event pipeline and the queue dashboard's session. */

export const adminOrders = {
  method: 'GET',
  path: '/api/admin/orders',
  tag: 'Admin',
  summary: 'Orders of a period (1h, 24h, 7d, 1m, 6m, 1y), newest first, with search and paging',
  access: 'admin',
  query: adminOrdersQuerySchema,
  answers: {
    200: {
      description: 'A page of orders',
      schema: adminOrderListSchema,
      headers: { 'X-Total-Count': 'How many match' },
    },
  },
  errors: [],
} satisfies ApiRoute;

export const confirmOrder = /* @__PURE__ */ orderMove('confirm', 'Confirms a pending order inside the 8 hours');

export const markOrderPaid = /* @__PURE__ */ orderMove(
  'mark_paid',
  "Marks a cash-on-delivery order paid ({status: 'paid'}) and issues its invoice",
  { body: markPaidBodySchema },
);

export const markOrderShipped = /* @__PURE__ */ orderMove('mark_shipped', 'Marks a confirmed order shipped', {
  body: markShippedBodySchema,
  bodyOptional: true,
});

export const markOrderDelivered = /* @__PURE__ */ orderMove('mark_delivered', 'Marks a shipped order delivered', {
  body: markDeliveredBodySchema,
  bodyOptional: true,
});

export const cancelOrderByAdmin = /* @__PURE__ */ orderMove(
  'cancel',
  'Cancels an order (refund and credit note follow)',
  { body: adminCancelBodySchema, bodyOptional: true },
);

export const adminUsers = {
  method: 'GET',
  path: '/api/admin/users',
  tag: 'Admin',
  summary: 'Every account',
  access: 'admin',
  answers: { 200: { description: 'The accounts', schema: adminUserListSchema } },
  errors: [],
} satisfies ApiRoute;

export const toggleUser = {
  method: 'PUT',
  path: '/api/admin/toggle-user',
  tag: 'Admin',
  summary: "Suspends or reactivates an account (never the caller's own)",
  access: 'admin',
  body: toggleUserBodySchema,
  answers: { 200: { description: 'The new status', schema: toggleUserAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const interestedSellers = {
  method: 'GET',
  path: '/api/admin/interested-sellers',
  tag: 'Admin',
  summary: 'Who asked to sell',
  access: 'admin',
  answers: { 200: { description: 'The interested sellers', schema: interestedSellerListSchema } },
  errors: [],
} satisfies ApiRoute;

export const sendBulkInvites = {
  method: 'POST',
  path: '/api/admin/send-bulk-invites',
  tag: 'Admin',
  summary: 'Invites the selected sellers by mail',
  access: 'admin',
  body: bulkInvitesBodySchema,
  answers: { 200: { description: 'Queued', schema: messageAnswerSchema } },
  errors: [],
} satisfies ApiRoute;

export const queuesSession = {
  method: 'POST',
  path: '/api/admin/queues-session',
  tag: 'Admin',
  summary: "Sets the queue dashboard's short-lived session cookie and answers where to go",
  access: 'admin',
  answers: {
    200: {
      description: 'The dashboard URL',
      schema: queuesSessionAnswerSchema,
      headers: { 'Set-Cookie': 'The session' },
    },
  },
  errors: [],
} satisfies ApiRoute;

export const adminPipeline = {
  method: 'GET',
  path: '/api/admin/pipeline',
  tag: 'Admin',
  summary: "The event pipeline at a glance: each queue's jobs and dead jobs, the outbox backlog, the workers' state",
  access: 'admin',
  answers: { 200: { description: 'The pipeline now', schema: adminPipelineAnswerSchema } },
  errors: [],
} satisfies ApiRoute;

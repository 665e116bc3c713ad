import {
  adminOndcCallDetailSchema,
  adminOndcCallListSchema,
  adminOndcCallParamsSchema,
  adminOndcCallsQuerySchema,
  adminOndcOrderDetailSchema,
  adminOndcOrderListSchema,
  adminOndcOrderParamsSchema,
  adminOndcOrdersQuerySchema,
  adminOndcSummarySchema,
} from '../../admin/ondc.schema.js';
import type { ApiRoute } from '../api-route.js';

/*
 * The network in the console (issue 33, docs/ondc.md "The console"): orders that came from ONDC buyer apps, every
 * call and callback with its acknowledgement, and what went wrong in the last 24 hours. Admins only; read only.
 */

export const adminOndcOrders = {
  method: 'GET',
  path: '/api/admin/ondc/orders',
  tag: 'Admin',
  summary: 'A page of the orders that came from ONDC buyer apps, newest first, by buyer app and transaction',
  access: 'admin',
  query: adminOndcOrdersQuerySchema,
  answers: { 200: { description: 'A page of network orders', schema: adminOndcOrderListSchema } },
  errors: [],
} satisfies ApiRoute;

export const adminOndcOrder = {
  method: 'GET',
  path: '/api/admin/ondc/orders/{orderId}',
  tag: 'Admin',
  summary: "A network order and its transaction's calls and callbacks, oldest first",
  access: 'admin',
  params: adminOndcOrderParamsSchema,
  answers: { 200: { description: 'The network order and its calls', schema: adminOndcOrderDetailSchema } },
  // 404: no order of that id came from the network.
  errors: [404],
} satisfies ApiRoute;

export const adminOndcCalls = {
  method: 'GET',
  path: '/api/admin/ondc/calls',
  tag: 'Admin',
  summary:
    'A page of ONDC calls and callbacks, newest first, by transaction, action, direction, ACK/NACK, buyer app, late',
  access: 'admin',
  query: adminOndcCallsQuerySchema,
  answers: { 200: { description: 'A page of calls, without their bodies', schema: adminOndcCallListSchema } },
  errors: [],
} satisfies ApiRoute;

export const adminOndcCall = {
  method: 'GET',
  path: '/api/admin/ondc/calls/{callId}',
  tag: 'Admin',
  summary: 'One ONDC call or callback with its body exactly as received or sent',
  access: 'admin',
  params: adminOndcCallParamsSchema,
  answers: { 200: { description: 'The call with its body', schema: adminOndcCallDetailSchema } },
  // 404: no such call.
  errors: [404],
} satisfies ApiRoute;

export const adminOndcCallBody = {
  method: 'GET',
  path: '/api/admin/ondc/calls/{callId}/body',
  tag: 'Admin',
  summary: "One ONDC call's body as a JSON file, however large (a full catalogue's on_search is megabytes)",
  access: 'admin',
  params: adminOndcCallParamsSchema,
  answers: {
    200: {
      description: 'The body as the database keeps it (jsonb: its own key order)',
      contentType: 'application/json',
      headers: { 'Content-Disposition': 'attachment; filename="ondc-call-<id>-<action>.json"' },
    },
  },
  // 404: no such call.
  errors: [404],
} satisfies ApiRoute;

export const adminOndcSummary = {
  method: 'GET',
  path: '/api/admin/ondc/summary',
  tag: 'Admin',
  summary: 'ONDC calls, NACKs, late callbacks and callbacks awaiting an ACK in the last 24 hours',
  access: 'admin',
  answers: { 200: { description: 'The last 24 hours of the network', schema: adminOndcSummarySchema } },
  errors: [],
} satisfies ApiRoute;

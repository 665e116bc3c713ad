import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ORDER_MOVE_ROUTES,
  adminOrders,
  type AdminCancelBody,
  type AdminOrderActionAnswer,
  type AdminOrderIdParams,
  type AdminOrderList,
  type AdminOrdersQuery,
  type MarkDeliveredBody,
  type MarkPaidBody,
  type MarkShippedBody,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminOrdersService } from './admin-orders.service.js';

/**
 * The console's Orders tab under /api/admin/orders (docs/orders.md). Each move is the route of its action in
 * ORDER_MOVE_ROUTES, the lookup the console calls too, and answers 200 with a message and the order afterwards, 404
 * for an unknown order, and 409 with the order's current state in `details` when the order process does not allow it
 * now (including losing a race to another admin or to the deadline). The bodies only repeat what the path says
 * (the status), or give the cancellation's reason.
 */
@Controller()
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  /** ?filter=1h|24h|7d|1m|6m|1y (24h) &search= &page= &perPage=; newest first; X-Total-Count says how many match. */
  @Endpoint(adminOrders)
  async list(
    @Query() query: AdminOrdersQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminOrderList> {
    const { orders, total } = await this.orders.list(query);
    void reply.header('X-Total-Count', String(total));
    return orders;
  }

  @Endpoint(ORDER_MOVE_ROUTES.confirm)
  confirm(@CurrentCaller() admin: Caller, @Param() params: AdminOrderIdParams): Promise<AdminOrderActionAnswer> {
    return this.orders.move(admin, 'confirm', params.id);
  }

  @Endpoint(ORDER_MOVE_ROUTES.mark_paid)
  markPaid(
    @CurrentCaller() admin: Caller,
    @Param() params: AdminOrderIdParams,
    @Body() _body: MarkPaidBody,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.move(admin, 'mark_paid', params.id);
  }

  @Endpoint(ORDER_MOVE_ROUTES.mark_shipped)
  markShipped(
    @CurrentCaller() admin: Caller,
    @Param() params: AdminOrderIdParams,
    @Body() _body: MarkShippedBody,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.move(admin, 'mark_shipped', params.id);
  }

  @Endpoint(ORDER_MOVE_ROUTES.mark_delivered)
  markDelivered(
    @CurrentCaller() admin: Caller,
    @Param() params: AdminOrderIdParams,
    @Body() _body: MarkDeliveredBody,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.move(admin, 'mark_delivered', params.id);
  }

  @Endpoint(ORDER_MOVE_ROUTES.cancel)
  cancel(
    @CurrentCaller() admin: Caller,
    @Param() params: AdminOrderIdParams,
    @Body() body: AdminCancelBody,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.move(admin, 'cancel', params.id, body.reason);
  }
}

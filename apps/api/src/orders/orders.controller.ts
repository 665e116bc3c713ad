import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  orderDetails,
  ordersOfUser,
  requestCancellation,
  type CancelRequestAnswer,
  type CancelRequestBody,
  type OrderDetail,
  type OrderIdParams,
  type OrderList,
  type OrdersOfUserParams,
  type OrdersOfUserQuery,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import type { Caller } from '../auth/caller.js';
import { Endpoint } from '../common/endpoint.decorator.js';
import { OrdersService } from './orders.service.js';

/** The buyer's orders under /api/orders (docs/orders.md); signed-in callers only. */
@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** The order to show or cancel. */
  @Endpoint(orderDetails)
  detail(@Param() params: OrderIdParams, @CurrentCaller() caller: Caller): Promise<OrderDetail> {
    return this.orders.detail(caller, params.orderId);
  }

  /** A cancellation request with a reason: 200 with the new state, 409 with the current one when it is too late. */
  @Endpoint(requestCancellation)
  requestCancel(
    @Param() params: OrderIdParams,
    @Body() body: CancelRequestBody,
    @CurrentCaller() caller: Caller,
  ): Promise<CancelRequestAnswer> {
    return this.orders.requestCancel(caller, params.orderId, body.reason);
  }

  /** The buyer's orders, newest first (the access guard checks the userId is the caller's own, or an admin's call). */
  @Endpoint(ordersOfUser)
  async ofBuyer(
    @Param() params: OrdersOfUserParams,
    @Query() query: OrdersOfUserQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderList> {
    const { orders, total } = await this.orders.ofBuyer(params.userId, query);
    void reply.header('X-Total-Count', String(total));
    return orders;
  }
}

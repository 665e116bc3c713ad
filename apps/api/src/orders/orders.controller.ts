import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  cancelRequestBodySchema,
  orderIdParamsSchema,
  ordersOfUserParamsSchema,
  ordersOfUserQuerySchema,
  type CancelRequestAnswer,
  type CancelRequestBody,
  type OrderDetail,
  type OrderIdParams,
  type OrderList,
  type OrdersOfUserParams,
  type OrdersOfUserQuery,
} from '@mandi/contracts';
import { CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { OrdersService } from './orders.service.js';

/** The buyer's orders under /api/orders (spec 001 section 7); signed-in callers only. */
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** The order to show or cancel; before ':userId' so 'details' is never read as a user id. */
  @Get('details/:orderId')
  detail(
    @Param(new ZodPipe(orderIdParamsSchema)) params: OrderIdParams,
    @CurrentCaller() caller: Caller,
  ): Promise<OrderDetail> {
    return this.orders.detail(caller, params.orderId);
  }

  /** A cancellation request with a reason: 200 with the new state, 409 with the current one when it is too late. */
  @Put('cancel-request/:orderId')
  requestCancel(
    @Param(new ZodPipe(orderIdParamsSchema)) params: OrderIdParams,
    @Body(new ZodPipe(cancelRequestBodySchema)) body: CancelRequestBody,
    @CurrentCaller() caller: Caller,
  ): Promise<CancelRequestAnswer> {
    return this.orders.requestCancel(caller, params.orderId, body.reason);
  }

  /** The buyer's orders, newest first (the access guard checks the userId is the caller's own, or an admin's call). */
  @Get(':userId')
  async ofBuyer(
    @Param(new ZodPipe(ordersOfUserParamsSchema)) params: OrdersOfUserParams,
    @Query(new ZodPipe(ordersOfUserQuerySchema)) query: OrdersOfUserQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderList> {
    const { orders, total } = await this.orders.ofBuyer(params.userId, query);
    void reply.header('X-Total-Count', String(total));
    return orders;
  }
}

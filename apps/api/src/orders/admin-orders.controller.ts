import { Body, Controller, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  adminCancelBodySchema,
  adminOrderIdParamsSchema,
  adminOrdersQuerySchema,
  markDeliveredBodySchema,
  markPaidBodySchema,
  markShippedBodySchema,
  type AdminCancelBody,
  type AdminOrderActionAnswer,
  type AdminOrderIdParams,
  type AdminOrderList,
  type AdminOrdersQuery,
} from '@mandi/contracts';
import { AdminOnly, CurrentCaller } from '../auth/access.decorators.js';
import type { Caller } from '../auth/caller.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AdminOrdersService } from './admin-orders.service.js';

/**
 * The console's Orders tab under /api/admin/orders (spec 001 section 7). Every action answers 200 with a message and
 * the order afterwards, 404 for an unknown order, and 409 with the order's current state in `details` when the order
 * process does not allow it now (including losing a race to another admin or to the deadline).
 */
@Controller('admin/orders')
@AdminOnly()
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersService) {}

  /** ?filter=1h|24h|7d|1m|6m|1y (24h) &search= &page= &perPage=; newest first; X-Total-Count says how many match. */
  @Get()
  async list(
    @Query(new ZodPipe(adminOrdersQuerySchema)) query: AdminOrdersQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminOrderList> {
    const { orders, total } = await this.orders.list(query);
    void reply.header('X-Total-Count', String(total));
    return orders;
  }

  @Put('confirm/:id')
  @HttpCode(200)
  confirm(
    @CurrentCaller() admin: Caller,
    @Param(new ZodPipe(adminOrderIdParamsSchema)) params: AdminOrderIdParams,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.confirm(admin, params.id);
  }

  /** Body {status: 'paid'}. */
  @Put('payment/:id')
  @HttpCode(200)
  markPaid(
    @CurrentCaller() admin: Caller,
    @Param(new ZodPipe(adminOrderIdParamsSchema)) params: AdminOrderIdParams,
    @Body(new ZodPipe(markPaidBodySchema)) _body: unknown,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.markPaid(admin, params.id);
  }

  /** Body {status: 'shipped'} or none. */
  @Put('shipped/:id')
  @HttpCode(200)
  markShipped(
    @CurrentCaller() admin: Caller,
    @Param(new ZodPipe(adminOrderIdParamsSchema)) params: AdminOrderIdParams,
    @Body(new ZodPipe(markShippedBodySchema)) _body: unknown,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.markShipped(admin, params.id);
  }

  /** Body {status: 'delivered'} or none. */
  @Put('delivered/:id')
  @HttpCode(200)
  markDelivered(
    @CurrentCaller() admin: Caller,
    @Param(new ZodPipe(adminOrderIdParamsSchema)) params: AdminOrderIdParams,
    @Body(new ZodPipe(markDeliveredBodySchema)) _body: unknown,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.markDelivered(admin, params.id);
  }

  /** Body none, or {reason} to record when the buyer gave none. */
  @Put('cancel/:id')
  @HttpCode(200)
  cancel(
    @CurrentCaller() admin: Caller,
    @Param(new ZodPipe(adminOrderIdParamsSchema)) params: AdminOrderIdParams,
    @Body(new ZodPipe(adminCancelBodySchema)) body: AdminCancelBody,
  ): Promise<AdminOrderActionAnswer> {
    return this.orders.cancel(admin, params.id, body.reason);
  }
}

import { Controller, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  adminOndcCall,
  adminOndcCallBody,
  adminOndcCalls,
  adminOndcOrder,
  adminOndcOrders,
  adminOndcSummary,
  type AdminOndcCallDetail,
  type AdminOndcCallList,
  type AdminOndcCallsQuery,
  type AdminOndcOrderDetail,
  type AdminOndcOrderList,
  type AdminOndcOrdersQuery,
  type AdminOndcSummary,
} from '@mandi/contracts';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { AdminOndcService } from './admin-ondc.service.js';

/** The network in the console (admins only, read only): network orders, every call and callback, the last 24 hours. */
@Controller()
export class AdminOndcController {
  constructor(private readonly ondc: AdminOndcService) {}

  @Endpoint(adminOndcOrders)
  orders(@Query() query: AdminOndcOrdersQuery): Promise<AdminOndcOrderList> {
    return this.ondc.orders(query);
  }

  @Endpoint(adminOndcOrder)
  order(@Param() params: { orderId: string }): Promise<AdminOndcOrderDetail> {
    return this.ondc.order(params.orderId);
  }

  @Endpoint(adminOndcCalls)
  calls(@Query() query: AdminOndcCallsQuery): Promise<AdminOndcCallList> {
    return this.ondc.calls(query);
  }

  @Endpoint(adminOndcCall)
  call(@Param() params: { callId: string }): Promise<AdminOndcCallDetail> {
    return this.ondc.call(params.callId);
  }

  /** The whole body as an attachment, to read in an editor or feed to ONDC's log validator. */
  @Endpoint(adminOndcCallBody)
  async callBody(@Param() params: { callId: string }, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.ondc.callBody(params.callId);
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  }

  @Endpoint(adminOndcSummary)
  summary(): Promise<AdminOndcSummary> {
    return this.ondc.summary();
  }
}

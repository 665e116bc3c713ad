import { Controller, Get, Param } from '@nestjs/common';
import { adminOrderDetailParamsSchema, type AdminOrderDetail, type AdminOrderDetailParams } from '@mandi/contracts';
import { AdminOnly } from '../auth/access.decorators.js';
import { ZodPipe } from '../common/zod-body.pipe.js';
import { AdminOrderDetailService } from './admin-order-detail.service.js';

/** The console's order page: GET /api/admin/orders/{id} (docs/console.md, "The order page"). */
@Controller('admin/orders')
@AdminOnly()
export class AdminOrderDetailController {
  constructor(private readonly orders: AdminOrderDetailService) {}

  /** The order with its lines, amounts, address, buyer, payments, refunds, documents and timeline; 404 when unknown. */
  @Get(':id')
  detail(@Param(new ZodPipe(adminOrderDetailParamsSchema)) params: AdminOrderDetailParams): Promise<AdminOrderDetail> {
    return this.orders.detail(params.id);
  }
}

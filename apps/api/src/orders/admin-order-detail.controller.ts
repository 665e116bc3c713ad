import { Controller, Param } from '@nestjs/common';
import { adminOrderDetail, type AdminOrderDetail, type AdminOrderDetailParams } from '@mandi/contracts';
import { Endpoint } from '../common/endpoint.decorator.js';
import { AdminOrderDetailService } from './admin-order-detail.service.js';

/** The console's order page: GET /api/admin/orders/{id} (docs/console.md, "The order page"). */
@Controller()
export class AdminOrderDetailController {
  constructor(private readonly orders: AdminOrderDetailService) {}

  /** The order with its lines, amounts, address, buyer, payments, refunds, documents and timeline; 404 when unknown. */
  @Endpoint(adminOrderDetail)
  detail(@Param() params: AdminOrderDetailParams): Promise<AdminOrderDetail> {
    return this.orders.detail(params.id);
  }
}
